// The games of the Learn and embed pages: each game's pages module (bin `<game>-pages`, only that
// game's rules), its tutorial's files and its game page. The page's address names the game
// (`?game=shogi`; none or an unknown name: Jungle, whose module then reports the unknown name as
// a bad parameter). Each module is named here in full, so that the release build's hashed names
// reach this script. A third game adds a row.
export const GAMES = {
  jungle: {
    module: () => import('./jungle-pages.js'),
    lessons: 'learn/lessons.json',
    locales: ['learn/locales'],
    page: 'index.html',
  },
  shogi: {
    module: () => import('./shogi-pages.js'),
    lessons: 'learn/shogi/lessons.json',
    // The Learn page's own texts are shogi's, over Jungle's tutorial texts as a fallback.
    locales: ['learn/shogi/locales'],
    puzzles: 'learn/shogi/tsume.json',
    page: 'shogi.html',
  },
};

/** The game the address names, as a key of GAMES. */
export const gameName = (() => {
  const asked = new URLSearchParams(location.search).get('game')?.toLowerCase();
  return Object.hasOwn(GAMES, asked ?? '') ? asked : 'jungle';
})();

/** The game the address names. */
export const game = GAMES[gameName];

/** Loads and starts the game's pages module; resolves to its exports. */
export async function loadPages() {
  const module = await game.module();
  await module.default();
  return module;
}
