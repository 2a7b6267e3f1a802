// The analysis board and the game review (analysis.html, issue 15): the engine analyses the shown
// position in a Web Worker without end and publishes its best move on #board-wrap (data-best),
// the main thread stays free meanwhile, moves played on the board make a tree of variations
// walked by the keys and exported, and a review labels each move of an imported game.
import { test, expect, clickMove, openGame, newGame } from './fixtures.mjs';

// Black's lion on d8 is one step from White's den (d9); White has only a rat far away.
const DEN_IN_ONE = '7/3L3/7/7/7/7/7/7/r6 b 0 1';
// White's lion stands on Black's trap c1, beside Black's den: Black's elephant must take it
// (Black then wins with its lion against the lone rat); c2c3 lets the lion into the den.
const LION_AT_THE_DEN = 'r6/7/7/7/6L/7/7/2E4/2l4 b 0 1';

const wrap = (page) => page.locator('#board-wrap');

async function openAnalysis(page, query = '') {
  await page.goto(`/analysis.html${query}`);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('canvas#board[data-board-cell]').waitFor();
}

/** Records the main thread's long tasks (over 50 ms) from the page's first script on. */
async function watchLongTasks(page) {
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

test('the engine finds a den in one within seconds and publishes it as data-best', async ({ page }) => {
  await openAnalysis(page, `?fen=${encodeURIComponent(DEN_IN_ONE)}`);
  const started = Date.now();
  await expect(wrap(page)).toHaveAttribute('data-best', 'd8d9', { timeout: 5_000 });
  console.log(`analysis: den in 1 found in ${Date.now() - started} ms after the page was ready`);
  const first = page.locator('#lines li').first();
  await expect(first).toHaveAttribute('data-move', 'd8d9');
  await expect(first.locator('.line-score')).toHaveText('Black: den in 1');
  // The bar shows Black's certain win; the switch stops the engine, and starts it again.
  await expect(page.locator('#eval-fill')).toHaveAttribute('style', /height: 100(\.0)?%/);
  await page.locator('#engine-toggle').click();
  await expect(wrap(page)).toHaveAttribute('data-engine', 'off');
  await expect(wrap(page)).not.toHaveAttribute('data-best', /./);
  await expect(page.locator('#engine-toggle')).toHaveAttribute('aria-pressed', 'false');
  await page.locator('#engine-toggle').click();
  await expect(wrap(page)).toHaveAttribute('data-best', 'd8d9', { timeout: 5_000 });
});

test('an address with a move the rules refuse says which and why, and opens the start', async ({ page }) => {
  await openAnalysis(page, '?moves=a3a4,a7a5');
  await expect(page.locator('#analysis-problem')).toBeVisible();
  await expect(page.locator('#analysis-problem')).toContainText('a7a5');
  await expect(page.locator('#analysis-problem')).toContainText('This cannot be opened');
  await expect(wrap(page)).toHaveAttribute('data-ply', '0');
});

test.describe('responsiveness', () => {
  // The engine analyses without end, in a worker: if it ran on the main thread the page could
  // never take a move or a key while it deepened. So each round the reader plays a move, the
  // engine deepens on the new position, and the keys walk back and forth meanwhile. The longest
  // main-thread tasks are reported as a measurement, not asserted (wall time, which other
  // processes on a busy machine stretch).
  test('the page answers moves and keys while the engine analyses (the longest tasks are reported)', async ({ page }) => {
    test.setTimeout(90_000);
    await watchLongTasks(page);
    await openAnalysis(page);
    await expect(wrap(page)).toHaveAttribute('data-best', /^[a-g][1-9][a-g][1-9]$/, { timeout: 10_000 });
    const longest = [];
    for (const move of ['a3a4', 'g7g6', 'g3g4']) {
      const ply = longest.length + 1;
      const since = await page.evaluate(() => performance.now());
      await clickMove(page, move);
      await expect(wrap(page)).toHaveAttribute('data-ply', String(ply));
      // The engine starts again on the new position and deepens.
      await page.waitForFunction(() => Number(document.querySelector('#board-wrap').dataset.depth) >= 7, null, { timeout: 20_000 });
      await expect(wrap(page)).toHaveAttribute('data-engine', 'on');
      // Still analysing, the page walks back a move and forward again.
      await page.keyboard.press('ArrowLeft');
      await expect(wrap(page)).toHaveAttribute('data-ply', String(ply - 1));
      await page.keyboard.press('ArrowRight');
      await expect(wrap(page)).toHaveAttribute('data-ply', String(ply));
      await page.waitForFunction(() => Number(document.querySelector('#board-wrap').dataset.depth) >= 7, null, { timeout: 20_000 });
      const tasks = await page.evaluate((t) => window.longTasks.filter((task) => task.start >= t), since);
      longest.push(Math.max(0, ...tasks.map((task) => task.duration)));
    }
    const stats = await page.evaluate(() => window.__jungleStats);
    console.log(`measurement: analysis page's longest event handler ${stats.handlerMaxMs.toFixed(1)} ms, longest redraw ${stats.maxMs.toFixed(1)} ms`);
    console.log(`measurement: analysis page's longest main-thread task of each round (a move, the engine to depth 7, a key back and forth): ${longest.map((t) => t.toFixed(0)).join(', ')} ms`);
  });
});

test('moves make a tree: a variation branches, the keys walk it, promoting and exporting follow', async ({ page }) => {
  await openAnalysis(page, '?moves=a3a4,g7g6');
  await expect(wrap(page)).toHaveAttribute('data-ply', '2');
  const tree = page.locator('#tree');
  await expect(tree.locator('.tree-move')).toHaveCount(2);
  // Back one move and play another: a variation beside g7g6.
  await page.keyboard.press('ArrowLeft');
  await expect(wrap(page)).toHaveAttribute('data-ply', '1');
  await clickMove(page, 'e7d7');
  await expect(wrap(page)).toHaveAttribute('data-ply', '2');
  await expect(tree.locator('.variation .tree-move')).toHaveCount(1);
  await expect(tree.locator('.variation')).toContainText(/e7-?d7/);
  const variationFen = await wrap(page).getAttribute('data-fen');
  // ↑ goes across to the main line's move, ↓ back to the variation, ← → along.
  await page.keyboard.press('ArrowUp');
  await expect(wrap(page)).not.toHaveAttribute('data-fen', variationFen);
  await expect(tree.locator('[aria-current="true"]')).toContainText(/g7-?g6/);
  await page.keyboard.press('ArrowDown');
  await expect(wrap(page)).toHaveAttribute('data-fen', variationFen);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await expect(tree.locator('[aria-current="true"]')).toContainText(/g7-?g6/);
  // The record holds the tree; promoted, the variation is the main line.
  await page.locator('#export-record').click();
  await expect(page.locator('#export-text')).toHaveValue(/1\. a3a4 g7g6 \(1\.\.\. e7d7\) \*/);
  await page.keyboard.press('ArrowDown');
  await page.locator('#an-promote').click();
  await expect(tree.locator('.variation')).toContainText(/g7-?g6/);
  await page.locator('#export-record').click();
  await expect(page.locator('#export-text')).toHaveValue(/1\. a3a4 e7d7 \(1\.\.\. g7g6\) \*/);
  // The link reopens the main line at the shown move.
  await page.locator('#copy-link').click();
  const link = await page.locator('#share-link').inputValue();
  expect(link).toContain('moves=a3a4,e7d7');
  await page.goto(link);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-fen', variationFen);
  // Delete from here: the move and what follows go.
  await page.locator('#an-delete').click();
  await expect(wrap(page)).toHaveAttribute('data-ply', '1');
  await expect(tree.locator('.tree-move')).toHaveCount(1);
});

test('the record export holds the variations, nested, and importing it brings them back into the tree', async ({ page }) => {
  await openAnalysis(page, '?moves=a3a4,g7g6,c3d3');
  const tree = page.locator('#tree');
  // A variation for White's first move, and inside it one for Black's second.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(wrap(page)).toHaveAttribute('data-ply', '1');
  await clickMove(page, 'e7d7');
  await clickMove(page, 'a4a5');
  await page.keyboard.press('ArrowLeft');
  await clickMove(page, 'g3g4');
  await expect(wrap(page)).toHaveAttribute('data-ply', '3');
  const nestedFen = await wrap(page).getAttribute('data-fen');
  await expect(tree.locator('.variation .variation .tree-move')).toHaveCount(1);
  await page.locator('#export-record').click();
  const exported = await page.locator('#export-text').inputValue();
  expect(exported.replace(/\s+/g, ' ')).toContain('1. a3a4 g7g6 (1... e7d7 2. a4a5 (2. g3g4)) 2. c3d3 *');

  // Opened afresh and imported, the record gives the same tree.
  await openAnalysis(page);
  await page.locator('.help summary').filter({ hasText: 'Open a record' }).click();
  await page.locator('#import-text').fill(exported);
  await page.locator('#import-go').click();
  await expect(tree.locator('.tree-move')).toHaveCount(6);
  await expect(tree.locator('.variation .tree-move')).toHaveCount(3);
  const nested = tree.locator('.variation .variation .tree-move');
  await expect(nested).toHaveCount(1);
  await expect(nested).toContainText(/g3-?g4/);
  await nested.click();
  await expect(wrap(page)).toHaveAttribute('data-ply', '3');
  await expect(wrap(page)).toHaveAttribute('data-fen', nestedFen);
  // Exported again, the same text.
  await page.locator('#export-record').click();
  await expect(page.locator('#export-text')).toHaveValue(exported);
  await page.screenshot({ path: 'e2e/screenshots/analysis-variations-800x900.png', fullPage: true });
});

test('an imported record with a broken variation says where, in the page\'s language', async ({ page }) => {
  await openAnalysis(page, '?lang=de');
  await page.locator('details:has(#import-text) > summary').click();
  await page.locator('#import-text').fill('1. a3a4 g7g6 (1... a7a6 2. a4a6) *');
  await page.locator('#import-go').click();
  // Said beside the button that opened it.
  await expect(page.locator('#import-go + .beside')).toContainText('in der Variante ab Halbzug 2: Halbzug 3, a4a6');
  await expect(page.locator('#tree .tree-move')).toHaveCount(0);
});

test('a review of an imported game shows its progress, then labels the planted blunder', async ({ page }) => {
  await openAnalysis(page);
  await page.locator('.help summary').filter({ hasText: 'Open a record' }).click();
  await page.locator('#import-text').fill(`[FEN "${LION_AT_THE_DEN}"]\n[Result "0-1"]\n\n1. c2c3 c1d1 0-1\n`);
  await page.locator('#import-go').click();
  await expect(page.locator('#tree .tree-move')).toHaveCount(2);
  await page.locator('#review-start').click();
  await expect(wrap(page)).toHaveAttribute('data-review', /running|done/);
  await expect(page.locator('#review-panel')).toBeVisible();
  await expect(wrap(page)).toHaveAttribute('data-review', 'done', { timeout: 20_000 });
  const first = page.locator('#tree .tree-move').first();
  await expect(first).toHaveAttribute('data-judgement', 'blunder');
  await expect(first).toContainText('??');
  await expect(page.locator('#tree .tree-move').nth(1)).toHaveAttribute('data-judgement', 'best');
  await expect(page.locator('#review-summary')).toContainText('Black: accuracy');
  // Shown at the blunder: what it was and the better move in words.
  await first.click();
  await expect(page.locator('#review-move')).toContainText('is a blunder');
  await expect(page.locator('#review-move')).toContainText('Best was');
  // The chart takes a click to a move.
  // (The panel moves as the engine's lines come and go: the chart is found before each click.)
  const chart = page.locator('#review-chart');
  let box = await chart.boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await expect(wrap(page)).toHaveAttribute('data-ply', '2');
  box = await chart.boundingBox();
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await expect(wrap(page)).toHaveAttribute('data-ply', '0');

  // Learn from the mistake: at the position before it, with the engine's lines hidden.
  await page.locator('#learn-start').click();
  await expect(wrap(page)).toHaveAttribute('data-learn', 'trying');
  await expect(wrap(page)).toHaveAttribute('data-ply', '0');
  await expect(wrap(page)).not.toHaveAttribute('data-best', /./);
  await expect(page.locator('#learn-text')).toContainText('Black to play');
  // The game's own move is refused at once; another losing one after the engine's look.
  await clickMove(page, 'c2c3');
  await expect(wrap(page)).toHaveAttribute('data-learn', 'wrong');
  await clickMove(page, 'c2b2');
  await expect(wrap(page)).toHaveAttribute('data-learn', 'wrong', { timeout: 10_000 });
  await expect(page.locator('#learn-text')).toContainText('loses too much');
  await page.locator('#learn-hint').click();
  await clickMove(page, 'c2c1');
  await expect(wrap(page)).toHaveAttribute('data-learn', 'solved');
  await expect(page.locator('#learn-text')).toContainText('a good move');
  await page.screenshot({ path: 'e2e/screenshots/analysis-learn-800x900.png', fullPage: true });
  // The tree did not change; the only mistake done, the panel closes.
  await expect(page.locator('#tree .tree-move')).toHaveCount(2);
  await expect(page.locator('#learn-next')).toHaveText('Finish');
  await page.locator('#learn-next').click();
  await expect(page.locator('#learn-panel')).toBeHidden();
  await expect(wrap(page)).not.toHaveAttribute('data-learn', /./);
});

test('the analysis board at phone and desktop sizes', async ({ page }) => {
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
    await page.setViewportSize(viewport);
    await openAnalysis(page, '?moves=a3a4,g7g6,g3g4,a7a6');
    await expect(wrap(page)).toHaveAttribute('data-best', /./, { timeout: 10_000 });
    await page.keyboard.press('ArrowLeft');
    await clickMove(page, 'e7d7');
    await page.locator('#review-start').click();
    await expect(wrap(page)).toHaveAttribute('data-review', 'done', { timeout: 30_000 });
    await page.waitForFunction(() => Number(document.querySelector('#board-wrap').dataset.depth) >= 5, null, { timeout: 20_000 });
    await page.screenshot({ path: `e2e/screenshots/analysis-${name}.png`, fullPage: true });
  }
});

