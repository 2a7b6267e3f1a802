// The puzzle trainer (puzzles.html, issue 15): a puzzle from puzzles/jungle.json on the board,
// solved by clicks (the replies of its line played for the player) raises the Glicko-2 rating
// and the streak; a wrong move is answered by the engine's refutation on the board, lowers the
// rating and ends the streak; the theme chosen gives only puzzles of that theme; the rating is
// kept across a reload, and a bad stored one is reset with a notice. Offline: e2e/offline.spec.mjs
// opens the page with the network off.
import { test, expect, clickMove } from './fixtures.mjs';

const wrap = (page) => page.locator('#board-wrap');

/** Opens the trainer and waits for its first puzzle. */
async function openTrainer(page, query = '') {
  await page.goto(`/puzzles.html?lang=en${query ? `&${query}` : ''}`);
  await expect(wrap(page)).toHaveAttribute('data-state', 'solving', { timeout: 20_000 });
}

/** The puzzle shown, as the data file has it (read by the test itself, not through the page). */
async function shownPuzzle(page) {
  const id = await wrap(page).getAttribute('data-puzzle');
  const set = await (await page.request.get('/puzzles/jungle.json')).json();
  const puzzle = set.puzzles.find((p) => p.id === id);
  expect(puzzle, `puzzle ${id} is in the file`).toBeTruthy();
  return puzzle;
}

const number = async (page, name) => Number(await wrap(page).getAttribute(`data-${name}`));

/** Plays the puzzle's whole line by clicks, waiting for each reply. */
async function solve(page, puzzle) {
  for (let i = 0; i < puzzle.line.length; i += 2) {
    await expect(wrap(page)).toHaveAttribute('data-found', String(i));
    await expect(wrap(page)).toHaveAttribute('data-state', 'solving');
    await clickMove(page, puzzle.line[i]);
  }
  await expect(wrap(page)).toHaveAttribute('data-state', 'solved');
}

test('a puzzle solved by clicks raises the rating and the streak, and a reload keeps them', async ({ page }) => {
  await openTrainer(page);
  expect(await number(page, 'rating')).toBe(1500);
  expect(await number(page, 'streak')).toBe(0);
  await expect(page.locator('#puzzle-rating')).toHaveText('1500?');
  const puzzle = await shownPuzzle(page);
  await solve(page, puzzle);
  const rating = await number(page, 'rating');
  expect(rating).toBeGreaterThan(1500);
  expect(await number(page, 'streak')).toBe(1);
  await expect(page.locator('#puzzle-status')).toHaveText('Solved!');
  await expect(page.locator('#puzzle-change')).toHaveText(`+${rating - 1500}`);
  await expect(page.locator('#puzzle-change')).toHaveAttribute('data-sign', 'up');
  await expect(page.locator('#puzzle-streak')).toHaveText('1');
  await expect(page.locator('#puzzle-about')).toContainText(`Puzzle rated ${puzzle.rating}`);

  // The next puzzle is another one; a reload keeps the rating and the streak.
  await page.locator('#puzzle-next').click();
  await expect(wrap(page)).toHaveAttribute('data-state', 'solving');
  expect(await wrap(page).getAttribute('data-puzzle')).not.toBe(puzzle.id);
  await page.reload();
  await expect(wrap(page)).toHaveAttribute('data-state', 'solving', { timeout: 20_000 });
  expect(await number(page, 'rating')).toBe(rating);
  expect(await number(page, 'streak')).toBe(1);
  await expect(page.locator('#puzzle-history')).toHaveText('✓');
});

