// Starts the puzzle trainer (puzzles.html, puzzles.html?game=shogi) on its game's analysis module
// (none or an unknown name: Jungle's), the same file the engine's worker (analysis-worker.js)
// loads for the refutations. Each module is named here in full, so that the release build's
// hashed names reach this script. An external module script, so the page's
// Content-Security-Policy needs no inline script.
const GAMES = {
  jungle: () => import('./jungle-analysis.js'),
  shogi: () => import('./shogi-analysis.js'),
};
const asked = new URLSearchParams(location.search).get('game')?.toLowerCase();
const game = Object.hasOwn(GAMES, asked ?? '') ? asked : 'jungle';
// The board's shape (shogi's hands beside it) sizes the layout: set before the module loads, so
// that nothing moves when it starts (the module sets the same).
document.body.dataset.game = game;
const module = await GAMES[game]();

await module.default();
module.start_puzzles();