test('the game page and the editor open their game and position in the analysis board', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await clickMove(page, 'a3a4');
  await expect(wrap(page)).toHaveAttribute('data-plies', '1');
  const afterFirst = await wrap(page).getAttribute('data-fen');
  await clickMove(page, 'g7g6');
  await expect(wrap(page)).toHaveAttribute('data-plies', '2');
  const fen = await wrap(page).getAttribute('data-fen');
  await page.locator('#analysis-link').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-ply', '2');
  await expect(wrap(page)).toHaveAttribute('data-fen', fen);
  await expect(page.locator('#tree .tree-move')).toHaveCount(2);

  // From the move list: the board opens at the move shown there, the rest of the game after it.
  await page.goBack();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('#moves .move[data-ply="1"]').click();
  await expect(wrap(page)).toHaveAttribute('data-viewing', '1');
  await page.locator('#analysis-link').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-ply', '1');
  await expect(wrap(page)).toHaveAttribute('data-fen', afterFirst);
  await expect(page.locator('#tree .tree-move')).toHaveCount(2);

  await page.goto(`/editor.html?fen=${encodeURIComponent(DEN_IN_ONE)}`);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('#editor-analysis-link').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-fen', DEN_IN_ONE);
  await expect(wrap(page)).toHaveAttribute('data-best', 'd8d9', { timeout: 5_000 });
});
