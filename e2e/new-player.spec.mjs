// What a new player ran into on the Jungle site (issue 16), each as it must be now: a load that
// holds nothing is refused and any load can be undone; a reviewed position is what the canvas
// shows; a flip moves the player strips; two tabs never lose a game in silence; a bad saved field
// falls back on its own; a solved puzzle takes down its "try again"; every click that does
// nothing says why; the theme button tells its state; the end-of-game dimming covers the board
// only; the player's own move is heard before the AI's reply.
import {
  test, expect, openGame, newGame, square, clickMove, boardState, boardLayout,
  drawnTokens, gridTokens, recordAnnouncements, announcements,
} from './fixtures.mjs';
import { readFileSync } from 'node:fs';

const read = (path) => JSON.parse(readFileSync(new URL(`../www/locales/${path}.json`, import.meta.url), 'utf8'));
const english = { ...read('en'), ...read('jungle/en'), ...read('embed/en') };

/** Opens Import / export, puts `text` in the box and presses Load. */
async function load(page, text) {
  await page.locator('#share').click();
  await page.locator('#io-text').fill(text);
  await page.locator('#io-load').click();
}

test.describe('import', () => {
  test('an empty text, a JSON object or a blank record is refused and the game stays', async ({ page }) => {
    await openGame(page);
    await newGame(page, { mode: 'hotseat' });
    for (const move of ['a3a4', 'g7g6', 'a4a5']) await clickMove(page, move);
    const wrap = page.locator('#board-wrap');
    await expect(wrap).toHaveAttribute('data-plies', '3');
    const before = await boardState(page);
    for (const text of ['', '{"fen":1}', '{}', '[Event "Jungle"]\n[Black "You"]\n\n*']) {
      await load(page, text);
      await expect(page.locator('#io-message'), JSON.stringify(text)).toHaveText(english['io.nothing']);
      await expect(page.locator('#io-message')).toHaveClass(/error/);
      await expect(page.locator('#io-dialog')).toBeVisible();
      await page.locator('#io-close').click();
      expect(await boardState(page)).toEqual(before);
      await expect(page.locator('#undo')).toBeEnabled();
    }
    // A reload finds the same game: nothing was saved over it.
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(wrap).toHaveAttribute('data-plies', '3');
  });

  test('a load that replaces a game in progress is undone by Undo, and redone by Redo', async ({ page }) => {
    await openGame(page);
    await newGame(page, { mode: 'hotseat' });
    for (const move of ['a3a4', 'g7g6', 'a4a5']) await clickMove(page, move);
    const played = await boardState(page);
    const fen = 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1';
    await load(page, fen);
    const wrap = page.locator('#board-wrap');
    await expect(wrap).toHaveAttribute('data-fen', fen);
    // Said over the board and to screen readers, with the way back.
    await expect(page.locator('#toast')).toHaveText(english['io.loaded']);
    await expect(page.locator('#undo')).toBeEnabled();
    await page.locator('#undo').click();
    await expect(wrap).toHaveAttribute('data-fen', played.fen);
    await expect(wrap).toHaveAttribute('data-plies', '3');
    await expect(page.locator('#toast')).toHaveText(english['io.loadUndone']);
    await page.locator('#redo').click();
    await expect(wrap).toHaveAttribute('data-fen', fen);
    await page.keyboard.press('Control+z');
    await expect(wrap).toHaveAttribute('data-plies', '3');
    // The game brought back is the one saved.
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(wrap).toHaveAttribute('data-fen', played.fen);
  });
});

test('reviewing a paused AI-vs-AI game shows the reviewed position on the canvas', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'demo', level: 1 });
  await page.locator('#demo-speed').selectOption('fast');
  await expect.poll(async () => Number((await boardState(page)).plies), { timeout: 20_000 }).toBeGreaterThan(5);
  await page.locator('#pause').click();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-thinking', 'false');
  const live = await gridTokens(page);
  await expect.poll(() => drawnTokens(page)).toEqual(live);

  await page.locator('#moves .move[data-ply="1"]').click();
  await expect(page.locator('#status-text')).toContainText('Viewing move 1 of');
  const first = await gridTokens(page);
  expect(first).not.toEqual(live);
  await expect.poll(() => drawnTokens(page)).toEqual(first);
  // The arrow keys step through the moves, the canvas with them.
  await page.locator('#status').click();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-viewing', '2');
  const second = await gridTokens(page);
  await expect.poll(() => drawnTokens(page)).toEqual(second);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-viewing', '0');
  await expect.poll(() => drawnTokens(page)).toEqual(await gridTokens(page));
});

