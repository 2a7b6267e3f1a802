// The AI's Web Worker: loads the AI module of the game its address names (`worker.js?game=shogi`;
// none: Jungle) — the rules and the search of that game only: Jungle's own AI module (bin
// jungle-ai), or shogi's one module, which its page has already loaded (bin shogi-game) — and
// hands every message to Rust (src/web/ai_worker.rs), which searches and posts the replies. The page cancels a search by terminating this worker and
// starting another. Each game's module is named here in full, so that the release build's
// hashed names reach this script.
const GAMES = {
  jungle: { glue: () => import('./jungle-ai.js'), wasm: 'jungle-ai_bg.wasm' },
  shogi: { glue: () => import('./shogi-game.js'), wasm: 'shogi-game_bg.wasm' },
};
const game = GAMES[new URL(self.location.href).searchParams.get('game') ?? 'jungle'];

// Loading starts at once; a job that arrives before the module is ready waits for it.
const ready = game === undefined
  ? Promise.reject(new Error('no such game'))
  : game.glue().then(async (module) => {
    await module.default({ module_or_path: new URL(game.wasm, import.meta.url) });
    return module.worker_receive;
  });
ready.then(
  () => self.postMessage({ type: 'ready' }),
  (error) => self.postMessage({ type: 'crashed', message: `the AI could not load: ${error?.message ?? error}` }),
);

self.onmessage = (event) => {
  const message = event.data;
  // A failure (a Rust panic leaves the module unusable) is reported, then this worker ends; the
  // page starts a fresh one and asks again.
  ready
    .then((receive) => receive(message))
    .catch((error) => {
      self.postMessage({ type: 'crashed', message: String(error?.message ?? error) });
      self.close();
    });
};
