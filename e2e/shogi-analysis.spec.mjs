// Shogi's analysis board and game review (analysis.html?game=shogi, issue 15): the same page and
// worker code as Jungle's on shogi's own analysis module. The engine finds a tutorial tsume's
// mate in one and publishes it as data-best (USI), a review of an imported USI game labels its
// planted blunder and the learn-from-mistakes panel takes the mate, the page in Japanese has no
// English left, the shogi page links to it, and screenshots at phone and desktop sizes.
import { readFileSync } from 'node:fs';
import { test, expect, square } from './fixtures.mjs';

const json = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
// The tutorial's first tsume: one move mates.
const TSUME = json('../www/learn/shogi/tsume.json').puzzles.find((p) => p.line.length === 1);
// The tsume with a sente king on 9i that gote's dragon on 7h has boxed in: G*1b mates, and any
// other sente move lets gote mate with G*9h.
const RACE = '8k/9/8n/6B2/9/9/9/2+r6/K8 b Grb3g4s3n4l18p 1';

const wrap = (page) => page.locator('#board-wrap');

async function openAnalysis(page, query) {
  await page.goto(`/analysis.html?game=shogi&${query}`);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('canvas#board[data-board-cell]').waitFor();
}

/** Plays a USI move by clicks: a drop by its hand piece and square, a board move by its two
 * squares (and the choice, when offered: `+` promotes). */
