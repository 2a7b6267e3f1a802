// Offline and installable: the service worker (www/sw.js, its file list and version written by
// tools/pwa-build.mjs) precaches the whole build on the first visit; then the game runs with the
// network off and with the server gone; a new build downloads in the background, is announced,
// and replaces the old one whole on the next load. Also: the manifest makes the app installable,
// and the Content-Security-Policy is in force with no inline script.
//
// Each test serves its own copy of dist/ from its own server (e2e/serve.mjs) on a free port, so it
// can stop the server or deploy a new build without disturbing the other tests.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, chromium } from '@playwright/test';
import { test, expect, clickMove, boardState } from './fixtures.mjs';
import { finishBuild } from '../tools/pwa-build.mjs';
import { serveLocally } from '../tools/serve-local.mjs';

// Every other spec runs with service workers blocked (playwright.config.mjs).
test.use({ serviceWorkers: 'allow' });
base.use({ serviceWorkers: 'allow' });

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// The build under test, like the server's (playwright.config.mjs): E2E_DIST, else dist/.
const DIST = resolve(ROOT, process.env.E2E_DIST ?? 'dist');

/** A copy of dist/ served by e2e/serve.mjs on a free port; `stop()` ends the server. */
async function serveCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-site-'));
  cpSync(DIST, dir, { recursive: true });
  const site = await serveLocally(dir);
  return {
    dir,
    url: site.url,
    stop: site.stop,
    async remove() {
      await this.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The version that tools/pwa-build.mjs wrote into the served sw.js. */
function builtVersion(dir) {
  const match = /"version":"([0-9a-f]+)"/.exec(readFileSync(join(dir, 'sw.js'), 'utf8'));
  expect(match, 'sw.js carries a build version').not.toBeNull();
  return match[1];
}

/** The precache list that tools/pwa-build.mjs wrote into the served sw.js. */
function builtFiles(dir) {
  const json = /\/\* precache \*\/ (\{.*\}) \/\* precache \*\//.exec(readFileSync(join(dir, 'sw.js'), 'utf8'));
  return JSON.parse(json[1]).files.map((file) => file.path);
}

/** Opens the game and waits until it is ready and the service worker controls the page. */
async function openControlled(page, url) {
  await page.goto(url);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
}

/** The names of the site's caches. */
function cacheNames(page) {
  return page.evaluate(() => caches.keys());
}

/** Plays a forward move for Black by clicking (never repeating a position), checks it is taken. */
async function playAMove(page) {
  await page.waitForFunction(() => document.querySelector('#board-wrap').dataset.legal);
  const state = await boardState(page);
  const legal = state.legal.split(' ');
  const forward = legal.find((move) => Number(move.slice(3)) > Number(move.slice(1, 2))) ?? legal[0];
  await clickMove(page, forward);
  await expect(page.locator('#board-wrap')).not.toHaveAttribute('data-plies', state.plies);
}

/**
 * Three turns against the AI (a fresh page starts a game against it, the player Black): we move,
 * the AI answers from its Web Worker.
 */
async function playAgainstTheAi(page) {
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-mode', 'vs-ai');
  for (let turn = 1; turn <= 3; turn++) {
    await page.waitForFunction(() => {
      const d = document.querySelector('#board-wrap').dataset;
      return d.turn === 'black' && d.thinking === 'false' && d.legal;
    }, null, { timeout: 20_000 });
    const plies = Number((await boardState(page)).plies);
    await playAMove(page);
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', String(plies + 2), { timeout: 20_000 });
  }
}

/** Plays the game on to its end against the AI: into the den, else a capture, else any move. */
async function playToTheEnd(page) {
  for (let turn = 0; turn < 500; turn++) {
    await page.waitForFunction(() => {
      const d = document.querySelector('#board-wrap').dataset;
      return d.status !== 'playing' || (d.turn === 'black' && d.thinking === 'false' && d.legal);
    }, null, { timeout: 20_000 });
    const state = await boardState(page);
    if (state.status !== 'playing') return state.status;
    const occupied = await page.locator('#squares [data-piece]').evaluateAll((cells) => cells.map((c) => c.dataset.square));
    const legal = state.legal.split(' ');
    const move = legal.find((m) => m.endsWith('d9'))
      ?? legal.find((m) => occupied.includes(m.slice(2)))
      ?? legal[Math.floor(Math.random() * legal.length)];
    await clickMove(page, move);
    await expect(page.locator('#board-wrap')).not.toHaveAttribute('data-plies', state.plies);
  }
  throw new Error('no result after 500 moves');
}

test.describe('offline', () => {
  let site;
  test.beforeEach(async () => {
    site = await serveCopy();
  });
  test.afterEach(async () => {
    await site.remove();
  });

  test('after one visit the whole build is cached and a whole game against the AI plays with no network', async ({ page, context }) => {
    test.setTimeout(240_000);
    await openControlled(page, site.url);
    const version = builtVersion(site.dir);
    expect(await cacheNames(page)).toEqual([`tabula-${version}`]);
    // Every file of the build, and nothing else, is in the cache.
    const cached = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((request) => new URL(request.url).pathname.slice(1)).sort();
    }, `tabula-${version}`);
    expect(cached).toEqual(builtFiles(site.dir).sort());
    for (const file of ['index.html', 'shogi.html', 'puzzles.html', 'puzzles/jungle.json', 'worker.js', 'manifest.webmanifest', 'icons/icon-512.png', 'locales/en.json', 'locales/shogi/ja.json']) {
      expect(cached).toContain(file);
    }
    // The modules, their glue and the styles, under their hashed names.
    for (const stem of ['jungle-game_bg', 'jungle-game', 'jungle-pages_bg', 'jungle-ai_bg', 'jungle-ai', 'jungle-analysis_bg', 'jungle-analysis', 'shogi-game_bg', 'shogi-game', 'shogi-pages_bg', 'shogi-pages', 'shogi-analysis_bg', 'shogi-analysis', 'style']) {
      expect(cached.some((file) => new RegExp(`^${stem}\\.[0-9a-f]{16}\\.(js|wasm|css)$`).test(file)), stem).toBe(true);
    }

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded.fromServiceWorker()).toBe(true);
    await page.locator('#board-wrap[data-ready]').waitFor();
    await playAgainstTheAi(page);
    // A page address with a query is the same cached page.
    await page.goto(`${site.url}?offline=1`);
    await page.locator('#board-wrap[data-ready]').waitFor();
    // Every other page of the build (the tutorial, the embed page, once they exist) opens too.
    for (const other of builtFiles(site.dir).filter((file) => file.endsWith('.html') && file !== 'index.html')) {
      // The analysis board's worker never rests (it deepens until stopped), so DevTools never
      // sees its module's download as finished: no network idle there, its board is awaited.
      const waitUntil = other === 'analysis.html' ? 'load' : 'networkidle';
      const response = await page.goto(`${site.url}${other}`, { waitUntil });
      expect(response.ok(), other).toBe(true);
      expect(response.fromServiceWorker(), other).toBe(true);
      // And they work: the embed page shows its board, the Learn page its lessons.
      if (other === 'embed.html' || other === 'editor.html') {
        await page.locator('#board-wrap[data-ready]').waitFor();
      }
      // The analysis board's engine (its own worker module, from the cache) finds a move.
      if (other === 'analysis.html') {
        await page.locator('#board-wrap[data-ready]').waitFor();
        await expect(page.locator('#board-wrap')).toHaveAttribute('data-best', /^[a-g][1-9][a-g][1-9]$/, { timeout: 20_000 });
        // Shogi's, on its own analysis module.
        await page.goto(`${site.url}analysis.html?game=shogi`, { waitUntil: 'load' });
        await page.locator('#board-wrap[data-ready]').waitFor();
        await expect(page.locator('#board-wrap')).toHaveAttribute('data-best', /^[1-9][a-i][1-9][a-i]\+?$/, { timeout: 20_000 });
      }
      // The puzzle trainer shows a puzzle: its data (puzzles/jungle.json) came from the cache.
      if (other === 'puzzles.html') {
        await expect(page.locator('#board-wrap')).toHaveAttribute('data-state', 'solving', { timeout: 20_000 });
        await expect(page.locator('#board-wrap')).toHaveAttribute('data-puzzle', /^[0-9a-f]+$/);
      }
      // Shogi's page, with its AI worker (the same module, from the cache), answers a move.
      if (other === 'shogi.html') {
        await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
        await page.locator('#new-game').click();
        await page.locator('#new-game-form input[name=mode][value=vsAi]').check();
        await page.locator('#new-game-form input[name=side][value=black]').check();
        await page.locator('#new-game-form input[name=level][value="1"]').check();
        await page.locator('#new-game-start').click();
        await page.locator('#squares [data-square="7g"]').click();
        await page.locator('#squares [data-square="7f"]').click();
        await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '2', { timeout: 30_000 });
      }
      if (other === 'learn.html') {
        await page.locator('body[data-ready]').waitFor();
        // Its boards are lazy frames: wait for those that started loading (leaving them half
        // loaded would abort their requests).
        await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((frame) => {
          const inner = frame.contentDocument;
          return !inner || inner.URL === 'about:blank' || inner.querySelector('#board-wrap[data-ready]');
        }));
        await page.waitForLoadState('networkidle');
      }
    }
    // Another language's catalogue is a fetched file: it comes from the cache too.
    await page.goto(`${site.url}editor.html?lang=de`);
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const german = JSON.parse(readFileSync(new URL('../www/locales/editor/de.json', import.meta.url), 'utf8'));
    await expect(page.locator('#editor-start')).toHaveText(german['editor.start']);
    await page.goto(site.url);
    await page.locator('#board-wrap[data-ready]').waitFor();
    await context.setOffline(false);

    // No server at all: the game goes on to its end.
    await site.stop();
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await playAgainstTheAi(page);
    expect(['black-wins', 'white-wins', 'draw']).toContain(await playToTheEnd(page));
    await expect(page.locator('#banner')).toBeVisible();
    expect(await cacheNames(page)).toEqual([`tabula-${version}`]);
  });

  test('a new build downloads in the background, is announced, and replaces the old one whole', async ({ page }) => {
    test.setTimeout(120_000);
    await openControlled(page, site.url);
    const oldVersion = builtVersion(site.dir);
    await expect(page.locator('#update-notice')).toHaveCount(0);

    // Deploy a new build: one file changed (one that the page names without an integrity hash),
    // the build step run again over the copy.
    appendFileSync(join(site.dir, 'worker.js'), '\n// new build\n');
    finishBuild(site.dir);
    const newVersion = builtVersion(site.dir);
    expect(newVersion).not.toBe(oldVersion);

    // The next load finds it: it installs while the page keeps running on the old files.
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('#update-notice')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('#update-notice')).toContainText('new version');
    await page.screenshot({ path: fileURLToPath(new URL('./screenshots/update-notice.png', import.meta.url)) });
    expect((await cacheNames(page)).sort()).toEqual([`tabula-${newVersion}`, `tabula-${oldVersion}`].sort());
    const oldWorker = await page.evaluate(() => fetch('worker.js').then((r) => r.text()));
    expect(oldWorker).not.toContain('new build');

    // The load after that runs on the new build alone; the old cache is gone.
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await page.waitForFunction(
      (name) => caches.keys().then((names) => names.length === 1 && names[0] === name),
      `tabula-${newVersion}`,
      { timeout: 20_000 },
    );
    const newWorker = await page.evaluate(() => fetch('worker.js').then((r) => r.text()));
    expect(newWorker).toContain('new build');
    await expect(page.locator('#update-notice')).toHaveCount(0);
    await playAgainstTheAi(page);
  });

  test.describe('two tabs', () => {
    // The reload after the second tab closes (the refresh page that hands over to the new build)
    // never finished navigating in 10 of 159 tries when the refresh came at once; none in 86
    // since it waits a second (docs/offline.md). Retried once still: a hang shows as flaky.
    test.describe.configure({ retries: 1 });
    test('with a second tab open the new build waits, so no page has its files changed under it', async ({ page, context }) => {
      test.setTimeout(90_000);
      await openControlled(page, site.url);
      const other = await context.newPage();
      await openControlled(other, site.url);
      const oldVersion = builtVersion(site.dir);
      appendFileSync(join(site.dir, 'worker.js'), '\n// new build\n');
      finishBuild(site.dir);
      const newVersion = builtVersion(site.dir);

      await page.reload();
      await expect(page.locator('#update-notice')).toBeVisible({ timeout: 20_000 });
      // Reloading while the other tab is open: still the old build, in both.
      await page.reload();
      await page.locator('#board-wrap[data-ready]').waitFor();
      for (const tab of [page, other]) {
        expect(await tab.evaluate(() => fetch('worker.js').then((r) => r.text()))).not.toContain('new build');
      }
      expect((await cacheNames(page)).sort()).toEqual([`tabula-${newVersion}`, `tabula-${oldVersion}`].sort());
      await playAgainstTheAi(other);

      // The other tab closed, the next reload brings the new build.
      await other.close();
      await page.reload();
      try {
        await page.locator('#board-wrap[data-ready]').waitFor({ timeout: 20_000 });
      } catch (error) {
        test.setTimeout(150_000);
        // The hang (docs/offline.md): print what the tab shows and the worker's states, so that a
        // failing run says where the hand-over stopped.
        const answer = (promise) => Promise.race([promise.catch((e) => String(e)), new Promise((done) => setTimeout(() => done('no answer in 5 s'), 5_000))]);
        const state = await answer(page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          return { url: location.href, html: document.documentElement.outerHTML.slice(0, 300),
            controller: navigator.serviceWorker.controller?.scriptURL ?? null,
            active: r?.active?.state, waiting: r?.waiting?.state ?? null, installing: r?.installing?.state ?? null,
            caches: await caches.keys() };
        }));
        // The page's own script may not run (no document committed): ask the workers themselves.
        const workers = await Promise.all(context.serviceWorkers().map((worker) => answer(worker.evaluate(async () => {
          const r = self.registration;
          return { script: self.serviceWorker?.state, active: r.active?.state ?? null, waiting: r.waiting?.state ?? null,
            installing: r.installing?.state ?? null, caches: await caches.keys(),
            clients: (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).map((c) => [c.url, c.visibilityState, c.frameType]) };
        }))));
        console.log('the reload after the other tab closed did not finish:', JSON.stringify({ url: page.url(), state, workers }));
        throw error;
      }
      await page.waitForFunction(
        (name) => caches.keys().then((names) => names.length === 1 && names[0] === name),
        `tabula-${newVersion}`,
        { timeout: 20_000 },
      );
      expect(await page.evaluate(() => fetch('worker.js').then((r) => r.text()))).toContain('new build');
    });
  });

  test('the notice button switches to the new build at once', async ({ page }) => {
    test.setTimeout(60_000);
    await openControlled(page, site.url);
    appendFileSync(join(site.dir, 'worker.js'), '\n// newer build\n');
    finishBuild(site.dir);
    const newVersion = builtVersion(site.dir);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await expect(page.locator('#update-notice')).toBeVisible({ timeout: 20_000 });
    await page.locator('#update-notice button').click();
    await page.waitForFunction(
      (name) => caches.keys().then((names) => names.length === 1 && names[0] === name),
      `tabula-${newVersion}`,
      { timeout: 20_000 },
    );
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('#update-notice')).toHaveCount(0);
  });

  test('the notice speaks the language the reader chose', async ({ page }) => {
    test.setTimeout(60_000);
    await openControlled(page, site.url);
    await page.locator('#language').selectOption('vi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    appendFileSync(join(site.dir, 'worker.js'), '\n// newer build\n');
    finishBuild(site.dir);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const vi = JSON.parse(readFileSync(join(ROOT, 'www/locales/vi.json'), 'utf8'));
    await expect(page.locator('#update-notice span')).toHaveText(vi['update.ready'], { timeout: 20_000 });
    await expect(page.locator('#update-notice button')).toHaveText(vi['update.reload']);
  });

  test('a tab that another tab switched to the new build says so and offers to reload', async ({ page, context }) => {
    test.setTimeout(60_000);
    await openControlled(page, site.url);
    const other = await context.newPage();
    await openControlled(other, site.url);
    appendFileSync(join(site.dir, 'worker.js'), '\n// new build\n');
    finishBuild(site.dir);
    await other.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await expect(other.locator('#update-notice')).toBeVisible({ timeout: 20_000 });
    await other.locator('#update-notice button').click();
    await other.locator('#board-wrap[data-ready]').waitFor();

    await expect(page.locator('#update-notice')).toContainText('updated in another tab', { timeout: 20_000 });
    await page.locator('#update-notice button').click();
    await page.locator('#board-wrap[data-ready]').waitFor();
    expect(await page.evaluate(() => fetch('worker.js').then((r) => r.text()))).toContain('new build');
    await expect(page.locator('#update-notice')).toHaveCount(0);
  });

  test('a debug build on the same address removes the worker and its caches', async ({ page }) => {
    test.setTimeout(60_000);
    await openControlled(page, site.url);
    // `./run dev` serves www/sw.js as it is: no version.
    writeFileSync(join(site.dir, 'sw.js'), readFileSync(join(ROOT, 'www/sw.js')));
    await page.reload();
    await page.waitForFunction(
      () => navigator.serviceWorker.getRegistration().then(async (r) => r === undefined && (await caches.keys()).length === 0),
      null,
      { timeout: 20_000 },
    );
  });

  test('a build whose files do not match its list is never installed', async ({ page }) => {
    test.setTimeout(60_000);
    await openControlled(page, site.url);
    const oldVersion = builtVersion(site.dir);
    // A half-finished deploy: the new list is out, but one file is still the old one.
    appendFileSync(join(site.dir, 'worker.js'), '\n// half deployed\n');
    finishBuild(site.dir);
    writeFileSync(join(site.dir, 'worker.js'), readFileSync(join(DIST, 'worker.js')));
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update();
      const worker = registration.installing;
      if (!worker) return 'nothing installing';
      return new Promise((resolve) => {
        const settled = () => ['installed', 'redundant'].includes(worker.state) && resolve(worker.state);
        worker.addEventListener('statechange', settled);
        settled();
      });
    });
    expect(outcome).toBe('redundant');
    expect(await cacheNames(page)).toEqual([`tabula-${oldVersion}`]);
    await expect(page.locator('#update-notice')).toHaveCount(0);
  });

  test('a profile saved before the site had its own name keeps its games, rating, language and theme', async ({ page }) => {
    test.setTimeout(120_000);
    const profile = JSON.parse(readFileSync(join(ROOT, 'e2e/data/profile.json'), 'utf8'));
    // The browser as that build left it: its storage, and its offline cache under the old name,
    // written from a document of the site that runs none of its scripts (the manifest; the
    // browser asks for a favicon beside it, which the site does not have).
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
    await page.goto(`${site.url}manifest.webmanifest`);
    await page.evaluate(async ({ localStorage: stored, cache }) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      await (await caches.open(cache)).put('/old-build-file', new Response('old'));
    }, profile);

    await openControlled(page, site.url);
    // The language and the theme chosen then, now the site's own keys.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => ['lang', 'theme'].map((name) => [
      localStorage.getItem(`tabula.${name}`), localStorage.getItem(`jungle.${name}`),
    ]))).toEqual([['de', null], ['dark', null]]);
    // The Jungle game resumes where it was, with no welcome line for a returning player.
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '3');
    await expect(page.locator('#welcome')).toBeHidden();
    // The old build's cache goes once the new one holds the build.
    const version = builtVersion(site.dir);
    await page.waitForFunction(
      (name) => caches.keys().then((names) => names.length === 1 && names[0] === name),
      `tabula-${version}`,
      { timeout: 20_000 },
    );

    await page.goto(`${site.url}shogi.html`);
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '4');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await page.goto(`${site.url}puzzles.html`);
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-rating', '1440', { timeout: 20_000 });
  });
});

