// Play clocks on both game pages (docs/clocks.md): the new-game dialog's clock fields and their
// checks, the two clocks by the board, a loss on time with its reason in Jungle and in shogi,
// a reload that keeps the times and waits for the player, the AI moving within its clock; and
// shogi's move limit ending a game as its rules say.
import { test, expect, openGame, square, clickMove, boardState } from './fixtures.mjs';

const PAGES = [
  { game: 'jungle', path: '/?lang=en', first: 'a3a4', second: 'g7g6' },
  { game: 'shogi', path: '/shogi.html?lang=en', first: '7g7f', second: '3c3d' },
];

/** Opens the new-game dialog and fills its clock fields (`kind`: off, byoyomi, fischer). */
async function chooseClock(page, { mode = 'hotseat', side = 'black', level = 1, kind, minutes, seconds }) {
  await page.locator('#new-game').click();
  const form = page.locator('#new-game-form');
  await form.locator(`input[name=mode][value=${mode}]`).check();
  if (mode === 'vsAi') await form.locator(`input[name=side][value=${side}]`).check();
  if (mode !== 'hotseat') await form.locator(`input[name=level][value="${level}"]`).check();
  await page.locator('#clock-kind').selectOption(kind);
  if (minutes !== undefined) await page.locator('#clock-minutes').fill(String(minutes));
  if (seconds !== undefined) await page.locator('#clock-seconds').fill(String(seconds));
}

/** Starts the game the dialog holds. */
async function start(page) {
  await page.locator('#new-game-start').click();
  await expect(page.locator('#new-game-dialog')).toBeHidden();
}

const clock = (page, side) => page.locator(`#clock-${side}`);

for (const { game, path, first, second } of PAGES) {
  test(`${game}: a game with a clock is lost on time, and the banner and the record say why`, async ({ page }) => {
    await page.clock.install();
    await openGame(page, path);
    await chooseClock(page, { kind: 'byoyomi', minutes: 0, seconds: 10 });
    await start(page);
    // Two clocks by the board, as timers named in the page's language; the mover's runs.
    await expect(clock(page, 'black')).toBeVisible();
    await expect(clock(page, 'black')).toHaveAttribute('role', 'timer');
    await expect(clock(page, 'black')).toHaveAttribute('aria-label', /^Clock of (Black|Sente)$/);
    await expect(clock(page, 'black')).toHaveClass(/running/);
    await expect(clock(page, 'white')).not.toHaveClass(/running/);
    await expect(clock(page, 'white')).toHaveAttribute('data-period', 'byoyomi');
    await expect(clock(page, 'white')).toContainText('0:10');
    await clickMove(page, first);
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
    await expect(clock(page, 'white')).toHaveClass(/running/);
    // Below ten seconds the clock shows tenths and turns to its low-time colour.
    await page.clock.runFor(3000);
    await expect(clock(page, 'white')).toHaveClass(/low/);
    await expect(clock(page, 'white')).toContainText(/\b[67]\.\d$/);
    await page.clock.runFor(8000);
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'black-wins');
    await expect(page.locator('#banner')).toBeVisible();
    await expect(page.locator('#banner-reason')).toHaveText(/^(White|Gote) ran out of time\.$/);
    await expect(clock(page, 'white')).toContainText('0.0');
    await expect(clock(page, 'white')).not.toHaveClass(/running/);
    await expect(page.locator('#clock-toggle')).toBeHidden();
    // The record keeps the ending.
    await page.locator('#banner-close').click();
    await page.locator('#share').click();
    await page.locator('#io-show').click();
    const record = await page.locator('#io-text').inputValue();
    expect(record).toMatch(game === 'jungle' ? /\[Termination "time"\]/ : /切れ負け/);
    await page.locator('#io-close').click();
    // A move after the flag is refused: the game is over.
    expect((await boardState(page)).legal).toBe('');
  });

  test(`${game}: a reload keeps the times and the clock waits for the player`, async ({ page }) => {
    await page.clock.install();
    await openGame(page, path);
    await chooseClock(page, { kind: 'fischer', minutes: 5, seconds: 3 });
    await start(page);
    await page.clock.runFor(2000);
    await clickMove(page, first);
    // Black: 5:00 - 2 s + 3 s.
    await expect(clock(page, 'black')).toHaveText('5:01');
    await page.clock.runFor(4000);
    await expect(clock(page, 'white')).toHaveText('4:56');
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(clock(page, 'white')).toHaveText('4:56');
    await expect(clock(page, 'black')).toHaveText('5:01');
    // Paused: time away from the page does not count until the player starts the clock.
    const toggle = page.locator('#clock-toggle');
    await expect(toggle).toHaveText('Start clock');
    await page.clock.runFor(20_000);
    await expect(clock(page, 'white')).toHaveText('4:56');
    await expect(clock(page, 'white')).not.toHaveClass(/running/);
    await toggle.click();
    await expect(toggle).toHaveText('Pause clock');
    await page.clock.runFor(5000);
    await expect(clock(page, 'white')).toHaveText('4:51');
    await clickMove(page, second);
    await expect(clock(page, 'black')).toHaveClass(/running/);
  });
}

