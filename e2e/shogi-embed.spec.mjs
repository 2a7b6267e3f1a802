// The embeddable board with game=shogi (embed.html?game=shogi, docs/embed.md): the same page,
// parameters, modes and postMessage events as Jungle's, on shogi's own pages module: sfen= and
// USI moves=, the hands and drops, the promotion choice, a tsume puzzle, and bad parameters named
// in the reader's language (Japanese included).
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';

const catalogue = (path) => JSON.parse(readFileSync(new URL(`../www/locales/${path}.json`, import.meta.url), 'utf8'));
const english = { ...catalogue('en'), ...catalogue('embed/en'), ...catalogue('shogi/en') };
const japanese = { ...catalogue('ja'), ...catalogue('embed/ja'), ...catalogue('shogi/ja') };

// A mate in 1 of www/learn/shogi/tsume.json: sente drops the gold on 1b.
const GOLD_DROP_MATE = '8k/9/8n/6B2/9/9/9/9/9_b_G2rb3g4s3n4l18p_1';

const BOARDS = [
  { id: 'hot', query: 'game=shogi&mode=hotseat&moves=7g7f,3c3d' },
  { id: 'view', query: 'game=shogi&moves=7g7f,3c3d,8h2b%2B&ply=1&controls=undo,redo,moves&orientation=white' },
  { id: 'mate', query: `game=shogi&mode=hotseat&sfen=${GOLD_DROP_MATE}` },
];

function hostPage(boards) {
  const frames = boards
    .map(({ id, query }) => `<iframe id="${id}" src="embed.html?id=${id}&${query}" width="300" height="420" title="${id}"></iframe>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host</title></head><body>${frames}
<script>
  window.received = [];
  window.addEventListener('message', (event) => {
    if (event.data && String(event.data.type).startsWith('jungle:')) window.received.push(event.data);
  });
</script></body></html>`;
}

async function openHost(page, boards = BOARDS) {
  await page.route('**/e2e-shogi-host.html', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: hostPage(boards) }));
  await page.goto('/e2e-shogi-host.html');
  await expect.poll(() => received(page, 'jungle:ready').then((events) => events.length), { timeout: 20_000 }).toBe(boards.length);
}

function received(page, type, id) {
  return page.evaluate(
    ([type, id]) => window.received.filter((e) => e.type === type && (id === undefined || e.id === id)),
    [type, id],
  );
}

function command(page, id, message) {
  return page.evaluate(([id, message]) => {
    document.getElementById(id).contentWindow.postMessage({ version: 1, ...message }, '*');
  }, [id, message]);
}

const wrap = (frame) => frame.locator('#board-wrap');
const cell = (frame, name) => frame.locator(`#squares [data-square="${name}"]`);

test('a shogi frame honours sfen= and moves=, plays a drop and a promotion, and reports them', async ({ page }) => {
  await openHost(page);
  const ready = await received(page, 'jungle:ready');
  expect(ready.find((e) => e.id === 'hot')).toMatchObject({
    ply: 2, fen: 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3',
  });
  expect(ready.find((e) => e.id === 'view')).toMatchObject({ ply: 1 });
  expect(ready.find((e) => e.id === 'mate').fen).toBe(GOLD_DROP_MATE.replaceAll('_', ' '));

  // Hotseat: the bishop takes the bishop in the zone and the frame offers the promotion.
  const hot = page.frameLocator('#hot');
  await cell(hot, '8h').click();
  await cell(hot, '2b').click();
  const choice = hot.locator('#choice');
  await expect(choice).toBeVisible();
  await choice.locator('[data-choice="0"]').click();
  await expect(cell(hot, '2b')).toHaveAttribute('data-piece', 'b:+B');
  await expect.poll(() => received(page, 'jungle:move', 'hot')).toEqual([
    expect.objectContaining({ move: '8h2b+', side: 'black', ply: 3 }),
  ]);
  // Sente's hand now holds the bishop; gote recaptures and sente drops it back.
  await cell(hot, '3a').click();
  await cell(hot, '2b').click();
  await hot.locator('[data-hand="b:B"]').click();
  await cell(hot, '5e').click();
  await expect.poll(async () => (await received(page, 'jungle:move', 'hot')).map((e) => e.move)).toEqual(['8h2b+', '3a2b', 'B*5e']);
  await expect(wrap(hot)).toHaveAttribute('data-plies', '5');

  // The gold dropped from the hand mates: the game ends.
  const mate = page.frameLocator('#mate');
  await mate.locator('[data-hand="b:G"]').click();
  await cell(mate, '1b').click();
  await expect.poll(() => received(page, 'jungle:gameover', 'mate')).toEqual([
    { type: 'jungle:gameover', version: 1, id: 'mate', result: '1-0', reason: 'checkmate', winner: 'black' },
  ]);

  // The view frame: gote at the bottom, step forward with redo, the move list in shogi notation.
  const view = page.frameLocator('#view');
  await expect(view.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'true');
  await view.locator('#embed-redo').click();
  await expect(wrap(view)).toHaveAttribute('data-plies', '2');
  await expect(view.locator('#moves li')).toHaveCount(2);

  // Commands: setPosition with an SFEN, playMoves in USI with a drop, undo, reset.
  await command(page, 'view', { type: 'jungle:setPosition', sfen: GOLD_DROP_MATE });
  await expect(wrap(view)).toHaveAttribute('data-fen', GOLD_DROP_MATE.replaceAll('_', ' '));
  await command(page, 'view', { type: 'jungle:playMoves', moves: ['G*1b'] });
  await expect(wrap(view)).toHaveAttribute('data-plies', '1');
  await expect(wrap(view)).toHaveAttribute('data-status', 'black-wins');
  await command(page, 'view', { type: 'jungle:undo' });
  await command(page, 'view', { type: 'jungle:reset' });
  await expect(wrap(view)).toHaveAttribute('data-plies', '0');
  expect((await received(page, 'jungle:position', 'view')).map((e) => e.cause)).toEqual(['redo', 'setPosition', 'undo', 'reset']);
  // An illegal move (a Jungle move on a shogi board) changes nothing.
  await command(page, 'view', { type: 'jungle:playMoves', moves: ['a3a4'] });
  await command(page, 'view', { type: 'jungle:flip' });
  await expect(view.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'false');
  await expect(wrap(view)).toHaveAttribute('data-plies', '0');
});

