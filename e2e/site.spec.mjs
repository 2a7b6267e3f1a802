// One site: the same header on every page, one theme and one sound for every page and tab
// (www/site.js), the pieces' sounds fetched after the page, and premoves against the AI.
import { readFileSync } from 'node:fs';
import { test, expect, openGame, newGame, clickMove, square } from './fixtures.mjs';
import { siteGames } from '../tools/games.mjs';

const english = JSON.parse(readFileSync(new URL('../www/locales/en.json', import.meta.url), 'utf8'));

/** Every page with the site's header, its own link's name, and when it is ready. */
const PAGES = [
  ['/', 'play', '#board-wrap[data-ready]'],
  ['/shogi.html', 'play', '#board-wrap[data-ready]'],
  ['/learn.html', 'learn', 'body[data-ready]'],
  ['/puzzles.html', 'puzzles', '#board-wrap[data-ready]'],
  ['/analysis.html', 'analysis', '#board-wrap[data-ready]'],
  ['/editor.html', 'editor', '#board-wrap[data-ready]'],
];

async function open(page, path, ready) {
  await page.goto(path.includes('?') ? `${path}&lang=en` : `${path}?lang=en`);
  await page.locator(ready).first().waitFor();
}

test('every page has the same header: both games, every page, the shown one marked', async ({ page }) => {
  for (const [path, own, ready] of PAGES) {
    for (const game of ['jungle', 'shogi']) {
      const address = game === 'shogi' && own !== 'play' ? `${path}?game=shogi` : path;
      if ((path === '/shogi.html') !== (game === 'shogi') && own === 'play') continue;
      await open(page, address, ready);
      const links = page.locator('.site-nav a');
      await expect(links, address).toHaveText(['play', 'learn', 'puzzles', 'analysis', 'editor'].map((p) => english[`nav.${p}`]));
      await expect(page.locator('.site-nav a[aria-current=page]'), address).toHaveAttribute('data-page', own);
      // The switch the build wrote (tools/game-pages.mjs) lists every game of www/games.js, in order.
      const switched = await page.locator('.game-switch a').evaluateAll((links) => links.map((link) => link.dataset.game));
      expect(switched, address).toEqual(siteGames().map(({ name }) => name));
      await expect(page.locator('.game-switch a[aria-current]'), address).toHaveAttribute('data-game', game);
      // Each link leads to that page of the game shown; the switch to this page of each game.
      const learn = game === 'shogi' ? /^learn\.html\?game=shogi(&lang=en)?$/ : /^learn\.html(\?lang=en)?$/;
      await expect(page.locator('.site-nav a[data-page=learn]'), address).toHaveAttribute('href', learn);
      await expect(page.locator('.site-nav a[data-page=play]'), address).toHaveAttribute('href', game === 'shogi' ? 'shogi.html' : './');
      const other = page.locator(`.game-switch a[data-game=${game === 'shogi' ? 'jungle' : 'shogi'}]`);
      const otherPage = own === 'play' ? (game === 'shogi' ? './' : 'shogi.html') : `${own}.html${game === 'shogi' ? '' : '?game=shogi'}`;
      await expect(other, address).toHaveAttribute('href', otherPage);
      await expect(page.locator('#theme'), address).toBeVisible();
      await expect(page.locator('#sound'), address).toBeVisible();
    }
  }
});

test('the installed app has a shortcut to each game\'s page, in the order of the games', async ({ page }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  const games = siteGames();
  expect(manifest.shortcuts.map(({ url }) => url)).toEqual(games.map(({ name, page: file }, at) => (at === 0 ? './' : file)));
  for (const shortcut of manifest.shortcuts) expect(shortcut.name.length, shortcut.url).toBeGreaterThan(2);
});