test('the dialog refuses a bad clock with a message in the page\'s language and keeps the game', async ({ page }) => {
  await openGame(page, '/?lang=en');
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-thinking', 'false');
  const before = await boardState(page);
  await chooseClock(page, { kind: 'byoyomi', minutes: 'ten', seconds: 30 });
  await page.locator('#new-game-start').click();
  const error = page.locator('#clock-error');
  await expect(error).toHaveText('The main time must be a whole number of minutes from 0 to 180.');
  await expect(page.locator('#new-game-dialog')).toBeVisible();
  await expect(page.locator('#clock-minutes')).toHaveAttribute('aria-invalid', 'true');
  await page.locator('#clock-kind').selectOption('fischer');
  await page.locator('#clock-minutes').fill('0');
  await page.locator('#clock-seconds').fill('5');
  await page.locator('#new-game-start').click();
  await expect(error).toHaveText('An increment needs some main time: give at least 1 minute.');
  await page.locator('#new-game-cancel').click();
  // The game in progress is untouched.
  expect((await boardState(page)).fen).toBe(before.fen);

  // In Japanese, on the shogi page, the message is Japanese.
  await openGame(page, '/shogi.html?lang=ja');
  await chooseClock(page, { kind: 'byoyomi', minutes: 5, seconds: 99 });
  await page.locator('#new-game-start').click();
  await expect(page.locator('#clock-error')).toHaveText('1手の秒数は0から60までの整数で入力してください。');
});

test('the dialog proposes each game\'s own presets', async ({ page }) => {
  await openGame(page, '/?lang=en');
  await chooseClock(page, { kind: 'fischer' });
  await expect(page.locator('#clock-minutes')).toHaveValue('5');
  await expect(page.locator('#clock-seconds')).toHaveValue('3');
  await expect(page.locator('#clock-seconds-label')).toHaveText('Increment (seconds per move)');
  await openGame(page, '/shogi.html?lang=en');
  await chooseClock(page, { kind: 'byoyomi' });
  await expect(page.locator('#clock-minutes')).toHaveValue('10');
  await expect(page.locator('#clock-seconds')).toHaveValue('30');
  await expect(page.locator('#clock-seconds-label')).toHaveText('Byoyomi (seconds per move)');
});

test('shogi: the AI at level 5 moves within a 2-second byoyomi', async ({ page }) => {
  test.setTimeout(90_000);
  await openGame(page, '/shogi.html?lang=en');
  await chooseClock(page, { mode: 'vsAi', side: 'white', level: 5, kind: 'byoyomi', minutes: 0, seconds: 2 });
  await start(page);
  // The AI (Sente) moves first; the player answers at once with a legal move, three times.
  for (let plies = 1; plies <= 5; plies += 2) {
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', String(plies), { timeout: 15_000 });
    const state = await boardState(page);
    expect(state.status).toBe('playing');
    const move = state.legal.split(' ').find((m) => m[1] !== '*' && !m.endsWith('+'));
    await square(page, move.slice(0, 2)).click();
    await square(page, move.slice(2, 4)).click();
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', String(plies + 1));
  }
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '7', { timeout: 15_000 });
  expect((await boardState(page)).status).toBe('playing');
});

test('shogi: a game reaching the move limit is a draw, as the rules say, with its banner', async ({ page }) => {
  await openGame(page, '/shogi.html?lang=en');
  await page.locator('#new-game').click();
  await page.locator('input[name=mode][value=hotseat]').check();
  await page.locator('#rule-maxmoves').selectOption('256');
  await start(page);
  // A position at move 256: the 255 moves before it count toward the limit.
  await page.locator('#share').click();
  await page.locator('#io-text').fill('lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 256');
  await page.locator('#io-load').click();
  await expect(page.locator('#io-dialog')).toBeHidden();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'playing');
  await clickMove(page, '7g7f');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'draw');
  await expect(page.locator('#banner')).toBeVisible();
  await expect(page.locator('#banner-title')).toHaveText('Draw');
  await expect(page.locator('#banner-reason')).toHaveText('The move limit of 256 moves was reached.');
  expect((await boardState(page)).legal).toBe('');
});

test('screenshots of the clocks on a phone and a desktop, both games', async ({ page }) => {
  await page.clock.install();
  for (const { game, path, first } of PAGES) {
    for (const [width, height] of [[390, 844], [1280, 800]]) {
      await page.setViewportSize({ width, height });
      await openGame(page, path);
      await chooseClock(page, { kind: 'byoyomi', minutes: 10, seconds: 30 });
      await start(page);
      await page.clock.runFor(1500);
      await clickMove(page, first);
      await page.clock.runFor(3000);
      await expect(clock(page, 'white')).toHaveClass(/running/);
      await page.screenshot({ path: `e2e/screenshots/clock-${game}-${width}x${height}.png` });
    }
  }
  // The dialog with a clock chosen and a refused value, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await openGame(page, '/shogi.html?lang=en');
  await chooseClock(page, { kind: 'byoyomi', minutes: 10, seconds: 90 });
  await page.locator('#new-game-start').click();
  await expect(page.locator('#clock-error')).toBeVisible();
  await page.locator('#clock-error').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/screenshots/clock-dialog-390x844.png' });
});
