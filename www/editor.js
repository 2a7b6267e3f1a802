// Starts the position editor (editor.html) on the game's wasm module. An external module
// script, so the page's Content-Security-Policy needs no inline script.
import init, { start_editor } from './jungle-pages.js';

await init();
start_editor();
