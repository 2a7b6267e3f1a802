// What players and tutorial authors ran into on the landed site: a shogi embed that never got the
// AI's move, the board tag refused on other sites, a tap that always promoted, one Undo after a
// resignation taking back a move too, a new game throwing away the game in progress, the analysis
// board refusing the `_` form of a position in its address, a settings notice that came back on
// every visit, and the Learn page wider than a phone. And what they expected to find: a first
// visit that says how to win, an import box that opens empty, buttons to step through the moves,
// and a finished game's analysis one press away.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { test, expect, square, boardState, openGame, newGame, clickMove } from './fixtures.mjs';

const catalogue = (path) => JSON.parse(readFileSync(new URL(`../www/locales/${path}.json`, import.meta.url), 'utf8'));
// The site's texts with Jungle's own.
const english = { ...catalogue('en'), ...catalogue('jungle/en') };

/** Opens the shogi page and waits until the game and its AI worker are ready. */
async function openShogi(page) {
  await page.goto('/shogi.html?lang=en');
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
}

test.describe('a shogi embed plays against the AI', () => {
  for (const side of ['black', 'white']) {
    test(`as ${side === 'black' ? 'sente' : 'gote'}: the AI ${side === 'black' ? 'answers' : 'opens'}`, async ({ page }) => {
      await page.goto(`/embed.html?game=shogi&mode=play&side=${side}&level=1&lang=en`);
      const wrap = page.locator('#board-wrap[data-ready]');
      await wrap.waitFor();
      if (side === 'black') {
        await square(page, '7g').click();
        await square(page, '7f').click();
        await expect(wrap).toHaveAttribute('data-plies', '1');
      }
      // The AI's move: a shogi move, played on the board.
      await expect(wrap).toHaveAttribute('data-plies', side === 'black' ? '2' : '1', { timeout: 15_000 });
    });
  }
});

test('<game-board> loads on a page of another origin', async ({ page, baseURL }) => {
  // A page served from another port is another origin: it loads the tag's module from the
  // site, which the browser fetches in CORS mode.
  const site = new URL(baseURL);
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>A blog</title>
<script type="module" src="${site.origin}/jungle-board.js"></script></head><body>
<game-board game="shogi" mode="hotseat" moves="7g7f" width="320" height="420"></game-board>
<script>
  window.heard = [];
  for (const name of ['ready', 'move']) {
    document.querySelector('game-board').addEventListener(name, (e) => window.heard.push(e.detail.type));
  }
</script></body></html>`;
  const blog = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  });
  await new Promise((resolve) => blog.listen(0, '127.0.0.1', resolve));
  const other = `http://127.0.0.1:${blog.address().port}`;
  try {
    expect(other).not.toBe(site.origin);
    const script = page.waitForResponse(`${site.origin}/jungle-board.js`);
    await page.goto(`${other}/blog-post.html`);
    // The script came with the header a cross-origin module needs, and nothing wider.
    const headers = (await script).headers();
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['access-control-allow-credentials']).toBeUndefined();
    await expect.poll(() => page.evaluate(() => window.heard)).toEqual(['jungle:ready']);
    const frame = page.frameLocator('game-board iframe');
    await expect(frame.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
    await frame.locator('#squares [data-square="3c"]').click();
    await frame.locator('#squares [data-square="3d"]').click();
    await expect.poll(() => page.evaluate(() => window.heard)).toEqual(['jungle:ready', 'jungle:move']);
    // The site's other files are not shared with other origins.
    const index = await page.request.get(`${site.origin}/index.html`);
    expect(index.headers()['access-control-allow-origin']).toBeUndefined();
  } finally {
    await new Promise((resolve) => blog.close(resolve));
  }
});

/** A phone: touch, 390 × 844. */
async function phone(browser) {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  return { context, page: await context.newPage() };
}

