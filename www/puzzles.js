// Starts the puzzle trainer (puzzles.html) on its game's analysis module, the same file the
// engine's worker (analysis-worker.js) loads for the refutations. An external module script, so
// the page's Content-Security-Policy needs no inline script.
import init, { start_puzzles } from './jungle-analysis.js';

await init();
start_puzzles();
