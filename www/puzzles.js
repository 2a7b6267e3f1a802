// Starts the puzzle trainer (puzzles.html, puzzles.html?game=shogi) on its game's analysis module
// (none or an unknown name: the first game's), the same file the engine's worker (analysis-worker.js)
// loads for the refutations (www/games.js: `analysis`). An external module script, so the page's
// Content-Security-Policy needs no inline script.
import { game, gameName } from './games.js';

// The board's shape (shogi's hands beside it) sizes the layout: set before the module loads, so
// that nothing moves when it starts (the module sets the same).
document.body.dataset.game = gameName;
const module = await game.analysis.glue();

await module.default();
module.start_puzzles();
