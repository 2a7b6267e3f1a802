// Starts the embed page (embed.html) on the game's wasm module (its texts in every language are
// compiled in). An external module script, so the page's Content-Security-Policy needs no inline
// script.
import init, { start_embed } from './jungle-pages.js';

await init();
start_embed();
