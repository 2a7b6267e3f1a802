// The analysis board's Web Worker: as worker.js, but it loads the game's analysis module
// (bin <game>-analysis: the search, MultiPV and the game review), which only the analysis page
// needs, so the game page's first load does not carry it (src/web/analysis_worker.rs handles
// the messages). The page stops a job by terminating this worker and starting another.
const GAMES = {
  jungle: { glue: () => import('./jungle-analysis.js'), wasm: 'jungle-analysis_bg.wasm' },
  shogi: { glue: () => import('./shogi-analysis.js'), wasm: 'shogi-analysis_bg.wasm' },
};
const game = GAMES[new URL(self.location.href).searchParams.get('game') ?? 'jungle'];

const ready = game === undefined
  ? Promise.reject(new Error('no such game'))
  : game.glue().then(async (module) => {
    await module.default({ module_or_path: new URL(game.wasm, import.meta.url) });
    return module.worker_receive;
  });
ready.then(
  () => self.postMessage({ type: 'ready' }),
  (error) => self.postMessage({ type: 'crashed', message: `the analysis could not load: ${error?.message ?? error}` }),
);

self.onmessage = (event) => {
  const message = event.data;
  ready
    .then((receive) => receive(message))
    .catch((error) => {
      self.postMessage({ type: 'crashed', message: String(error?.message ?? error) });
      self.close();
    });
};
