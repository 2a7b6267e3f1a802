// The Learn, embed and editor pages' module of the game the address names (`?game=shogi`; none or
// an unknown name: the first game, whose module then reports the unknown name as a bad
// parameter), and the reader's language for its pages (www/games.js lists the games).
import { game } from './games.js';

export { game, gameName } from './games.js';

/**
 * The language tag of `tag` (`de-AT`, `zh_Hans`, `in`) among the site's, or null: the same
 * reading as the pages' own (`Lang::parse`, src/web/embed/params/).
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
  const module = await game.pages();
  await module.default();
  return module;
}