test('a tsume in puzzle mode: a wrong drop is answered with why, the right one solves it', async ({ page }) => {
  await page.goto(`/embed.html?game=shogi&mode=puzzle&sfen=${GOLD_DROP_MATE}&solution=G*1b&lang=en`);
  const board = page.locator('#board-wrap');
  await expect(board).toHaveAttribute('data-puzzle', 'solving');
  // A quiet drop: a tsume move must check.
  await page.locator('[data-hand="b:G"]').click();
  await page.locator('#squares [data-square="5e"]').click();
  await expect(board).toHaveAttribute('data-puzzle', 'wrong');
  await expect(page.locator('#toast')).toHaveText(
    english['embed.puzzleWrongWhy'].replace('{why}', english['shogi.puzzle.noCheck']));
  // A check the king escapes.
  await page.locator('[data-hand="b:G"]').click();
  await page.locator('#squares [data-square="2a"]').click();
  await expect(page.locator('#toast')).toHaveText(
    english['embed.puzzleWrongWhy'].replace('{why}', english['shogi.puzzle.escapes']));
  await expect(board).toHaveAttribute('data-plies', '0');
  await page.locator('[data-hand="b:G"]').click();
  await page.locator('#squares [data-square="1b"]').click();
  await expect(board).toHaveAttribute('data-puzzle', 'solved');
  await expect(page.locator('#status-text')).toHaveText(english['embed.puzzleSolved']);
});

test('bad shogi parameters are named in the reader\'s language, Japanese too', async ({ page }) => {
  await page.goto('/embed.html?game=shogi&sfen=9/9/9_b_-_1&mode=dance&lang=ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('#embed-error')).toBeVisible();
  const items = page.locator('#embed-errors li');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('sfen');
  // 「sfen「…」は正しい局面ではありません：…」 with the rules' reason in Japanese too.
  const [before, after] = japanese['embed.param.fen'].split('{value}');
  await expect(items.nth(0)).toContainText(before.replace('{param}', 'sfen'));
  await expect(items.nth(0)).toContainText(after.split('{error}')[0]);
  await expect(items.nth(0)).not.toContainText('is not');
  await expect(items.nth(1)).toContainText('mode');
  await expect(page.locator('.embed-error-title')).toHaveText(japanese['embed.errorTitle']);
  // An unknown game is a bad parameter too (the Jungle module reads it and says so).
  await page.goto('/embed.html?game=chess&lang=de');
  await expect(page.locator('#embed-errors li')).toHaveText([
    "game muss jungle oder shogi sein, nicht '\u2068chess\u2069'",
  ]);
});

test('the <game-board> tag shows a shogi board; <jungle-board> still works', async ({ page }) => {
  await page.route('**/e2e-tags.html', (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html><head><meta charset="utf-8"><title>Tags</title>
<script type="module" src="jungle-board.js"></script></head><body>
<game-board id="s" game="shogi" mode="hotseat" sfen="${GOLD_DROP_MATE}"></game-board>
<jungle-board id="j" mode="hotseat"></jungle-board>
<script>
  window.heard = [];
  for (const id of ['s', 'j']) document.getElementById(id).addEventListener('ready', (e) => window.heard.push([id, e.detail.fen]));
</script></body></html>`,
  }));
  await page.goto('/e2e-tags.html');
  await expect.poll(() => page.evaluate(() => window.heard.length), { timeout: 20_000 }).toBe(2);
  const heard = Object.fromEntries(await page.evaluate(() => window.heard));
  expect(heard.s).toBe(GOLD_DROP_MATE.replaceAll('_', ' '));
  expect(heard.j).toContain('/');
  await page.evaluate(() => document.getElementById('s').playMoves(['G*1b']));
  await expect(page.frameLocator('#s iframe').locator('#board-wrap')).toHaveAttribute('data-status', 'black-wins');
});
