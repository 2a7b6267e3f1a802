// Shogi in the puzzle trainer (puzzles.html?game=shogi, issue 15): the same page and code as
// Jungle's (e2e/puzzles.spec.mjs) on shogi's analysis module and its tsume set
// (puzzles/shogi.json, every solution proven unique). A tsume solved by clicks (drops by the hand)
// raises the rating kept under shogi's own key, leaving Jungle's alone; a wrong move is answered by
// the engine's refutation on the board; the page names shogi in its title and links; the shogi
// page and Learn link to it.
import { readFileSync } from 'node:fs';
import { test, expect, square } from './fixtures.mjs';

const wrap = (page) => page.locator('#board-wrap');
const number = async (page, name) => Number(await wrap(page).getAttribute(`data-${name}`));

async function openTrainer(page, query = '') {
  await page.goto(`/puzzles.html?game=shogi&lang=en${query ? `&${query}` : ''}`);
  await expect(wrap(page)).toHaveAttribute('data-state', 'solving', { timeout: 20_000 });
}

/** The puzzle shown, as the data file has it (read by the test itself, not through the page). */
async function shownPuzzle(page) {
  const id = await wrap(page).getAttribute('data-puzzle');
  const set = await (await page.request.get('/puzzles/shogi.json')).json();
  expect(set.game).toBe('shogi');
  const puzzle = set.puzzles.find((p) => p.id === id);
  expect(puzzle, `puzzle ${id} is in the file`).toBeTruthy();
  return puzzle;
}

/** Plays a USI move of sente by clicks: a drop by its hand piece and square, a board move by
 * its two squares (and the promotion choice, when offered). */
async function clickUsi(page, move) {
  if (move[1] === '*') {
    await page.locator(`[data-hand="b:${move[0]}"]`).click();
    await square(page, move.slice(2, 4)).click();
    return;
  }
  await square(page, move.slice(0, 2)).click();
  await square(page, move.slice(2, 4)).click();
  const choice = page.locator('#choice');
  if (await choice.isVisible()) {
    await choice.locator(`[data-choice="${move.endsWith('+') ? 0 : 1}"]`).click();
  }
}

test('a tsume solved by clicks raises shogi\'s rating and leaves Jungle\'s alone', async ({ page }) => {
  await openTrainer(page);
  await expect(page).toHaveTitle('Shogi puzzles');
  await expect(page.locator('#puzzles-title')).toHaveText('Shogi puzzles');
  await expect(page.locator('body')).toHaveAttribute('data-game', 'shogi');
  await expect(page.locator('.site-nav [data-page=play]')).toHaveAttribute('href', 'shogi.html');
  await expect(page.locator('.site-nav [data-page=learn]')).toHaveAttribute('href', 'learn.html?game=shogi');
  expect(await number(page, 'rating')).toBe(1500);
  const puzzle = await shownPuzzle(page);
  // A tsume says its length up front, and the hint what it costs.
  await expect(page.locator('#puzzle-status')).toHaveText(`Sente to play: mate in ${puzzle.line.length}.`);
  await expect(page.locator('.puzzle-cost')).toHaveText('A hint or the solution counts as a miss.');
  for (let i = 0; i < puzzle.line.length; i += 2) {
    await expect(wrap(page)).toHaveAttribute('data-found', String(i));
    await expect(wrap(page)).toHaveAttribute('data-state', 'solving');
    await clickUsi(page, puzzle.line[i]);
  }
  await expect(wrap(page)).toHaveAttribute('data-state', 'solved');
  const rating = await number(page, 'rating');
  expect(rating).toBeGreaterThan(1500);
  expect(await number(page, 'streak')).toBe(1);
  await expect(page.locator('#puzzle-about')).toContainText(`Puzzle rated ${puzzle.rating}`);
  const stored = await page.evaluate(() => [localStorage.getItem('shogi.puzzles'), localStorage.getItem('jungle.puzzles')]);
  expect(JSON.parse(stored[0]).version).toBe(1);
  expect(stored[1]).toBeNull();
  // The theme menu offers shogi's themes; one chosen keeps the game in the address.
  await page.locator('#puzzle-theme').selectOption('mate-3');
  await expect(wrap(page)).toHaveAttribute('data-state', 'solving');
  expect(new URL(page.url()).searchParams.get('game')).toBe('shogi');
  expect((await shownPuzzle(page)).themes).toContain('mate-3');
  await page.screenshot({ path: 'e2e/screenshots/shogi-puzzles.png' });
});

test('a wrong move in a tsume shows the refutation on the board and lowers the rating', async ({ page }) => {
  await openTrainer(page, 'theme=mate-1');
  const puzzle = await shownPuzzle(page);
  const legal = (await wrap(page).getAttribute('data-legal')).split(' ');
  // A drop other than the solution: no promotion choice, and the game goes on.
  const wrong = legal.find((m) => m[1] === '*' && m !== puzzle.line[0]);
  expect(wrong, `a drop other than ${puzzle.line[0]} among ${legal}`).toBeTruthy();
  await clickUsi(page, wrong);
  await expect(wrap(page)).toHaveAttribute('data-state', 'wrong');
  await expect(wrap(page)).toHaveAttribute('data-refutation', /^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i])$/, { timeout: 20_000 });
  const refutation = await wrap(page).getAttribute('data-refutation');
  // Gote's answer stands on the board.
  await expect(page.locator(`#squares [data-square="${refutation.slice(2, 4)}"]`)).toHaveAttribute('data-piece', /.+/);
  await expect(page.locator('#puzzle-status')).toContainText('is not the solution');
  expect(await number(page, 'rating')).toBeLessThan(1500);
  await page.screenshot({ path: 'e2e/screenshots/shogi-puzzles-refuted.png' });
});

test('the shogi page and its Learn page link to shogi\'s trainer', async ({ page }) => {
  await page.goto('/shogi.html?lang=en');
  await expect(page.locator('#puzzles-link')).toHaveAttribute('href', 'puzzles.html?game=shogi');
  await page.goto('/learn.html?game=shogi&lang=ja');
  const trainer = page.locator('.site-nav [data-page=puzzles]');
  await expect(trainer).toHaveAttribute('href', 'puzzles.html?game=shogi');
  await expect(trainer).toHaveText(JSON.parse(readFileSync(new URL('../www/locales/ja.json', import.meta.url), 'utf8'))['nav.puzzles']);
});
