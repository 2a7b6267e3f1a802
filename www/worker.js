// The AI's Web Worker: runs the same wasm module as the page (which sends it the compiled module
// in its first message, so nothing is downloaded twice) and hands every later message to Rust
// (src/web/ai_worker.rs), which searches and posts the replies. The page cancels a search by
// terminating this worker and starting another.
import init, { worker_receive } from './jungle.js';

let ready = null;

self.onmessage = (event) => {
  const message = event.data;
  if (message && message.type === 'init') {
    ready = init({ module_or_path: message.module });
    ready.then(() => self.postMessage({ type: 'ready' }));
    return;
  }
  // A failure (a Rust panic leaves the module unusable) is reported, then this worker ends; the
  // page starts a fresh one and asks again.
  (ready ?? Promise.reject(new Error('the AI worker got a job before its module')))
    .then(() => worker_receive(message))
    .catch((error) => {
      self.postMessage({ type: 'crashed', message: String(error?.message ?? error) });
      self.close();
    });
};