test('the theme and the sound chosen on one page hold on every page and in another tab', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openGame(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: 'light' });
  await open(other, '/editor.html', '#board-wrap[data-ready]');
  await page.locator('#theme').click();
  await page.locator('#sound').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('#sound')).toHaveAttribute('aria-pressed', 'false');
  // The open tab follows at once.
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(other.locator('#theme')).toHaveAttribute('aria-pressed', 'true');
  await expect(other.locator('#sound')).toHaveAttribute('aria-pressed', 'false');
  for (const [path, , ready] of PAGES) {
    await open(other, path, ready);
    await expect(other.locator('html'), path).toHaveAttribute('data-theme', 'dark');
    await expect(other.locator('#sound'), path).toHaveAttribute('aria-pressed', 'false');
  }
  // Chosen back on another page: the game page follows.
  await other.locator('#theme').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a theme and a sound chosen in a game\'s own settings before are kept', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page, '/learn.html', 'body[data-ready]');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.evaluate(() => localStorage.setItem('shogi.settings', JSON.stringify({
    version: 1, settings: { theme: 'dark', muted: true, pieces: 'kanji' },
  })));
  await open(page, '/learn.html', 'body[data-ready]');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('#sound')).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => [localStorage.getItem('tabula.theme'), localStorage.getItem('tabula.sound')]))
    .toEqual(['dark', 'off']);
});

test('the pieces\' sounds are wooden files fetched after the page has started', async ({ page }) => {
  const fetched = [];
  page.on('request', (request) => { if (/\/sounds\//.test(request.url())) fetched.push(request.url()); });
  await page.goto('/?lang=en');
  expect(fetched, 'no sound is part of the first load').toEqual([]);
  const response = await page.waitForResponse(/\/sounds\/move\.wav$/);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/wav');
  const bytes = await response.body();
  expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
  expect(bytes.length).toBeLessThan(20_000);
});

test('a premove set while the AI thinks is played at once after its move, and a press cancels one', async ({ page }) => {
  // The AI answers after a pause here, so that there is time to set up a premove.
  await page.route('**/worker-core.js', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      '(receive) => receive(message)',
      '(receive) => new Promise((wait) => setTimeout(wait, 1500)).then(() => receive(message))',
    );
    expect(body).toContain('setTimeout(wait');
    await route.fulfill({ response, body });
  });
  await openGame(page);
  await newGame(page, { mode: 'vsAi', side: 'black', level: 1 });
  const wrap = page.locator('#board-wrap');
  await clickMove(page, 'a3a4');
  await expect(wrap).toHaveAttribute('data-thinking', 'true');
  // The rat steps up while the AI thinks: a premove, shown, not yet played.
  await clickMove(page, 'g3g4');
  await expect(wrap).toHaveAttribute('data-premove', 'g3g4');
  await expect(wrap).toHaveAttribute('data-plies', '1');
  // The AI moves; the premove follows at once.
  await expect(wrap).toHaveAttribute('data-plies', '3', { timeout: 15_000 });
  await expect(page.locator('#moves .move[data-ply="3"]')).toContainText('g3');
  await expect(wrap).toHaveAttribute('data-premove', '');

  // Set up again, then a press on the board cancels it: the AI's move is answered by no one.
  await expect(wrap).toHaveAttribute('data-thinking', 'true');
  await clickMove(page, 'a4a5');
  await expect(wrap).toHaveAttribute('data-premove', 'a4a5');
  await square(page, 'd5').click();
  await expect(wrap).toHaveAttribute('data-premove', '');
  await expect(wrap).toHaveAttribute('data-plies', '4', { timeout: 15_000 });
  await page.waitForTimeout(300);
  await expect(wrap).toHaveAttribute('data-plies', '4');
});

test('a newcomer\'s welcome line is there from the first paint, before the game\'s module runs', async ({ page }) => {
  // The module arrives late here: until then what shows is the page and www/site.js alone.
  let release;
  const late = new Promise((resolve) => { release = resolve; });
  await page.route(/\.wasm$/, async (route) => { await late; await route.continue(); });
  await page.goto('/shogi.html?lang=en');
  await expect(page.locator('#welcome')).toBeVisible();
  await expect(page.locator('#board-wrap')).not.toHaveAttribute('data-ready', /./);
  release();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#welcome')).toBeVisible();
  await page.locator('#welcome-close').click();
  await expect(page.locator('#welcome')).toBeHidden();
  // A returning player (a game saved) is not welcomed again.
  await page.evaluate(() => localStorage.setItem('shogi.welcomed', '1'));
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute('data-welcome', /./);
  await expect(page.locator('#welcome')).toBeHidden();
});
