// The AI's Web Worker: loads the AI's own wasm module (the rules and the search: bin jungle-ai,
// which the pages' module does not carry) and hands every message to Rust
// (src/web/ai_worker.rs), which searches and posts the replies. The page cancels a search by
// terminating this worker and starting another.
import init, { worker_receive } from './jungle-ai.js';

// Loading starts at once; a job that arrives before the module is ready waits for it.
const ready = init({ module_or_path: new URL('jungle-ai_bg.wasm', import.meta.url) });
ready.then(
  () => self.postMessage({ type: 'ready' }),
  (error) => self.postMessage({ type: 'crashed', message: `the AI could not load: ${error?.message ?? error}` }),
);

self.onmessage = (event) => {
  const message = event.data;
  // A failure (a Rust panic leaves the module unusable) is reported, then this worker ends; the
  // page starts a fresh one and asks again.
  ready
    .then(() => worker_receive(message))
    .catch((error) => {
      self.postMessage({ type: 'crashed', message: String(error?.message ?? error) });
      self.close();
    });
};
