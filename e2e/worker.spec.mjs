// The AI worker on its own: malformed messages get a `failed` reply and leave it working.
import { test, expect, openGame } from './fixtures.mjs';

test('the AI worker answers malformed messages with "failed" and still searches afterwards', async ({ page }) => {
  await openGame(page);
  const replies = await page.evaluate(async () => {
    const worker = new Worker('worker.js', { type: 'module' });
    const received = [];
    const next = () => new Promise((resolve) => {
      worker.onmessage = (event) => {
        received.push(event.data);
        resolve(event.data);
      };
    });
    // The worker loads its own module and says when it is ready.
    let reply = next();
    await reply;
    const bad = [42, 'go', null, { id: 'seven' }, { id: 1, record: '1. z9z9', level: 3, seed: 1, hint: false }];
    for (const message of bad) {
      reply = next();
      worker.postMessage(message);
      await reply;
    }
    // A real job after all that: the start position, level 1.
    worker.onmessage = null;
    const best = await new Promise((resolve) => {
      worker.onmessage = (event) => {
        received.push(event.data);
        if (event.data.type === 'bestMove') resolve(event.data);
      };
      worker.postMessage({ id: 9, record: '*', level: 1, seed: 1, hint: false });
    });
    worker.terminate();
    return { received, best };
  });
  expect(replies.received[0].type).toBe('ready');
  const failures = replies.received.slice(1, 6);
  expect(failures.map((r) => r.type)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
  for (const failure of failures) expect(failure.message.length).toBeGreaterThan(0);
  expect(replies.received.some((r) => r.type === 'crashed')).toBe(false);
  expect(replies.best.id).toBe(9);
  expect(replies.best.best).toMatch(/^[a-g][1-9][a-g][1-9]$/);
});

test('no page\'s module carries the search, and the worker\'s carries no page (shogi\'s one module is both)', async ({ page }) => {
  await openGame(page);
  const exports = await page.evaluate(async () => {
    const names = [...document.querySelectorAll('link[rel=preload][href$=".wasm"]')].map((l) => l.href);
    // games.js names each game's modules: `jungle: { …, ai: { glue: () => import('./…'), wasm: '…' },
    // …, pages: () => import('./…'), …` (minified in a release build: spaces and quotes may differ).
    const games = await (await fetch('games.js')).text();
    const ai = (game) => new RegExp(`\\b${game}:\\s*\\{[^]*?\\bai:\\s*\\{\\s*glue:\\s*\\(\\)\\s*=>\\s*import\\(\\s*['"]\\./([^'"]+)['"]\\s*\\),\\s*wasm:\\s*['"]([^'"]+)['"]`).exec(games);
    const aiGlue = new URL(ai('jungle')[1], location.href).href;
    const aiWasm = new URL(ai('jungle')[2], location.href).href;
    const shogiWasm = new URL(ai('shogi')[2], location.href).href;
    const pagesEntry = /\bjungle:\s*\{[^]*?\bpages:\s*\(\)\s*=>\s*import\(\s*['"]\.\/([^'"]+)['"]\s*\)/.exec(games);
    const pagesGlue = new URL(pagesEntry[1], location.href).href;
    const pagesWasm = new URL(/['"]([^'"]+_bg\.[0-9a-f]+\.wasm)['"]/.exec(await (await fetch(pagesGlue)).text())[1], location.href).href;
    const of = async (url) => WebAssembly.Module.exports(await WebAssembly.compileStreaming(fetch(url))).map((e) => e.name);
    const shogiPage = await (await fetch('shogi.html')).text();
    const shogiPreload = new URL(/<link[^>]*rel="?preload"?[^>]*href="?([^" >]+\.wasm)/.exec(shogiPage)[1], location.href).href;
    return {
      game: await of(names[0]), pages: await of(pagesWasm), ai: await of(aiWasm), aiGlue,
      shogi: await of(shogiWasm), shogiSame: shogiPreload === shogiWasm,
    };
  });
  expect(exports.ai).toContain('worker_receive');
  expect(exports.ai).not.toContain('start_embed');
  expect(exports.pages).toEqual(expect.arrayContaining(['start_embed', 'start_editor', 'lesson_queries']));
  expect(exports.pages).not.toContain('worker_receive');
  expect(exports.game).not.toContain('worker_receive');
  expect(exports.game).not.toContain('start_editor');
  // Shogi's page and worker load one module (src/bin/shogi-game.rs says why): the same file.
  expect(exports.shogiSame).toBe(true);
  expect(exports.shogi).toContain('worker_receive');
  expect(exports.shogi).not.toContain('start_editor');
});