async function tap(page, locator) {
  const box = await locator.boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/** Taps the bishop on 8h, then 2b in the zone, where promoting is optional: the choice opens
 * and stays open (the tap's own click lands where "Promote" now is and must not choose). */
async function tapBishopIntoTheZone(page) {
  await tap(page, square(page, '8h'));
  await tap(page, square(page, '2b'));
  const choice = page.locator('#choice');
  await expect(choice).toBeVisible();
  await page.waitForTimeout(300);
  await expect(choice).toBeVisible();
  return choice;
}

test('a tap onto a square where promotion is optional leaves the choice open; a second tap chooses', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await openShogi(page);
  await page.locator('#new-game').click();
  await page.locator('#new-game-form input[name=mode][value=hotseat]').check();
  await page.locator('#new-game-start').click();
  for (const [from, to] of [['7g', '7f'], ['3c', '3d']]) {
    await tap(page, square(page, from));
    await tap(page, square(page, to));
  }
  const choice = await tapBishopIntoTheZone(page);
  expect((await boardState(page)).plies).toBe('2');
  await tap(page, choice.locator('[data-choice="1"]'));
  await expect(choice).toBeHidden();
  await expect(square(page, '2b')).toHaveAttribute('data-piece', 'b:B');
  await context.close();
});

test('on the analysis board too, a tap leaves the promotion choice open', async ({ browser }) => {
  const { context, page } = await phone(browser);
  await page.goto('/analysis.html?game=shogi&moves=7g7f,3c3d&lang=en');
  const wrap = page.locator('#board-wrap');
  await expect(wrap).toHaveAttribute('data-ply', '2');
  const choice = await tapBishopIntoTheZone(page);
  await expect(wrap).toHaveAttribute('data-ply', '2');
  await tap(page, choice.locator('[data-choice="0"]'));
  await expect(wrap).toHaveAttribute('data-ply', '3');
  await expect(square(page, '2b')).toHaveAttribute('data-piece', 'b:+B');
  await context.close();
});

test('one Undo after resigning takes back the resignation alone', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await clickMove(page, 'a3a4');
  await page.locator('#resign').click();
  await page.locator('#resign').click();
  expect((await boardState(page)).status).toBe('black-wins');
  await page.locator('#undo').click();
  const state = await boardState(page);
  expect(state.status).toBe('playing');
  expect(state.plies).toBe('1');
  await expect(page.locator('#moves .move')).toHaveCount(1);
  // The game goes on from there.
  await clickMove(page, 'g7g6');
  expect((await boardState(page)).plies).toBe('2');
});

test('a new game over a game in progress says Undo brings it back, and it does', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await clickMove(page, 'a3a4');
  await clickMove(page, 'g7g6');
  await newGame(page, { mode: 'hotseat' });
  expect((await boardState(page)).plies).toBe('0');
  await expect(page.locator('#toast')).toHaveText(english['newGame.started']);
  await page.locator('#undo').click();
  expect((await boardState(page)).plies).toBe('2');
  await expect(page.locator('#toast')).toHaveText(english['newGame.undone']);
  // Redo starts the new game again.
  await page.locator('#redo').click();
  expect((await boardState(page)).plies).toBe('0');
});

test('the analysis board reads a position written with `_` for its spaces, as the embed does', async ({ page }) => {
  const sfen = '8k/9/8n/6B2/9/9/9/9/9_b_G2rb3g4s3n4l18p_1';
  await page.goto(`/analysis.html?game=shogi&sfen=${sfen}&lang=en`);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-fen', sfen.replaceAll('_', ' '));
  const fen = '6e/3L3/7/7/7/7/7/7/7_b_0_1';
  await page.goto(`/analysis.html?fen=${fen}&lang=en`);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-fen', fen.replaceAll('_', ' '));
});

test('a stored setting that cannot be used is told once, then replaced by its default', async ({ page }) => {
  await openGame(page);
  await page.evaluate(() => localStorage.setItem('jungle.settings', JSON.stringify({ version: 1, settings: { pieces: 'neon' } })));
  await page.reload();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice-text')).toContainText(english['notice.settingsFixed'].split(':')[0]);
  await page.reload();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#notice')).toBeHidden();
});

