// Starts the analysis board (analysis.html) on its game's analysis module, the same file its
// engine's worker (analysis-worker.js) loads. An external module script, so the page's
// Content-Security-Policy needs no inline script.
import init, { start_analysis } from './jungle-analysis.js';

await init();
start_analysis();
