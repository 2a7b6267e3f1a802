// The AI worker on its own: malformed messages get a `failed` reply and leave it working.
import { test, expect, openGame } from './fixtures.mjs';

test('the AI worker answers malformed messages with "failed" and still searches afterwards', async ({ page }) => {
  await openGame(page);
  const replies = await page.evaluate(async () => {
    const module = await WebAssembly.compileStreaming(fetch('jungle_bg.wasm'));
    const worker = new Worker('worker.js', { type: 'module' });
    const received = [];
    const next = () => new Promise((resolve) => {
      worker.onmessage = (event) => {
        received.push(event.data);
        resolve(event.data);
      };
    });
    let reply = next();
    worker.postMessage({ type: 'init', module });
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