// A Playwright context is an incognito profile, where Chromium never offers to install: this test
// starts Chromium with a profile of its own.
base('the manifest makes the app installable in Chromium', async ({ baseURL }) => {
  const profile = mkdtempSync(join(tmpdir(), 'jungle-profile-'));
  const { launchOptions } = base.info().project.use;
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await page.goto('/');
    await page.locator('#board-wrap[data-ready]').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const fields = JSON.parse(manifest.data);
    expect(fields.display).toBe('standalone');
    expect(fields.name).toContain('Tabula');
    expect(fields.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(fields.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // Each PNG is the size the manifest says (the width and height in its header).
    for (const icon of fields.icons.filter((i) => i.type === 'image/png')) {
      const bytes = Buffer.from(await (await page.request.get(icon.src)).body());
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([width, height]);
    }
    expect(fields.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
    expect(fields.icons.some((i) => i.purpose === 'any' && i.sizes === '512x512')).toBe(true);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// Not the shared fixture: this test provokes the violations it checks for.
base('the policy is in force: the page runs without a violation, inline scripts and eval are refused', async ({ page }) => {
  const site = await serveCopy();
  try {
    // A script of the site's own that tries eval and new Function.
    writeFileSync(join(site.dir, 'probe.js'), `
      const refused = (run) => { try { run(); return false; } catch { return true; } };
      document.body.dataset.evalRefused = refused(() => eval('1'));
      document.body.dataset.functionRefused = refused(() => new Function('return 1')());
    `);
    await page.addInitScript(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(site.url);
    await page.locator('#board-wrap[data-ready]').waitFor();
    expect(await page.evaluate(() => window.violations)).toEqual([]);
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain("'unsafe-eval'");
    expect(await page.locator('script:not([src])').count()).toBe(0);

    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.inlineRan = true';
      document.head.append(inline);
      const probe = document.createElement('script');
      probe.src = 'probe.js';
      document.head.append(probe);
    });
    await expect(page.locator('body')).toHaveAttribute('data-eval-refused', 'true');
    await expect(page.locator('body')).toHaveAttribute('data-function-refused', 'true');
    expect(await page.evaluate(() => window.inlineRan)).toBeUndefined();
    expect(await page.evaluate(() => window.violations)).toEqual(['script-src-elem inline', 'script-src eval', 'script-src eval']);
  } finally {
    await site.remove();
  }
});
