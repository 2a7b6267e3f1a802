// What a first visit to each game's page downloads, gzipped, against issue 5's budget of 250 KB
// (html, css, js, wasm, worker). `./run size` calls it after every release build.
//
// Counted per game: its page (index.html for Jungle, shogi.html for shogi); every file the page
// links (<link href>, <script src>: styles, icon, manifest, the module and its start script);
// what a script imports (the game's page module and its glue); the AI worker (worker.js) and
// what it loads for that game (games.js, and the game's AI module and its glue, fetched as the
// page starts);
// the service worker (sw.js); and the catalogues a non-English visitor of the game fetches
// (the site's, and the game's own: locales/shogi/), of the language whose are largest together. Other pages' own files (the editor's, the
// tutorial's) are not part of a game's first load; the service worker fetches them later, in
// the background, for offline use.
//
// Then each game's pages module (the Learn and embed pages'): its size, and that it carries
// none of the other game's rules.
//
// Each game's download must not carry the other game: no file of the other game's modules
// (named `<game>-…`) is reached, and no file reached holds text only the other game's rules
// hold (its start position).
//
// Usage: node tools/first-load.mjs <dist> <budget-bytes>; exits 1 when a game is over the budget
// or carries the other.
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { siteGames } from './games.mjs';

const [dist = 'dist', budgetText = '250000'] = process.argv.slice(2);
const budget = Number(budgetText);

/** Text only a game's rules' code holds (part of its start position, which no catalogue writes),
 * which the other games' downloads must lack. A game without one here is still held to the
 * names of its files. */
const MARKERS = { jungle: '1C3D1/T5L', shogi: 'PPPPPPPPP/1B5R1' };

/** Each game (www/games.js): its page, the prefix of its modules' files, its own catalogue
 * folder, the languages its page offers besides English, and its marker. */
const GAMES = siteGames().map(({ name, page, languages }) => ({
  name,
  page,
  prefix: `${name}-`,
  catalogues: `locales/${name}`,
  marker: MARKERS[name],
  languages: languages.filter((lang) => lang !== 'en'),
}));

/** The values of the capture groups of `pattern` in `text` (the first group that matched). */
function captures(text, pattern) {
  return [...text.matchAll(pattern)].map((m) => m.slice(1).find((group) => group !== undefined));
}

/**
 * Local files a page loads by itself (<link href>, <script src>, <img src>: not the pages it
 * links to with <a>), or a script imports.
 */
function references(file, text) {
  const urls = [];
  if (file.endsWith('.html')) {
    for (const tag of text.match(/<(?:link|script|img)\b[^>]*>/gi) ?? []) {
      urls.push(...captures(tag, /\b(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi));
    }
  } else {
    urls.push(...captures(text, /\bimport\b[^'"]*['"]([^'"]+)['"]/g));
    urls.push(...captures(text, /\bmodule_or_path\s*:\s*['"]([^'"]+)['"]/g));
    urls.push(...captures(text, /\bnew URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g));
    urls.push(...captures(text, /\bwasm\s*:\s*['"]([^'"]+)['"]/g));
  }
  return urls
    .filter((url) => url && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('#'))
    .map((url) => url.replace(/^\.?\//, '').split(/[?#]/)[0]);
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/**
 * The catalogues of the language whose catalogues are largest together, of the `languages` a
 * page offers besides English: the site's (`locales/<lang>.json`) and the game's own
 * (`<folder>/<lang>.json`, when it has a folder), as rows. A visitor reads one language, so this
 * is the most one visitor fetches.
 */
function largestCatalogues(folder, languages) {
  const present = (file) => existsSync(join(dist, file));
  const rowsOf = (lang) => [`locales/${lang}.json`, ...(folder ? [`${folder}/${lang}.json`] : [])]
    .filter(present)
    .map((file) => [`${file} (largest catalogues: ${lang})`, gzipped(file)]);
  const total = (rows) => rows.reduce((sum, [, size]) => sum + size, 0);
  return languages.map(rowsOf).sort((a, b) => total(b) - total(a))[0] ?? [];
}

/** The `ai: { … }` entry of `game`'s row in the games' list (games.js, minified or not), or ''. */
function aiModuleOf(gamesJs, game) {
  return new RegExp(`\\b${game}\\s*:\\s*\\{[^]*?\\bai\\s*:\\s*\\{([^}]*)\\}`).exec(gamesJs)?.[1] ?? '';
}

let failed = false;
for (const game of GAMES) {
  if (!existsSync(join(dist, game.page))) {
    console.error(`${game.name}: no ${game.page} in ${dist}`);
    failed = true;
    continue;
  }
  const others = GAMES.filter((other) => other !== game);
  const files = new Set();
  const queue = [];
  const add = (file) => {
    const name = file.split('/').pop();
    if (others.some((other) => name.startsWith(other.prefix))) return;
    if (!files.has(file) && existsSync(join(dist, file))) {
      files.add(file);
      queue.push(file);
    }
  };
  for (const start of [game.page, 'worker.js', 'sw.js']) add(start);
  while (queue.length > 0) {
    const file = queue.shift();
    if (!/\.(html|js)$/.test(file)) continue;
    let text = readFileSync(join(dist, file), 'utf8');
    // The games' list names every module of every game; the page's AI worker loads only its
    // game's `ai` module as the page starts (the others load with their pages).
    if (file === 'games.js') text = aiModuleOf(text, game.name);
    for (const next of references(file, text)) add(next);
  }

  const rows = [...files].map((file) => [file, gzipped(file)]);
  rows.push(...largestCatalogues(game.catalogues, game.languages));
  const total = rows.reduce((sum, [, size]) => sum + size, 0);
  console.log(`first load of the ${game.name} page:`);
  for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) {
    console.log(`  ${String(size).padStart(8)}  ${file}`);
  }
  console.log(`  ${total} bytes gzipped (budget ${budget})`);
  if (total > budget) {
    console.error(`${game.name}: the first load is ${total - budget} bytes over the budget`);
    failed = true;
  }
  for (const other of others) {
    if (!other.marker) continue;
    const carriers = [...files].filter((file) => readFileSync(join(dist, file)).includes(other.marker));
    if (carriers.length > 0) {
      console.error(`${game.name}: ${carriers.join(', ')} carry ${other.name}'s code ('${other.marker}')`);
      failed = true;
    }
  }
}

// Each game's pages module (bin `<game>-pages`: its Learn and embed pages, loaded by
// pages-module.js): its size, and that it holds none of the other game's rules.
for (const game of GAMES) {
  const wasm = readdirSync(dist).filter((f) => f.startsWith(`${game.prefix}pages_bg`) && f.endsWith('.wasm'));
  if (wasm.length === 0) {
    console.error(`${game.name}: no pages module (${game.prefix}pages_bg….wasm) in ${dist}`);
    failed = true;
    continue;
  }
  for (const file of wasm) {
    console.log(`${game.name}'s pages module: ${file} ${gzipped(file)} bytes gzipped`);
    for (const other of GAMES.filter((o) => o !== game && o.marker)) {
      if (readFileSync(join(dist, file)).includes(other.marker)) {
        console.error(`${game.name}: ${file} carries ${other.name}'s code ('${other.marker}')`);
        failed = true;
      }
    }
  }
}
process.exit(failed ? 1 : 0);
