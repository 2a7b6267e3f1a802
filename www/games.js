// The site's games, for every script that loads one: each game's page, its wasm modules (its
// AI worker's, its analysis board's, its other pages'), the languages its pages speak and its
// tutorial's files. The first game is the one an address naming none plays (`?game=`). This is
// the browser's one list; the Rust side's is src/web/games/mod.rs, and tests/registration.rs
// holds the two, the build's modules and the pages to each other. Each module is named here in
// full (`import('./x.js')`), so that the release build's hashed names reach this file. A new game
// adds a row (docs/adding-a-game.md).
export const GAMES = {
  jungle: {
    page: 'index.html',
    // The AI worker's module (bin jungle-ai: the rules and the search, no page).
    ai: { glue: () => import('./jungle-ai.js'), wasm: 'jungle-ai_bg.wasm' },
    // The analysis board's and the puzzle trainer's module, and their engine worker's.
    analysis: { glue: () => import('./jungle-analysis.js'), wasm: 'jungle-analysis_bg.wasm' },
    // The Learn, embed and editor pages' module.
    pages: () => import('./jungle-pages.js'),
    // The languages its pages speak (the game's WebGame::LANGUAGES; the Learn page checks this
    // list against its module's choice).
    languages: ['en', 'id', 'vi', 'de', 'zh-CN'],
    lessons: 'learn/lessons.json',
    // The site's texts (the header's) and the tutorial's.
    locales: ['locales', 'learn/locales'],
    // A move of an embed's `jungle:move` event as the tutorial says it: a3-a4 (the animal's
    // letter of the game's notation is English).
    shownMove: (message) => `${message.move.slice(0, 2)}-${message.move.slice(2)}`,
  },
  shogi: {
    page: 'shogi.html',
    // Shogi's one module serves its page and its AI worker (src/bin/shogi-game.rs says why).
    ai: { glue: () => import('./shogi-game.js'), wasm: 'shogi-game_bg.wasm' },
    analysis: { glue: () => import('./shogi-analysis.js'), wasm: 'shogi-analysis_bg.wasm' },
    pages: () => import('./shogi-pages.js'),
    languages: ['en', 'ja', 'id', 'vi', 'de', 'zh-CN'],
    lessons: 'learn/shogi/lessons.json',
    locales: ['locales', 'learn/shogi/locales'],
    puzzles: 'learn/shogi/tsume.json',
    shownMove: (message) => message.san,
  },
};

/** The game an address naming none plays. */
export const FIRST_GAME = Object.keys(GAMES)[0];

/** The game `name` names (any case), as a key of GAMES; the first game for none or another. */
export function gameNamed(name) {
  const asked = name?.toLowerCase() ?? '';
  return Object.hasOwn(GAMES, asked) ? asked : FIRST_GAME;
}

/** The game this document's or worker's address names (`?game=`), as a key of GAMES. */
export const gameName = gameNamed(new URLSearchParams(location.search).get('game'));

/** The game this document's or worker's address names. */
export const game = GAMES[gameName];
