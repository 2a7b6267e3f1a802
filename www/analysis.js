// Starts the analysis board (analysis.html) on its game's analysis module (`?game=shogi`; none
// or an unknown name: the first game's; www/games.js), the same file its engine's worker
// (analysis-worker.js) loads.
// An external module script, so the page's Content-Security-Policy needs no inline script.
import { game } from './games.js';

const module = await game.analysis.glue();

await module.default();
module.start_analysis();