async function clickUsi(page, move, side = 'b') {
  if (move[1] === '*') {
    await page.locator(`[data-hand="${side}:${move[0]}"]`).click();
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

test('the engine finds a tsume\'s mate in one within seconds and publishes it as data-best', async ({ page }) => {
  await openAnalysis(page, `sfen=${encodeURIComponent(TSUME.position)}&lang=en`);
  await expect(page.locator('body')).toHaveAttribute('data-game', 'shogi');
  const started = Date.now();
  await expect(wrap(page)).toHaveAttribute('data-best', TSUME.line[0], { timeout: 5_000 });
  console.log(`shogi analysis: mate in 1 (${TSUME.line[0]}) found in ${Date.now() - started} ms after the page was ready`);
  const first = page.locator('#lines li').first();
  await expect(first).toHaveAttribute('data-move', TSUME.line[0]);
  await expect(first.locator('.line-score')).toHaveText('Sente: mate in 1');
  await expect(page.locator('#lines li')).toHaveCount(3, { timeout: 10_000 });
  await expect(page.locator('#eval-fill')).toHaveAttribute('style', /height: 100(\.0)?%/);
  // The address names the position by the game's own parameter.
  await page.locator('#copy-link').click();
  expect(await page.locator('#share-link').inputValue()).toMatch(/analysis\.html\?sfen=.*&game=shogi/);
  // The header leads back to shogi's own pages.
  await expect(page.locator('.site-nav [data-page=play]')).toHaveAttribute('href', 'shogi.html');
  await expect(page.locator('.site-nav [data-page=editor]')).toHaveAttribute('href', 'editor.html?game=shogi');
});

test('a review of an imported USI game labels the planted blunder, and the mistake is learnt', async ({ page }) => {
  await openAnalysis(page, 'lang=en');
  await page.locator('.help summary').filter({ hasText: 'Open a record' }).click();
  await page.locator('#import-text').fill(`position sfen ${RACE} moves 3d2c G*9h`);
  await page.locator('#import-go').click();
  await expect(page.locator('#tree .tree-move')).toHaveCount(2);
  await page.locator('#review-start').click();
  await expect(wrap(page)).toHaveAttribute('data-review', 'done', { timeout: 30_000 });
  const first = page.locator('#tree .tree-move').first();
  await expect(first).toHaveAttribute('data-judgement', 'blunder');
  await expect(page.locator('#tree .tree-move').nth(1)).toHaveAttribute('data-judgement', 'best');
  await expect(page.locator('#review-summary')).toContainText('Sente: accuracy');
  await first.click();
  await expect(page.locator('#review-move')).toContainText('is a blunder');
  await expect(page.locator('#review-move')).toContainText('Best was');

  await page.locator('#learn-start').click();
  await expect(wrap(page)).toHaveAttribute('data-learn', 'trying');
  await expect(wrap(page)).toHaveAttribute('data-ply', '0');
  await expect(page.locator('#learn-text')).toContainText('Sente to play');
  // The game's own move is refused at once; the mate is a good move.
  await clickUsi(page, '3d2c');
  await expect(wrap(page)).toHaveAttribute('data-learn', 'wrong');
  await clickUsi(page, 'G*1b');
  await expect(wrap(page)).toHaveAttribute('data-learn', 'solved', { timeout: 10_000 });
  await expect(page.locator('#learn-text')).toContainText('a good move');
});

test('a KIF with variations opens them in the tree, and the export writes them as KIF does', async ({ page }) => {
  await openAnalysis(page, 'lang=en');
  await page.locator('.help summary').filter({ hasText: 'Open a record' }).click();
  // As Kifu for Windows writes it: the main line, then an alternative to move 2 with one of
  // its own at move 3 (the + marks a move with an alternative written after it).
  await page.locator('#import-text').fill([
    '手合割：平手',
    '手数----指手---------消費時間--',
    '   1 ７六歩(77)   ( 0:01/00:00:01)',
    '   2 ３四歩(33)   ( 0:01/00:00:01)+',
    '   3 ２六歩(27)   ( 0:01/00:00:02)',
    '',
    '変化：2手',
    '   2 ８四歩(83)   ( 0:00/00:00:00)',
    '   3 ６八銀(79)   ( 0:00/00:00:00)+',
    '',
    '変化：3手',
    '   3 ２六歩(27)   ( 0:00/00:00:00)',
    '',
  ].join('\n'));
  await page.locator('#import-go').click();
  const tree = page.locator('#tree');
  await expect(tree.locator('.tree-move')).toHaveCount(6);
  await expect(tree.locator('.variation .variation .tree-move')).toHaveCount(1);
  await tree.locator('.variation .variation .tree-move').click();
  await expect(wrap(page)).toHaveAttribute('data-ply', '3');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4');
  await page.locator('#export-record').click();
  const kif = await page.locator('#export-text').inputValue();
  await page.screenshot({ path: 'e2e/screenshots/shogi-analysis-variations-800x900.png', fullPage: true });
  expect(kif).toContain('   2 ３四歩(33)+\n   3 ２六歩(27)\n\n変化：2手\n   2 ８四歩(83)\n   3 ６八銀(79)+\n\n変化：3手\n   3 ２六歩(27)\n');
});

test('in Japanese, with the Japanese notation chosen on the shogi page, the analysis board has no English left', async ({ page }) => {
  // The lines and the tree follow the shogi page's notation setting.
  await page.goto('/shogi.html?lang=ja');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('#notation').selectOption('japanese');
  await openAnalysis(page, `sfen=${encodeURIComponent(RACE)}&moves=3d2c&lang=ja`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  // Gote mates in one (G*9h, R*8i or R*9h: each is a line of its own).
  await expect(wrap(page)).toHaveAttribute('data-best', /^[RG]\*[89][hi]$/, { timeout: 5_000 });
  await expect(page.locator('#lines li').first().locator('.line-score')).toHaveText('後手：1手詰め');
  // A drop on file 8 or 9, rank 8 or 9, in Japanese notation (△９八金, △８九飛).
  await expect(page.locator('#lines li').first()).toContainText(/△[８９][八九][金飛]/);
  await expect(page.locator('#tree .tree-move').first()).toContainText('２三角');
  await page.locator('#review-start').click();
  await expect(wrap(page)).toHaveAttribute('data-review', 'done', { timeout: 30_000 });
  // Words of Latin letters in the page's text and labels: none (moves and squares are written
  // in Japanese notation; the engine's speed is kN/s) but the names printed on the keys the
  // help names (Home, End).
  const latin = await page.locator('body').evaluate((node) => {
    const texts = [node.innerText, ...[...node.querySelectorAll('[aria-label],[title]')]
      .flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')])];
    return texts.join(' ').match(/\b[A-Za-z]{3,}\b/g) ?? [];
  });
  expect(latin.filter((word) => !['Home', 'End'].includes(word))).toEqual([]);
  await page.screenshot({ path: 'e2e/screenshots/shogi-analysis-ja.png', fullPage: true });
});

test('the shogi page opens its game in the analysis board', async ({ page }) => {
  await page.goto('/shogi.html?lang=en');
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
  await expect(page.locator('#analysis-link')).toHaveAttribute('href', 'analysis.html?game=shogi&saved=1&lang=en');
  await page.locator('#new-game').click();
  await page.locator('#new-game-form input[name=mode][value=hotseat]').check();
  await page.locator('#new-game-start').click();
  await clickUsi(page, '7g7f');
  await clickUsi(page, '3c3d');
  await expect(wrap(page)).toHaveAttribute('data-plies', '2');
  const sfen = await wrap(page).getAttribute('data-fen');
  await page.locator('#analysis-link').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-ply', '2');
  await expect(wrap(page)).toHaveAttribute('data-fen', sfen);
  await expect(page.locator('#tree .tree-move')).toHaveCount(2);
  await expect(wrap(page)).toHaveAttribute('data-best', /^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i])$/, { timeout: 10_000 });
});

test('shogi\'s analysis board at phone and desktop sizes', async ({ page }) => {
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
    await page.setViewportSize(viewport);
    await openAnalysis(page, `sfen=${encodeURIComponent(RACE)}&moves=3d2c,G*9h&ply=1&lang=en`);
    await page.locator('#review-start').click();
    await expect(wrap(page)).toHaveAttribute('data-review', 'done', { timeout: 30_000 });
    await expect(wrap(page)).toHaveAttribute('data-best', /./, { timeout: 10_000 });
    await page.screenshot({ path: `e2e/screenshots/shogi-analysis-${name}.png`, fullPage: true });
  }
});

test('the shogi editor opens its position in shogi\'s analysis board', async ({ page }) => {
  await page.goto('/editor.html?game=shogi&lang=en');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#editor-analysis-link')).toHaveAttribute('href', /^analysis\.html\?game=shogi&sfen=/);
  await page.locator('#editor-analysis-link').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('body')).toHaveAttribute('data-game', 'shogi');
  await expect(page.locator('#analysis-problem')).toBeHidden();
  await expect(wrap(page)).toHaveAttribute('data-best', /^[1-9][a-i][1-9][a-i]\+?$/, { timeout: 10_000 });
});
