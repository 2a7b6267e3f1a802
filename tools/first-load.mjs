// What a first visit to the game page downloads, gzipped, against issue 5's budget of 250 KB
// (html, css, js, wasm, worker). `./run size` calls it after every release build.
//
// Counted: index.html; every file it links (<link href>, <script src>: styles, icon, manifest,
// the module loader); what the loader imports (the pages' wasm module and its glue); the AI
// worker (worker.js) and what it loads (the AI's wasm module and its glue, fetched as the page
// starts); the service worker (sw.js); and the largest catalogue a non-English visitor fetches
// (www/locales). Other pages' own files (the editor's, the tutorial's) are not part of the game
// page's first load; the service worker fetches them later, in the background, for offline use.
//
// Usage: node tools/first-load.mjs <dist> <budget-bytes>; exits 1 over the budget.
import { gzipSync } from 'node:zlib';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const [dist = 'dist', budgetText = '250000'] = process.argv.slice(2);
const budget = Number(budgetText);

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
  }
  return urls
    .filter((url) => url && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('#'))
    .map((url) => url.replace(/^\.?\//, '').split(/[?#]/)[0]);
}

const files = new Set();
const queue = [];
const add = (file) => {
  if (!files.has(file) && existsSync(join(dist, file))) {
    files.add(file);
    queue.push(file);
  }
};
for (const start of ['index.html', 'worker.js', 'sw.js']) add(start);
while (queue.length > 0) {
  const file = queue.shift();
  if (!/\.(html|js)$/.test(file)) continue;
  for (const next of references(file, readFileSync(join(dist, file), 'utf8'))) add(next);
}

const gzipped = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rows = [...files].map((file) => [file, gzipped(file)]);
const catalogues = existsSync(join(dist, 'locales'))
  ? readdirSync(join(dist, 'locales')).filter((f) => f.endsWith('.json') && f !== 'en.json')
  : [];
if (catalogues.length > 0) {
  const largest = catalogues
    .map((f) => [`locales/${f} (largest catalogue)`, gzipped(join('locales', f))])
    .sort((a, b) => b[1] - a[1])[0];
  rows.push(largest);
}

const total = rows.reduce((sum, [, size]) => sum + size, 0);
for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`  ${String(size).padStart(8)}  ${file}`);
}
console.log(`first load of the game page: ${total} bytes gzipped (budget ${budget})`);
if (total > budget) {
  console.error(`first load is ${total - budget} bytes over the budget`);
  process.exit(1);
}