test('flipping the board swaps the player strips with the sides', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'vsAi', side: 'black', level: 1 });
  const top = async (id) => (await page.locator(id).boundingBox()).y;
  const board = await top('#board-wrap');
  expect(await top('#player-white')).toBeLessThan(board);
  expect(await top('#player-black')).toBeGreaterThan(board);
  await page.locator('#flip').click();
  await expect(page.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'true');
  // White's animals are now at the bottom, and so is White's strip.
  await expect.poll(() => top('#player-white')).toBeGreaterThan(board);
  expect(await top('#player-black')).toBeLessThan(board);
  await expect(page.locator('#player-white')).toContainText('White · AI');
  expect((await drawnTokens(page)).a9).toBe('light');
  const a9 = await square(page, 'a9').boundingBox();
  expect(a9.y).toBeGreaterThan((await page.locator('#board-wrap').boundingBox()).y + 200);
});

test.describe('two tabs', () => {
  test('a tab follows its game played on in another tab', async ({ context }) => {
    const first = await context.newPage();
    await openGame(first);
    await newGame(first, { mode: 'hotseat' });
    await clickMove(first, 'a3a4');
    const second = await context.newPage();
    await openGame(second);
    await expect(second.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
    await clickMove(second, 'g7g6');
    // The first tab showed a prefix of this game: it now shows the game as it goes on.
    await expect(first.locator('#board-wrap')).toHaveAttribute('data-plies', '2');
    await expect(first.locator('#toast')).toHaveText(english['notice.followedOtherTab']);
  });

  test('a different game saved by another tab is offered, and this tab\'s game is kept', async ({ context }) => {
    const first = await context.newPage();
    await openGame(first);
    await newGame(first, { mode: 'hotseat' });
    await clickMove(first, 'a3a4');
    await clickMove(first, 'g7g6');
    const second = await context.newPage();
    await openGame(second);
    // A new game in the second tab replaces the save: the first tab is told and keeps its game.
    await newGame(second, { mode: 'hotseat' });
    await clickMove(second, 'c3d3');
    const notice = first.locator('#notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Another tab saved a different game');
    await expect(first.locator('#board-wrap')).toHaveAttribute('data-plies', '2');
    const stored = (key) => first.evaluate((key) => JSON.parse(localStorage.getItem(key)), key);
    expect((await stored('jungle.game.aside')).record).toContain('1. a3a4 g7g6');
    expect((await stored('jungle.game')).record).toContain('1. c3d3');
    // Playing on here keeps this game aside, not over the other tab's.
    await clickMove(first, 'a4a5');
    await expect.poll(async () => (await stored('jungle.game.aside')).record).toContain('a4a5');
    expect((await stored('jungle.game')).record).not.toContain('a4a5');
    // The player switches to the other tab's game; undo brings this tab's back.
    await first.locator('#notice-primary').click();
    await expect(first.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
    await expect(first.locator('#moves .move[data-ply="1"]')).toHaveText('Wc3-d3');
    await first.locator('#undo').click();
    await expect(first.locator('#board-wrap')).toHaveAttribute('data-plies', '3');
  });

  test('a game kept aside is offered on the next visit, to open or to discard', async ({ page }) => {
    await openGame(page);
    await newGame(page, { mode: 'hotseat' });
    await clickMove(page, 'a3a4');
    const aside = await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('jungle.game'));
      saved.record = saved.record.replace('1. a3a4', '1. g3g4');
      localStorage.setItem('jungle.game.aside', JSON.stringify(saved));
      return saved.record;
    });
    expect(aside).toContain('g3g4');
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('#notice')).toContainText(english['notice.aside']);
    await expect(page.locator('#notice-primary')).toHaveText(english['notice.openAside']);
    await page.locator('#notice-primary').click();
    await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('Rg3-g4');
    // The game it replaced went aside in its place.
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('jungle.game.aside')).record);
    expect(kept).toContain('1. a3a4');
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await page.locator('#notice-secondary').click();
    await expect(page.locator('#notice')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('jungle.game.aside'))).toBeNull();
    await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('Rg3-g4');
  });
});

test('a saved AI level out of range falls back to its default with a notice; the game is kept', async ({ page }) => {
  await openGame(page);
  for (const level of [99, 0, -3]) {
    await page.evaluate((level) => localStorage.setItem('jungle.game', JSON.stringify({
      version: 1,
      record: '[Variant "standard"]\n\n1. a3a4 g7g6 *',
      mode: { kind: 'vsAi', human: 'black', level },
      flipped: false,
      seed: 7,
    })), level);
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('#board-wrap'), `level ${level}`).toHaveAttribute('data-plies', '2');
    await expect(page.locator('#player-white')).toHaveText('White · AI · level 2');
    await expect(page.locator('#notice')).toContainText('could not be used');
    await expect(page.locator('#notice')).toContainText(english['dialog.level']);
  }
});

