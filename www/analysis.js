// Starts the analysis board (analysis.html) on the pages' wasm module of its game. An external
// module script, so the page's Content-Security-Policy needs no inline script.
import init, { start_analysis } from './jungle-pages.js';

await init();
start_analysis();