test('a wrong move shows the refutation on the board, lowers the rating and ends the streak', async ({ page }) => {
  // A player with a streak of 3 (stored as the page stores it).
  await page.addInitScript(() => {
    if (localStorage.getItem('jungle.puzzles')) return;
    localStorage.setItem('jungle.puzzles', JSON.stringify({
      version: 1,
      rating: { rating: 1600, deviation: 120, volatility: 0.06 },
      streak: 3, bestStreak: 3, solved: 3, failed: 0, recent: [], history: [],
    }));
  });
  await openTrainer(page);
  expect(await number(page, 'rating')).toBe(1600);
  expect(await number(page, 'streak')).toBe(3);
  const puzzle = await shownPuzzle(page);
  const occupied = await page.locator('#squares [data-piece]').evaluateAll((cells) => cells.map((c) => c.dataset.square));
  const legal = (await wrap(page).getAttribute('data-legal')).split(' ');
  // A quiet wrong move: not the solution, no capture, not into a den (the game goes on).
  const wrong = legal.find((m) => m !== puzzle.line[0] && !occupied.includes(m.slice(2)) && !['d1', 'd9'].includes(m.slice(2)));
  expect(wrong, `a quiet move other than ${puzzle.line[0]} among ${legal}`).toBeTruthy();
  await clickMove(page, wrong);
  await expect(wrap(page)).toHaveAttribute('data-state', 'wrong');
  await expect(wrap(page)).toHaveAttribute('data-refutation', /^[a-g][1-9][a-g][1-9]$/, { timeout: 20_000 });
  const refutation = await wrap(page).getAttribute('data-refutation');
  // The refutation is played on the board: its piece now stands on its destination.
  await expect(page.locator(`#squares [data-square="${refutation.slice(2)}"]`)).toHaveAttribute('data-piece', /.+/);
  await expect(page.locator(`#squares [data-square="${refutation.slice(0, 2)}"]`)).not.toHaveAttribute('data-piece', /.+/);
  await expect(page.locator('#puzzle-status')).toContainText('is not the solution');
  expect(await number(page, 'rating')).toBeLessThan(1600);
  expect(await number(page, 'streak')).toBe(0);
  await expect(page.locator('#puzzle-change')).toHaveAttribute('data-sign', 'down');
  await expect(page.locator('#puzzle-best-streak')).toHaveText('3');
  await page.screenshot({ path: 'e2e/screenshots/puzzles-refuted.png' });

  // Trying again from the position before it, and solving, counts no more.
  const after = await number(page, 'rating');
  await page.locator('#puzzle-retry').click();
  await solve(page, puzzle);
  await expect(page.locator('#puzzle-status')).toHaveText('Solved, with help: it counts as a miss.');
  expect(await number(page, 'rating')).toBe(after);
  expect(await number(page, 'streak')).toBe(0);
});

test('the hint marks the piece to move and counts as a miss; the solution plays the line', async ({ page }) => {
  await openTrainer(page);
  await page.locator('#puzzle-hint').click();
  expect(await number(page, 'rating')).toBeLessThan(1500);
  await page.locator('#puzzle-solution').click();
  await expect(wrap(page)).toHaveAttribute('data-state', 'shown');
  const puzzle = await shownPuzzle(page);
  await expect(wrap(page)).toHaveAttribute('data-found', String(puzzle.line.length), { timeout: 10_000 });
  // One miss, however many aids.
  await expect(page.locator('#puzzle-history')).toHaveText('✗');
});

test('a theme chosen gives only puzzles of that theme, and the address keeps it', async ({ page }) => {
  await openTrainer(page);
  await page.locator('#puzzle-theme').selectOption('trap');
  await expect(page).toHaveURL(/theme=trap/);
  const seen = new Set();
  for (let i = 0; i < 4; i++) {
    await expect(wrap(page)).toHaveAttribute('data-state', 'solving');
    const puzzle = await shownPuzzle(page);
    expect(puzzle.themes).toContain('trap');
    seen.add(puzzle.id);
    await page.locator('#puzzle-next').click();
    await expect(wrap(page)).not.toHaveAttribute('data-puzzle', puzzle.id);
  }
  expect(seen.size).toBe(4);
  await page.reload();
  await expect(wrap(page)).toHaveAttribute('data-state', 'solving', { timeout: 20_000 });
  await expect(page.locator('#puzzle-theme')).toHaveValue('trap');
  expect((await shownPuzzle(page)).themes).toContain('trap');
});

test('a stored rating that cannot be read is reset with a notice, and kept aside', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('planted')) return;
    sessionStorage.setItem('planted', '1');
    localStorage.setItem('jungle.puzzles', '{"version":1,"rating":"high"}');
  });
  await openTrainer(page);
  await expect(page.locator('#puzzles-notice')).toBeVisible();
  await expect(page.locator('#puzzles-notice')).toContainText('starts afresh');
  expect(await number(page, 'rating')).toBe(1500);
  expect(await page.evaluate(() => localStorage.getItem('jungle.puzzles.unreadable'))).toBe('{"version":1,"rating":"high"}');
});

test('the game page and the Learn page link to the trainer', async ({ page }) => {
  await page.goto('/?lang=en');
  await expect(page.locator('#puzzles-link')).toHaveAttribute('href', 'puzzles.html');
  await page.goto('/learn.html?lang=en');
  await page.locator('body[data-ready]').waitFor();
  await page.locator('.site-nav [data-page=puzzles]').click();
  await expect(wrap(page)).toHaveAttribute('data-state', 'solving', { timeout: 20_000 });
});

for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
  test(`screenshot: ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await openTrainer(page);
    const puzzle = await shownPuzzle(page);
    await solve(page, puzzle);
    await page.screenshot({ path: `e2e/screenshots/puzzles-${name}.png`, fullPage: true });
  });
}