test.describe('the Learn page fits a 390 px phone', () => {
  const pages = [
    ...['en', 'id', 'vi', 'de', 'zh-CN'].map((lang) => `learn.html?lang=${lang}`),
    ...['en', 'ja', 'id', 'vi', 'de', 'zh-CN'].map((lang) => `learn.html?game=shogi&lang=${lang}`),
  ];
  for (const address of pages) {
    test(address, async ({ browser }) => {
      const { context, page } = await phone(browser);
      await page.goto(`/${address}`);
      await page.locator('body[data-ready]').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'the page is wider than the screen').toBeLessThanOrEqual(390);
      for (const link of await page.locator('.topbar a:visible').all()) {
        const box = await link.boundingBox();
        expect(box.x, await link.textContent()).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, await link.textContent()).toBeLessThanOrEqual(390);
      }
      await context.close();
    });
  }
});

test('a first visit says how to win and points to Learn; the next visit does not', async ({ page }) => {
  await page.goto('/shogi.html?lang=en');
  await page.locator('#board-wrap[data-ready]').waitFor();
  const shogi = { ...english, ...catalogue('shogi/en') };
  const welcome = page.locator('#welcome');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(shogi['shogi.welcome.goal']);
  await expect(page.locator('#welcome-learn')).toHaveAttribute('href', /learn\.html\?game=shogi/);
  await page.locator('#welcome-close').click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(welcome).toBeHidden();
  // Jungle's page welcomes its own newcomers, with its own goal.
  await page.goto('/?lang=en');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(welcome).toContainText(english['welcome.goal']);
});

test('import opens empty with no keyboard raised; the game\'s own record is one press away', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await clickMove(page, 'a3a4');
  await page.locator('#share').click();
  await expect(page.locator('#io-text')).toHaveValue('');
  // The focus is on a button, not in the text box (a phone would raise its keyboard).
  await expect(page.locator('#io-show')).toBeFocused();
  await page.locator('#io-show').click();
  await expect(page.locator('#io-text')).toHaveValue(/1\. a3a4/);
});

test('the move list steps with its buttons and Home/End; a finished game offers its analysis', async ({ page }) => {
  await openGame(page, '/?lang=en');
  await newGame(page, { mode: 'hotseat' });
  for (const move of ['a3a4', 'g7g6', 'a4a5']) await clickMove(page, move);
  const wrap = page.locator('#board-wrap');
  await expect(page.locator('#nav-next')).toBeDisabled();
  await page.locator('#nav-first').click();
  await expect(wrap).toHaveAttribute('data-viewing', '0');
  await expect(page.locator('#nav-previous')).toBeDisabled();
  await page.locator('#nav-next').click();
  await expect(wrap).toHaveAttribute('data-viewing', '1');
  await page.locator('#nav-last').click();
  await expect(wrap).not.toHaveAttribute('data-viewing', /./);
  await page.locator('#nav-previous').click();
  await expect(wrap).toHaveAttribute('data-viewing', '2');
  await page.locator('body').press('Home');
  await expect(wrap).toHaveAttribute('data-viewing', '0');
  await page.locator('body').press('End');
  await expect(wrap).not.toHaveAttribute('data-viewing', /./);
  // Resigned: the banner offers the game's analysis, at its last move.
  await page.locator('#resign').click();
  await page.locator('#resign').click();
  await expect(page.locator('#banner-analyse')).toBeVisible();
  await expect(page.locator('#banner-analyse')).toHaveAttribute('href', /analysis\.html\?saved=1&lang=en/);
});

test('a hint says it is being looked for, then shows', async ({ page }) => {
  await openGame(page, '/?lang=en');
  await newGame(page, { mode: 'hotseat' });
  await page.locator('#hint').click();
  // The search takes the better part of a second: the player sees it working.
  await expect(page.locator('#status-text')).toHaveText(english['turn.hinting']);
  await expect(page.locator('#hint')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('#hint')).toHaveAttribute('aria-busy', 'false', { timeout: 10_000 });
  await expect(page.locator('#status-text')).not.toHaveText(english['turn.hinting']);
});

test('shogi\'s import takes the move list as the page shows it, in Japanese notation', async ({ page }) => {
  await openShogi(page);
  await page.locator('#share').click();
  await page.locator('#io-text').fill('▲７六歩 △３四歩 ▲２二角成 △同　銀');
  await page.locator('#io-load').click();
  await expect(page.locator('#io-dialog')).toBeHidden();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '4');
  await expect(square(page, '2b')).toHaveAttribute('data-piece', 'w:S');
});
