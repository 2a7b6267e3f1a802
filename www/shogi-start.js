// Starts the shogi page (shogi.html) on its own wasm module (bin shogi-game): the glue's init
// fetches the module beside it and runs its main, which starts the page. An external module
// script, so the page's Content-Security-Policy needs no inline script.
import init from './shogi-game.js';

await init();
