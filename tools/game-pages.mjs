// The site's pages from one template per kind of page (tools/pwa-build.mjs calls this first, in
// every build, debug or release):
//
// - Each game's page is index.html, the game page's template, with the game's own parts put in:
//   `{{part}}` in the template takes the part of that name from the game's
//   src/web/games/<game>/page.html (`<template data-part="part">…</template>`; the settings, rules
//   and record formats only that game has), or one of the values every game gets (`{{game}}`, its
//   links' `{{query}}`, …: `gameValues`). The first game's page is the site's root (index.html),
//   every other game's `<game>.html`. Trunk's build links (`data-trunk`) are left out, the
//   stylesheet linked plainly, and each game gets its start script (`<game>-start.js`, which starts
//   its page's module `<game>-game`).
// - Every page's game switch (`<nav class="game-switch">`, empty in the sources) lists the games of
//   www/games.js in order: on a game's page, each game's page; on a shared page (Learn, puzzles,
//   analysis, editor: `<body data-page>`), that page of each game (`learn.html?game=shogi`).
// - The manifest (www/manifest.webmanifest) has a shortcut to each game's page, named by its title.
//
// So a new game writes its parts and its row in www/games.js, and no page (docs/adding-a-game.md).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteGames } from './games.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The parts each game's page.html must give (the others may be left out: nothing there). */
export const REQUIRED_PARTS = ['title', 'description'];

/** The parts a game's page.html may give, each a `{{part}}` of the template. */
export const PARTS = [
  ...REQUIRED_PARTS,
  // Its own texts' prefix ("shogi."), for the keys each game says in its own words.
  'texts',
  // The logo's extra class.
  'logo',
  // Elements over the board (a promotion choice), and buttons beside Undo and Redo.
  'board-parts',
  'actions',
  // The move list's extra class.
  'moves',
  // Its look: piece sets, board themes, notations.
  'looks',
  // The new game dialog: a fieldset of start positions before the rules, and its rules' fields.
  'start-positions',
  'rules',
  // The record dialog: the formats it writes, and the files it opens.
  'record-formats',
  'record-files',
];

/** The parts of a game's page.html, by name; an unknown or missing required part is an error. */
export function gameParts(source, where) {
  const parts = {};
  for (const [, name, body] of source.matchAll(/<template data-part="([\w-]+)">([\s\S]*?)<\/template>/g)) {
    if (!PARTS.includes(name)) throw new Error(`${where}: no part "${name}" in the template (${PARTS.join(', ')})`);
    if (name in parts) throw new Error(`${where}: part "${name}" given twice`);
    parts[name] = body.trim();
  }
  for (const name of REQUIRED_PARTS) {
    if (!parts[name]) throw new Error(`${where}: part "${name}" is missing`);
  }
  return parts;
}

/**
 * The values every game's page gets besides its parts: its name, its address, and its links'
 * queries (none for the first game, whose address needs no `?game=`).
 */
export function gameValues(game, first) {
  const own = game.name !== first;
  return {
    game: game.name,
    home: own ? game.page : './',
    query: own ? `?game=${game.name}` : '',
    'query-and': own ? `game=${game.name}&amp;` : '',
  };
}

/** The `<a>` of each game for a game switch; `pageOf(game)` its address, `current` its game. */
function switchLinks(games, pageOf, current) {
  return games
    .map(
      (game) =>
        `<a data-game="${game.name}" href="${pageOf(game)}"${game.name === current ? ' aria-current="true"' : ''} data-i18n="game.${game.name}"></a>`,
    )
    .join('');
}

/** `html` with its game switch listing `links`. */
function withGameSwitch(html, links, where) {
  const at = /(<nav class="game-switch"[^>]*>)\s*(<\/nav>)/;
  if (!at.test(html)) throw new Error(`${where}: no empty <nav class="game-switch">`);
  return html.replace(at, (_, open, close) => `${open}${links}${close}`);
}

/** One game's page from the template: its values and parts put in, Trunk's links left out. */
export function gamePage(template, games, game, parts) {
  const first = games[0].name;
  const values = { ...gameValues(game, first), ...parts };
  const html = template
    // Trunk's build links are for Trunk; the stylesheet it builds is linked as a plain file.
    .replace(/<link data-trunk rel="css" href="([^"]+)">/g, '<link rel="stylesheet" href="$1">')
    .replace(/\n[ \t]*<!--(?:(?!-->)[\s\S])*-->(?=\s*<link data-trunk)/g, '')
    .replace(/\n[ \t]*<link data-trunk [^>]*>/g, '')
    .replace(/\{\{([\w-]+)\}\}/g, (placeholder, name) => {
      if (name in values) return values[name];
      if (PARTS.includes(name)) return '';
      throw new Error(`index.html: ${placeholder} is neither a part nor a value`);
    });
  const links = switchLinks(games, (other) => gameValues(other, first).home, game.name);
  return withGameSwitch(html, links, `${game.name}'s page`);
}

/** The script that starts a game's page: its page module's glue, which runs the module's main. */
export function startScript(game) {
  return `// Starts ${game.name}'s page on its wasm module (bin ${game.name}-game), written by tools/game-pages.mjs.\nimport init from './${game.name}-game.js';\n\nawait init();\n`;
}

/**
 * Writes every game's page and start script into the built site `dir`, fills the game switch of
 * every shared page there, and gives the manifest a shortcut to each game's page. Returns the
 * pages written or filled.
 */
export function writeGamePages(dir, root = ROOT) {
  const games = siteGames(readFileSync(join(root, 'www/games.js'), 'utf8'));
  const template = readFileSync(join(root, 'index.html'), 'utf8');
  const written = [];
  const shortcuts = [];
  for (const game of games) {
    const partsFile = `src/web/games/${game.name}/page.html`;
    if (!existsSync(join(root, partsFile))) throw new Error(`${partsFile} is missing (docs/adding-a-game.md)`);
    const parts = gameParts(readFileSync(join(root, partsFile), 'utf8'), partsFile);
    writeFileSync(join(dir, game.page), gamePage(template, games, game, parts));
    writeFileSync(join(dir, `${game.name}-start.js`), startScript(game));
    written.push(game.page);
    const url = gameValues(game, games[0].name).home;
    shortcuts.push({ name: parts.title, short_name: parts.title, url, description: parts.description });
  }
  const manifest = join(dir, 'manifest.webmanifest');
  writeFileSync(manifest, `${JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), shortcuts }, null, 2)}\n`);
  const first = games[0].name;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.html') && !written.includes(name))) {
    const html = readFileSync(join(dir, file), 'utf8');
    const kind = /<body[^>]*\bdata-page="([\w-]+)"/.exec(html)?.[1];
    if (!kind || !html.includes('<nav class="game-switch"')) continue;
    const links = switchLinks(games, (game) => `${kind}.html${gameValues(game, first).query}`, first);
    writeFileSync(join(dir, file), withGameSwitch(html, links, file));
    written.push(file);
  }
  return written;
}
