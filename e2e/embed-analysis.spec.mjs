// The embed's analysis mode (embed.html?mode=analysis, issue 15, docs/embed.md): the frame loads
// the game's analysis module (not the pages module) and the engine analyses the position shown,
// publishing its best move as data-best on #board-wrap as the analysis page does; the reader plays
// and steps back; the link opens the analysis board with the same position and moves; a bad
// combination of parameters is listed in the frame's language; a frame in view mode never
// downloads the analysis code; screenshots at phone and desktop sizes.
import { readFileSync } from 'node:fs';
import { test, expect, clickMove } from './fixtures.mjs';

// Black's lion on d8 is one step from White's den (d9); White has only a rat far away.
const DEN_IN_ONE = '7/3L3/7/7/7/7/7/7/r6_b_0_1';
const json = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
// The shogi tutorial's first tsume: one move mates.
const TSUME = json('../www/learn/shogi/tsume.json').puzzles.find((p) => p.line.length === 1);

const wrap = (page) => page.locator('#board-wrap');

/** Opens the embed with `query`, recording the paths it requests; resolves to that list. */
async function openEmbed(page, query) {
  const requested = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`/embed.html?${query}`);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('canvas#board[data-board-cell]').waitFor();
  return requested;
}

const ANALYSIS_CODE = /-analysis|analysis\.[0-9a-f.]*css|analysis-worker/;

test('a Jungle den in one in mode=analysis: the engine finds it, the reader explores and steps back', async ({ page }) => {
  const requested = await openEmbed(page, `mode=analysis&fen=${DEN_IN_ONE}&lang=en`);
  await expect(wrap(page)).toHaveAttribute('data-best', 'd8d9', { timeout: 5_000 });
  const first = page.locator('#lines li').first();
  await expect(first).toHaveAttribute('data-move', 'd8d9');
  await expect(first.locator('.line-score')).toHaveText('Black: den in 1');
  await expect(page.locator('#eval-fill')).toHaveAttribute('style', /height: 100(\.0)?%/);
  // The analysis module, not the pages module.
  expect(requested.some((path) => /jungle-analysis/.test(path))).toBe(true);
  expect(requested.some((path) => /-pages/.test(path))).toBe(false);

  // Stop and go.
  await page.locator('#engine-toggle').click();
  await expect(wrap(page)).toHaveAttribute('data-engine', 'off');
  await expect(wrap(page)).not.toHaveAttribute('data-best', /./);
  await page.locator('#engine-toggle').click();
  await expect(wrap(page)).toHaveAttribute('data-best', 'd8d9', { timeout: 5_000 });

  // The reader plays a move; the link follows; back steps to the position given.
  await clickMove(page, 'd8c8');
  await expect(wrap(page)).toHaveAttribute('data-ply', '1');
  const link = page.locator('#embed-analysis-link');
  await expect(link).toHaveAttribute('href', /^analysis\.html\?fen=.*&moves=d8c8/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.locator('#tree .tree-move')).toHaveCount(1);
  await page.locator('#embed-undo').click();
  await expect(wrap(page)).toHaveAttribute('data-ply', '0');
  await expect(wrap(page)).toHaveAttribute('data-best', 'd8d9', { timeout: 5_000 });

  // The analysis board opens on the same position and moves.
  await page.locator('#embed-redo').click();
  await expect(wrap(page)).toHaveAttribute('data-ply', '1');
  const href = await link.getAttribute('href');
  await page.goto(`/${href}`);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-ply', '1');
  await expect(page.locator('#tree .tree-move')).toHaveCount(1);
});

test('a shogi tsume in mode=analysis: the engine finds the mate and names it in USI', async ({ page }) => {
  const requested = await openEmbed(page, `game=shogi&mode=analysis&sfen=${encodeURIComponent(TSUME.position)}&lang=en`);
  await expect(wrap(page)).toHaveAttribute('data-best', TSUME.line[0], { timeout: 10_000 });
  await expect(page.locator('#lines li').first()).toHaveAttribute('data-move', TSUME.line[0]);
  await expect(page.locator('#lines li .line-score').first()).toContainText('mate in 1');
  expect(requested.some((path) => /shogi-analysis/.test(path))).toBe(true);
  expect(requested.some((path) => /jungle-/.test(path))).toBe(false);
  await expect(page.locator('#embed-analysis-link')).toHaveAttribute('href', /game=shogi/);
});

