// Starts the embed page (embed.html, embed.html?game=shogi) on the game's own pages module (its
// texts in every language are compiled in). An external module script, so the page's
// Content-Security-Policy needs no inline script.
import { loadPages } from './pages-module.js';

const { start_embed } = await loadPages();
start_embed();
