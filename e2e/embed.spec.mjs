// The embeddable board (embed.html, docs/embed.md): a host page with three frames hears their
// events and drives them with commands; bad parameters show their message in the frame; a
// puzzle accepts its solution and refuses a wrong move.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures.mjs';

const read = (path) => JSON.parse(readFileSync(new URL(`../www/locales/${path}.json`, import.meta.url), 'utf8'));
// The site's texts and the embed's own (locales/embed/), as the frame merges them.
const catalogue = (tag) => ({ ...read(tag), ...read(`embed/${tag}`) });
const english = catalogue('en');
const german = catalogue('de');

// Black to move wins at once: the lion steps into White's den (d8d9).
const DEN_IN_ONE = '6e/3L3/7/7/7/7/7/7/7_b_0_1';

const BOARDS = [
  { id: 'hot', query: `mode=hotseat&fen=${DEN_IN_ONE}&coords=off&theme=light` },
  { id: 'ai', query: 'mode=play&side=black&level=1&theme=dark' },
  { id: 'view', query: 'moves=a3a4,g7g6,c3d3&ply=1&controls=undo,redo,moves&orientation=white' },
];

/** A host page on the site's own server (an extra route), listening to its three frames. */
function hostPage(boards) {
  const frames = boards
    .map(({ id, query }) => `<iframe id="${id}" src="embed.html?id=${id}&${query}" width="250" height="400" title="${id}"></iframe>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host</title>
<style>body { font-family: sans-serif; margin: 12px; } iframe { border: 1px solid #999; margin: 4px; }</style>
</head><body><h1>A page about Jungle</h1>${frames}
<script>
  window.received = [];
  window.addEventListener('message', (event) => {
    if (event.data && /^(jungle|tabula):/.test(String(event.data.type))) window.received.push(event.data);
  });
</script></body></html>`;
}

async function openHost(page, boards = BOARDS, answering = boards.length) {
  await page.route('**/e2e-host.html', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: hostPage(boards) }));
  await page.goto('/e2e-host.html');
  await expect.poll(() => received(page, 'jungle:ready').then((events) => events.length)).toBe(answering);
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

function wrap(page, id) {
  return page.frameLocator(`#${id}`).locator('#board-wrap');
}

async function clickMove(page, id, move) {
  const frame = page.frameLocator(`#${id}`);
  await frame.locator(`#squares [data-square="${move.slice(0, 2)}"]`).click();
  await frame.locator(`#squares [data-square="${move.slice(2, 4)}"]`).click();
}

test('a host page hears ready, move and gameover from three frames and drives them', async ({ page }) => {
  await openHost(page);
  const ready = await received(page, 'jungle:ready');
  expect(ready.map((e) => e.id).sort()).toEqual(['ai', 'hot', 'view']);
  expect(ready.find((e) => e.id === 'view')).toMatchObject({ version: 1, ply: 1 });

  // Hotseat: the winning move is reported, then the end of the game.
  await clickMove(page, 'hot', 'd8d9');
  await expect.poll(() => received(page, 'jungle:gameover', 'hot')).toEqual([
    { type: 'jungle:gameover', version: 1, id: 'hot', result: '1-0', reason: 'den', winner: 'black' },
  ]);
  const [won] = await received(page, 'jungle:move', 'hot');
  expect(won).toMatchObject({ move: 'd8d9', side: 'black', ply: 1 });
  await expect(wrap(page, 'hot')).toHaveAttribute('data-status', 'black-wins');

  // Against the AI in its frame: the reader's move, then the AI's answer.
  await clickMove(page, 'ai', 'a3a4');
  await expect.poll(() => received(page, 'jungle:move', 'ai').then((m) => m.length), { timeout: 15_000 }).toBe(2);
  const [mine, reply] = await received(page, 'jungle:move', 'ai');
  expect(mine).toMatchObject({ move: 'a3a4', side: 'black', ply: 1 });
  expect(reply).toMatchObject({ side: 'white', ply: 2 });
  await expect(wrap(page, 'ai')).toHaveAttribute('data-fen', reply.fen.replaceAll('_', ' '));

  // Commands change the board: setPosition, playMoves, undo, reset, flip.
  await command(page, 'view', { type: 'jungle:setPosition', fen: DEN_IN_ONE });
  await expect(wrap(page, 'view')).toHaveAttribute('data-fen', '6e/3L3/7/7/7/7/7/7/7 b 0 1');
  await command(page, 'view', { type: 'jungle:playMoves', moves: ['d8d7', 'g9g8'] });
  await expect(wrap(page, 'view')).toHaveAttribute('data-plies', '2');
  await command(page, 'view', { type: 'jungle:undo' });
  await expect(wrap(page, 'view')).toHaveAttribute('data-plies', '1');
  await command(page, 'view', { type: 'jungle:reset' });
  await expect(wrap(page, 'view')).toHaveAttribute('data-plies', '0');
  const flipped = page.frameLocator('#view').locator('canvas#board');
  await expect(flipped).toHaveAttribute('data-board-flipped', 'true');
  await command(page, 'view', { type: 'jungle:flip' });
  await expect(flipped).toHaveAttribute('data-board-flipped', 'false');
  const positions = (await received(page, 'jungle:position', 'view')).map((e) => e.cause);
  expect(positions).toEqual(['setPosition', 'undo', 'reset']);
  expect((await received(page, 'jungle:move', 'view')).map((e) => e.move)).toEqual(['d8d7', 'g9g8']);

  // Malformed or illegal commands are ignored: the board stays as it was.
  const before = await wrap(page, 'view').getAttribute('data-fen');
  await command(page, 'view', { type: 'jungle:playMoves', moves: ['d8d7', 'a1a9'] });
  await command(page, 'view', { type: 'jungle:setPosition', fen: 'not a position' });
  await page.evaluate(() => document.getElementById('view').contentWindow.postMessage({ type: 'jungle:flip' }, '*'));
  await command(page, 'view', { type: 'jungle:reset' }); // a good one after them, to wait for
  await expect(wrap(page, 'view')).toHaveAttribute('data-fen', before);
  await expect(flipped).toHaveAttribute('data-board-flipped', 'false');

  await page.screenshot({ path: fileURLToPath(new URL('./screenshots/embed-host.png', import.meta.url)) });
});