test('view and puzzle frames never download the analysis code', async ({ page }) => {
  for (const query of ['moves=a3a4,g7g6&lang=en', 'game=shogi&moves=7g7f&lang=en', `mode=puzzle&fen=${DEN_IN_ONE}&solution=d8d9`]) {
    const requested = await openEmbed(page, query);
    // Time for anything loaded late (the worker, a lazy import) to show.
    await page.waitForTimeout(500);
    expect(requested.filter((path) => ANALYSIS_CODE.test(path)), query).toEqual([]);
    expect(requested.some((path) => /-pages_bg/.test(path)), query).toBe(true);
    await expect(page.locator('#eval-bar')).toBeHidden();
    await expect(page.locator('#embed-engine')).toBeHidden();
  }
});

test('a bad mode combination is listed in the frame\'s language', async ({ page }) => {
  await page.goto('/embed.html?mode=analysis&controls=undo,hint&lang=de');
  await expect(page.locator('body')).toHaveAttribute('data-state', 'error');
  await expect(page.locator('#embed-errors li')).toHaveText([
    // The value quoted from the address is isolated (U+2068 … U+2069), as every quoted value is.
    "controls muss none, all oder eine Liste aus undo, redo, flip, reset, moves sein; '\u2068hint\u2069' gehört nicht dazu",
  ]);
  await expect(page.locator('#embed-board')).toBeHidden();
});

test('the analysis frame at phone and desktop sizes', async ({ page }) => {
  for (const [name, viewport, query] of [
    ['phone', { width: 360, height: 600 }, `mode=analysis&moves=a3a4,g7g6,c3d3&lang=en&controls=all`],
    ['desktop', { width: 800, height: 700 }, `game=shogi&mode=analysis&moves=7g7f,3c3d,2g2f&lang=en`],
  ]) {
    await page.setViewportSize(viewport);
    await openEmbed(page, query);
    await expect(wrap(page)).toHaveAttribute('data-depth', /^([4-9]|\d\d)$/, { timeout: 15_000 });
    await page.screenshot({ path: `e2e/screenshots/embed-analysis-${name}.png` });
  }
});

test('a host page hears the analysis frame: ready, the reader\'s moves and the steps back', async ({ page }) => {
  await page.route('**/e2e-analysis-host.html', (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>
<iframe id="an" src="embed.html?id=an&mode=analysis&fen=${DEN_IN_ONE}&controls=all&lang=en" width="360" height="560" title="analysis"></iframe>
<script>
  window.received = [];
  window.addEventListener('message', (event) => {
    if (event.data && String(event.data.type).startsWith('jungle:')) window.received.push(event.data);
  });
</script></body></html>`,
  }));
  await page.goto('/e2e-analysis-host.html');
  const received = () => page.evaluate(() => window.received.map(({ type, id, move, ply, cause }) => ({ type, id, move, ply, cause })));
  await expect.poll(received).toEqual([{ type: 'jungle:ready', id: 'an', ply: 0 }]);
  const frame = page.frameLocator('#an');
  await frame.locator('#squares [data-square="d8"]').click();
  await frame.locator('#squares [data-square="c8"]').click();
  await frame.locator('#embed-undo').click();
  await frame.locator('#embed-redo').click();
  await frame.locator('#embed-reset').click();
  await expect.poll(received).toEqual([
    { type: 'jungle:ready', id: 'an', ply: 0 },
    { type: 'jungle:move', id: 'an', move: 'd8c8', ply: 1 },
    { type: 'jungle:position', id: 'an', ply: 0, cause: 'undo' },
    { type: 'jungle:position', id: 'an', ply: 1, cause: 'redo' },
    { type: 'jungle:position', id: 'an', ply: 0, cause: 'reset' },
  ]);
});
