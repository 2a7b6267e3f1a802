// Starts the embed page (embed.html, embed.html?game=shogi) on the game's own pages module (its
// texts in every language are compiled in); `mode=analysis` on the game's analysis module
// instead (the engine and the analysis board, src/web/analysis_page/), with its stylesheet, so
// that a frame in any other mode never downloads them. An external module script, so the page's
// Content-Security-Policy needs no inline script.
import { game } from './games.js';
import { loadPages } from './pages-module.js';

// Parameter names are read without regard to case, as the module reads them (a repeated `mode`
// is the module's error to report).
const analysis = [...new URLSearchParams(location.search)]
  .some(([name, value]) => name.trim().toLowerCase() === 'mode' && value.trim().toLowerCase() === 'analysis');

if (analysis) {
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = 'analysis.css';
  document.head.append(style);
  const module = await game.analysis.glue();
  await module.default();
  module.start_embed_analysis();
} else {
  const { start_embed } = await loadPages();
  start_embed();
}
