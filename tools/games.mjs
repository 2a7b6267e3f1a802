// The site's games as the tools see them, read from the browser's list (www/games.js): each
// game's name, page and languages, the first game first. The tools that measure every game
// (tools/first-load.mjs, tools/lighthouse.mjs) take the games from here, so a new game needs no
// line in them (docs/adding-a-game.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../www/games.js', import.meta.url));

/**
 * The rows of www/games.js's `GAMES`, in order: `{ name, page, languages }` (`page` relative to
 * the site's root; `languages` the tags its pages speak, English first).
 */
export function siteGames(source = readFileSync(SOURCE, 'utf8')) {
  const body = source.split('export const GAMES = {\n')[1]?.split('\n};')[0];
  if (body === undefined) throw new Error('www/games.js: no `export const GAMES = {` … `};`');
  const games = [];
  for (const row of body.split(/\n(?= {2}[a-z][\w-]*: \{$)/m)) {
    const name = /^ {2}([a-z][\w-]*): \{$/m.exec(row)?.[1];
    if (!name) continue;
    const page = /\bpage: '([^']+)'/.exec(row)?.[1];
    const languages = /\blanguages: \[([^\]]*)\]/.exec(row)?.[1].match(/'[^']+'/g)?.map((tag) => tag.slice(1, -1));
    if (!page || !languages) throw new Error(`www/games.js: ${name}'s row lacks its page or languages`);
    games.push({ name, page, languages });
  }
  if (games.length === 0) throw new Error('www/games.js lists no game');
  return games;
}