test('with origin= a frame talks only to the pages it lists', async ({ page, baseURL }) => {
  const here = new URL(baseURL).origin;
  await openHost(page, [
    { id: 'ours', query: `origin=${encodeURIComponent(here)}` },
    { id: 'theirs', query: 'origin=https://blog.example.com' },
  ], 1);
  // Only the frame that lists this page's origin said it is ready: the other's events were
  // addressed to another page, so the browser dropped them.
  await page.frameLocator('#theirs').locator('#board-wrap[data-ready]').waitFor();
  expect((await received(page, 'jungle:ready')).map((e) => e.id)).toEqual(['ours']);
  for (const id of ['ours', 'theirs']) {
    await command(page, id, { type: 'jungle:playMoves', moves: 'a3a4' });
  }
  await expect(wrap(page, 'ours')).toHaveAttribute('data-plies', '1');
  await expect(wrap(page, 'theirs')).toHaveAttribute('data-plies', '0');
});

test('<jungle-board> is the same board as a tag: attributes in, events out, methods', async ({ page }) => {
  await page.route('**/e2e-tag.html', (route) => route.fulfill({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html><head><meta charset="utf-8"><title>Tag</title>
<script type="module" src="jungle-board.js"></script></head><body>
<jungle-board mode="hotseat" fen="${DEN_IN_ONE}" marks="d9,D8" id="tag" width="300" height="400"></jungle-board>
<script>
  window.heard = [];
  for (const name of ['ready', 'move', 'gameover']) {
    document.querySelector('jungle-board').addEventListener(name, (e) => window.heard.push(e.detail));
  }
</script></body></html>`,
  }));
  await page.goto('/e2e-tag.html');
  const heard = () => page.evaluate(() => window.heard.map((e) => e.type));
  await expect.poll(heard).toEqual(['jungle:ready']);
  await expect(page.frameLocator('jungle-board iframe').locator('#board-wrap')).toHaveAttribute('data-marks', 'd9,d8');
  // A screen reader hears which squares are marked.
  const d9 = page.frameLocator('jungle-board iframe').locator('#squares [data-square="d9"]');
  await expect(d9).toHaveAttribute('aria-label', /marked/);
  await page.evaluate(() => document.querySelector('jungle-board').playMoves(['d8d9']));
  await expect.poll(heard).toEqual(['jungle:ready', 'jungle:move', 'jungle:gameover']);
  await expect(page.frameLocator('jungle-board iframe').locator('#board-wrap')).toHaveAttribute('data-status', 'black-wins');
  await page.evaluate(() => document.querySelector('jungle-board').reset());
  await expect(page.frameLocator('jungle-board iframe').locator('#board-wrap')).toHaveAttribute('data-plies', '0');
});

test('the view mode steps through its moves with its buttons', async ({ page }) => {
  await page.goto('/embed.html?moves=a3a4,g7g6,c3d3&ply=1&controls=undo,redo,moves');
  const board = page.locator('#board-wrap[data-ready]');
  await expect(board).toHaveAttribute('data-plies', '1');
  await page.locator('#embed-redo').click();
  await page.locator('#embed-redo').click();
  await expect(board).toHaveAttribute('data-plies', '3');
  await expect(page.locator('#embed-redo')).toBeDisabled();
  await expect(page.locator('#moves li')).toHaveCount(3);
  await page.locator('#embed-undo').click();
  await expect(board).toHaveAttribute('data-plies', '2');
  // The reader cannot move in view mode.
  await page.locator('#squares [data-square="a4"]').click();
  await page.locator('#squares [data-square="a5"]').click();
  await expect(board).toHaveAttribute('data-plies', '2');
});

test('bad parameters show their message in the frame, not a board', async ({ page }) => {
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/embed.html?level=9&mode=dance&lang=en');
  const error = page.locator('#embed-error');
  await expect(error).toBeVisible();
  // The author's own text is isolated (U+2068 … U+2069) from the sentence around it.
  await expect(page.locator('#embed-errors li')).toHaveText([
    "mode must be play, hotseat, view, puzzle or analysis, not '\u2068dance\u2069'",
    "level must be 1–5, not '\u20689\u2069'",
  ]);
  await expect(error).toContainText(english['embed.errorTitle']);
  await expect(page.locator('#embed-board')).toBeHidden();
  expect(warnings.some((w) => w.includes("level must be 1–5, not '9'"))).toBe(true);
});

test('a frame in German lists its bad parameters in German, the rules\' reasons too', async ({ page }) => {
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/embed.html?level=9&mode=dance&moves=a3a4,g6g4&lang=de');
  const error = page.locator('#embed-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(german['embed.errorTitle']);
  await expect(page.locator('#embed-errors li')).toHaveText([
    "Fehler in moves: Zug 2 '\u2068g6g4\u2069' kann nicht gespielt werden: Auf g6 steht kein Tier",
    "mode muss play, hotseat, view, puzzle oder analysis sein, nicht '\u2068dance\u2069'",
    "level muss 1–5 sein, nicht '\u20689\u2069'",
  ]);
  await expect(page.locator('#embed-board')).toBeHidden();
  // The console is for the author's tools: it stays English.
  expect(warnings.some((w) => w.includes("level must be 1–5, not '9'"))).toBe(true);
});

test('a puzzle refuses a wrong move, answers a right one and is solved', async ({ page }) => {
  await page.goto('/embed.html?mode=puzzle&solution=a3a4,g7g6,a4a5&lang=en');
  const board = page.locator('#board-wrap[data-ready]');
  await expect(board).toHaveAttribute('data-puzzle', 'solving');
  const start = await board.getAttribute('data-fen');
  const move = async (m) => {
    await page.locator(`#squares [data-square="${m.slice(0, 2)}"]`).click();
    await page.locator(`#squares [data-square="${m.slice(2, 4)}"]`).click();
  };
  await move('g3g4');
  await expect(board).toHaveAttribute('data-puzzle', 'wrong');
  await expect(page.locator('#toast')).toHaveText(english['embed.puzzleWrong']);
  await expect(board).toHaveAttribute('data-fen', start);
  await move('a3a4');
  // The board answers with the solution's next move by itself.
  await expect(board).toHaveAttribute('data-plies', '2');
  await move('a4a5');
  await expect(board).toHaveAttribute('data-puzzle', 'solved');
  await expect(page.locator('#status-text')).toHaveText(english['embed.puzzleSolved']);
});

test('a long list of bad parameters scrolls in a small frame; a right-to-left override stays inside its value', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 520 });
  const bad = [
    'mode=dance', 'level=9', 'side=red', 'orientation=up', 'theme=purple', 'lang=xx', 'coords=maybe',
    'sound=loud', 'controls=jump', 'variant=chess', 'fen=nonsense', 'moves=a3a9', 'ply=x',
    'marks=z1', 'v=2', 'id=\u202eevil',
  ];
  await page.goto(`/embed.html?${bad.map((p) => p.replace(/=(.*)/, (_, v) => `=${encodeURIComponent(v)}`)).join('&')}`);
  const items = page.locator('#embed-errors li');
  await expect(page.locator('#embed-error')).toBeVisible();
  expect(await items.count()).toBeGreaterThanOrEqual(14);
  const last = items.last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  // The override shows as a replacement character, inside an isolate that ends before the quote.
  const evil = page.locator('#embed-errors li', { hasText: 'evil' });
  await expect(evil).toContainText("'\u2068\ufffdevil\u2069'");
  await page.screenshot({ path: fileURLToPath(new URL('./screenshots/embed-errors-320x520.png', import.meta.url)) });
});

test('the site\'s own name: a tabula: command is obeyed, and every event comes under both names', async ({ page }) => {
  await openHost(page, [{ id: 'named', query: 'mode=hotseat' }]);
  expect(await received(page, 'tabula:ready', 'named')).toHaveLength(1);
  await command(page, 'named', { type: 'tabula:playMoves', moves: ['a3a4'] });
  await expect.poll(() => received(page, 'tabula:move', 'named').then((events) => events.length)).toBe(1);
  const [site] = await received(page, 'tabula:move', 'named');
  const [first] = await received(page, 'jungle:move', 'named');
  expect(site.move).toBe('a3a4');
  // The same event, only its name differs.
  expect({ ...site, type: 'move' }).toEqual({ ...first, type: 'move' });
});
