// What the site's two Web Workers share (worker.js: a game page's AI; analysis-worker.js: the
// analysis board's engine): load the wasm module of the game the worker's address names
// (`?game=shogi`; none: the first game) and hand every message to its `worker_receive`, which
// answers. The games' modules are named in www/games.js; a module is fetched only when a worker
// asks for it, so no other module counts in a page's first load.
import { GAMES, FIRST_GAME } from './games.js';

/**
 * Starts serving messages with the game's module `part` (www/games.js: `ai` or `analysis`, each
 * `{ glue, wasm }`); `what` names it in the error a failed load posts ("the AI could not load: …").
 */
export function serve(part, what) {
  const game = GAMES[new URL(self.location.href).searchParams.get('game') ?? FIRST_GAME]?.[part];
  // Loading starts at once; a job that arrives before the module is ready waits for it.
  const ready = game === undefined
    ? Promise.reject(new Error('no such game'))
    : game.glue().then(async (module) => {
      await module.default({ module_or_path: new URL(game.wasm, import.meta.url) });
      return module.worker_receive;
    });
  ready.then(
    () => self.postMessage({ type: 'ready' }),
    (error) => self.postMessage({ type: 'crashed', message: `${what} could not load: ${error?.message ?? error}` }),
  );
  self.onmessage = (event) => {
    const message = event.data;
    // A failure (a Rust panic leaves the module unusable) is reported, then this worker ends;
    // the page starts a fresh one and asks again.
    ready
      .then((receive) => receive(message))
      .catch((error) => {
        self.postMessage({ type: 'crashed', message: String(error?.message ?? error) });
        self.close();
      });
  };
}
