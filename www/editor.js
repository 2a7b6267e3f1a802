// Starts the position editor (editor.html) on the wasm module of the game in its address
// (`?game=shogi`; Jungle by default): each game's pages module exports `start_editor`. An
// external module script, so the page's Content-Security-Policy needs no inline script.
const GAMES = { jungle: './jungle-pages.js', shogi: './shogi-pages.js' };
const game = new URLSearchParams(location.search).get('game');
const { default: init, start_editor } = await import(GAMES[game] ?? GAMES.jungle);

await init();
start_editor();