test('a solved puzzle takes down its "try again" at once', async ({ page }) => {
  await page.goto('/embed.html?mode=puzzle&solution=a3a4&lang=en');
  const board = page.locator('#board-wrap[data-ready]');
  const move = async (m) => {
    await page.locator(`#squares [data-square="${m.slice(0, 2)}"]`).click();
    await page.locator(`#squares [data-square="${m.slice(2, 4)}"]`).click();
  };
  await move('g3g4');
  await expect(page.locator('#toast')).toHaveText(english['embed.puzzleWrong']);
  await expect(page.locator('#toast')).toHaveClass(/shown/);
  await move('a3a4');
  await expect(board).toHaveAttribute('data-puzzle', 'solved');
  await expect(page.locator('#status-text')).toHaveText(english['embed.puzzleSolved']);
  // Taken down with the move itself, not when its time runs out a few seconds later.
  expect(await page.locator('#toast').getAttribute('class')).not.toMatch(/shown/);
});

test.describe('every click that does nothing says why', () => {
  test('after an illegal try, on an enemy animal, on an empty square or the own den', async ({ page }) => {
    await openGame(page);
    await newGame(page, { mode: 'hotseat' });
    const toast = page.locator('#toast');
    await square(page, 'c3').click();
    await square(page, 'c4').click();
    await expect(toast).toContainText('only the rat may enter the water');
    // The wolf stays selected after the refusal: a second click puts it down, and says so.
    await expect(square(page, 'c3')).toHaveAttribute('aria-selected', 'true');
    await recordAnnouncements(page);
    await square(page, 'c3').click();
    await expect(square(page, 'c3')).toHaveAttribute('aria-selected', 'false');
    await expect.poll(async () => (await announcements(page)).map((a) => a.text))
      .toContain(english['announce.deselected']);
    // Now a click on the water does nothing, and says why.
    await square(page, 'c4').click();
    await expect(toast).toHaveText("Pick one of Black's animals first, then where it goes.");
    await square(page, 'e7').click();
    await expect(toast).toHaveText("That is the White wolf: pick one of Black's animals.");
    await square(page, 'd1').click();
    await expect(toast).toHaveText("Pick one of Black's animals first, then where it goes.");
    await expect.poll(async () => (await announcements(page)).map((a) => a.text))
      .toContain("That is the White wolf: pick one of Black's animals.");
    expect((await boardState(page)).plies).toBe('0');
  });

  test('while the AI thinks, and when the game is over', async ({ page }) => {
    await openGame(page);
    await newGame(page, { mode: 'vsAi', side: 'black', level: 5 });
    await clickMove(page, 'a3a4');
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-thinking', 'true');
    // (The player's own animals may be picked up for a premove; an empty square says why not.)
    await square(page, 'd5').click();
    await expect(page.locator('#toast')).toHaveText(english['refuse.aiThinking']);
    // A game that is over: Black's lion stands in White's den.
    await load(page, '6e/3L3/7/7/7/7/7/7/7 b 0 1');
    await clickMove(page, 'd8d9');
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'black-wins');
    await page.locator('#banner-close').click();
    await square(page, 'd9').click();
    await expect(page.locator('#toast')).toContainText('The game is over');
  });
});

test('the theme button is a toggle that shows its state', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openGame(page);
  const theme = page.locator('#theme');
  await expect(theme).toHaveAttribute('aria-label', english['button.themeDark']);
  await expect(theme).toHaveAttribute('aria-pressed', 'false');
  await expect(theme).toHaveAttribute('title', english['button.themeDark']);
  await theme.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(theme).toHaveAttribute('aria-pressed', 'true');
  await expect(theme).toHaveAttribute('aria-label', english['button.themeDark']);
  await theme.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(theme).toHaveAttribute('aria-pressed', 'false');
});

test('the end-of-game dimming covers the board, not the coordinates around it', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await load(page, '6e/3L3/7/7/7/7/7/7/7 b 0 1');
  await clickMove(page, 'd8d9');
  const banner = page.locator('#banner');
  await expect(banner).toBeVisible();
  const box = await banner.boundingBox();
  const canvas = await page.locator('canvas#board').boundingBox();
  const layout = await boardLayout(page);
  expect(Math.abs(box.x - (canvas.x + layout.left))).toBeLessThan(1);
  expect(Math.abs(box.y - (canvas.y + layout.top))).toBeLessThan(1);
  expect(Math.abs(box.width - 7 * layout.cell)).toBeLessThan(1);
  expect(Math.abs(box.height - 9 * layout.cell)).toBeLessThan(1);
});

test('the player\'s own move is heard before the AI\'s reply replaces it', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'vsAi', side: 'black', level: 1 });
  await recordAnnouncements(page);
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '2', { timeout: 15_000 });
  await expect.poll(async () => (await announcements(page)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  const heard = await announcements(page);
  const mine = heard.findIndex((a) => a.text === 'Black elephant from a3 to a4');
  const reply = heard.findIndex((a) => a.text.startsWith('White '));
  expect(mine, JSON.stringify(heard)).toBeGreaterThanOrEqual(0);
  expect(reply).toBeGreaterThan(mine);
  // Long enough for a screen reader to take it in (the AI at level 1 answers in a few ms).
  expect(heard[mine + 1].at - heard[mine].at).toBeGreaterThanOrEqual(750);
});
