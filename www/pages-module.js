// The games of the Learn and embed pages: each game's pages module (bin `<game>-pages`, only that
// game's rules), its tutorial's files and its game page. The page's address names the game
// (`?game=shogi`; none or an unknown name: Jungle, whose module then reports the unknown name as
// a bad parameter). Each module is named here in full, so that the release build's hashed names
// reach this script. A third game adds a row.
export const GAMES = {
  jungle: {
    module: () => import('./jungle-pages.js'),
    // The languages its pages speak (JungleWeb::LANGUAGES; the Learn page checks this list
    // against its module's choice).
    languages: ['en', 'id', 'vi', 'de', 'zh-CN'],
    lessons: 'learn/lessons.json',
    // The site's texts (the header's) and the tutorial's.
    locales: ['locales', 'learn/locales'],
    page: 'index.html',
  },
  shogi: {
    module: () => import('./shogi-pages.js'),
    languages: ['en', 'ja', 'id', 'vi', 'de', 'zh-CN'],
    lessons: 'learn/shogi/lessons.json',
    // The site's texts (the header's) and shogi's tutorial's.
    locales: ['locales', 'learn/shogi/locales'],
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

/**
 * The language tag of `tag` (`de-AT`, `zh_Hans`, `in`) among the site's, or null: the same
 * reading as the pages' own (`Lang::parse`, src/embed/params.rs).
 */
function siteLanguage(tag) {
  const [primary, ...rest] = tag.trim().toLowerCase().replaceAll('_', '-').split('-');
  if (primary === 'zh') return rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part)) ? null : 'zh-CN';
  if (primary === 'in') return 'id';
  return ['en', 'id', 'vi', 'de', 'ja'].includes(primary) ? primary : null;
}

/**
 * The reader's language for the game's pages, known before its module loads (so that the
 * Learn page's texts show while the module downloads): `lang` in the address, else the first
 * of the browser's languages the game speaks, else English — the choice the module makes
 * (src/web/embed_page.rs `language`); the Learn page reports any difference as an error.
 */
export function readerLanguage() {
  const offered = (tag) => {
    const lang = tag ? siteLanguage(tag) : null;
    return lang && game.languages.includes(lang) ? lang : null;
  };
  return offered(new URLSearchParams(location.search).get('lang'))
    ?? navigator.languages.map(offered).find((lang) => lang)
    ?? 'en';
}

/** Loads and starts the game's pages module; resolves to its exports. */
export async function loadPages() {
  const module = await game.module();
  await module.default();
  return module;
}
