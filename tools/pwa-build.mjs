// Trunk post_build hook (Trunk.toml): turns the staged release build into an offline web app.
//
// Every build: each game's page written from the game page's template, and every page's game
//    switch filled in (tools/game-pages.mjs).
// 1. Every inline <script> of every .html page moves into a file of its own next to the page
//    (Trunk 0.21 starts the wasm module from an inline module script), so that the
//    Content-Security-Policy needs no 'unsafe-inline'. Every page is minified (comments and
//    whitespace out: `minifyPage`).
// 2. Every page without a Content-Security-Policy gets CSP below as a <meta http-equiv>; every
//    page loses its HTML comments.
// 3. The service worker (sw.js, from www/) gets the build's file list, each file whose name
//    carries no content hash with the first 64 bits of its SHA-256, and the build's version: a
//    hash over all of them, so any change to any file is a new version.
//    The list is every file of the build (pages added later are picked up by themselves), minus the
//    service worker itself. Its comment lines are left out of the build.
// 0. The scripts are minified with terser (Trunk's own minifier fails on the wasm-bindgen glue,
//    "Failed to minify JS", and would ship it as written): the glue, the pages' scripts and
//    site.js; the service worker, the workers' loaders and the board tag stay as written
//    (`UNMINIFIED`).
// 0b. Each wasm module's imports get short names ($0, $1, …) in the module and in its glue:
//    wasm-bindgen names each import with a 16-digit hash (`__wbg_new_37eb45aaf5eeb820`), written
//    once in the module and once in the glue, some 250 times per module; the hashes do not
//    compress, and were about 4 KB of each game's first load (gzipped).
// 1a. Every element of every page marked `data-i18n` (and `-label`, `-title`, `-placeholder`)
//    gets its English text from locales/en.json (or a game's locales/<game>/en.json, or
//    learn/locales/en.json), so the page shows its
//    words at the first paint instead of after the wasm module starts (which then only changes
//    them for another language). An element the module writes itself (the status line) can say
//    what it says until then: `data-i18n-loading`.
// 1b. The files the pages name (the wasm modules and their glue, stylesheets, page scripts) get a
//    content hash in their names (`jungle-web.3f9a1c2b7d0e4f56.js`), every reference to them is
//    rewritten, and the pages' `integrity` attributes are recomputed: a host may cache such a file
//    for a year (docs/hosting.md), a new build has new names. Files named from code or from other
//    sites keep their names: sw.js, worker.js (the wasm names it), jungle-board.js (pages of
//    other sites include it).
// 1c. `_headers` lists the headers docs/hosting.md asks for, per file, for hosts that read it
//    (the board tag's script with the CORS header another site's page needs to load it).
// Debug builds (`trunk serve`, which injects an inline live-reload script) are left alone: the
// page registers no service worker there and sets no policy.
//
// Usage: run by Trunk with TRUNK_STAGING_DIR, TRUNK_PROFILE and TRUNK_PUBLIC_URL set; or by hand:
// `node tools/pwa-build.mjs <dir> [public-url]` (the e2e tests use that on a copied build).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { writeGamePages } from './game-pages.mjs';

/**
 * The policy: scripts and styles only from the site's own files, WebAssembly compiled from them
 * ('wasm-unsafe-eval' allows WebAssembly and nothing else eval-like), no plugins, no framing of
 * other sites, forms and <base> kept on the site. `frame-ancestors` cannot be set from a <meta>
 * (the embed page is meant to be framed anyway).
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** The service worker's file name at the site root; it is never in its own list. */
export const SERVICE_WORKER = 'sw.js';

/** Files the site never fetches: type declarations, source maps, dot files, the host's rules. */
const SKIPPED = [/\.d\.ts$/, /\.map$/, /(^|\/)\./, /^_headers$/];

/** Pages other sites may frame (docs/embed.md); every other page refuses (docs/hosting.md). */
export const FRAMEABLE_PAGES = ['embed.html'];

/**
 * Scripts other sites' pages load (the board tag, docs/embed.md): a module script from another
 * origin is fetched in CORS mode, so these, and only these, are sent with
 * `Access-Control-Allow-Origin: *` (they hold no data of anyone's, and send no credentials).
 */
export const CROSS_ORIGIN_SCRIPTS = ['jungle-board.js'];

/**
 * Step 1c: writes `_headers`, the rules of hosts that read one (Netlify, Cloudflare Pages):
 * `nosniff` and revalidation for every file, a year for each hashed file, and `frame-ancestors`
 * for the pages that must not be framed (docs/hosting.md). Returns the number of rules.
 */
export function writeHostHeaders(root) {
  const files = filesUnder(root).filter((file) => !SKIPPED.some((pattern) => pattern.test(file)));
  // One rule per file (hosts merge the rules that match a path, so a wildcard rule for
  // Cache-Control would add its value to every file's).
  const rules = [['/*', ['X-Content-Type-Options: nosniff']]];
  for (const file of files) {
    const headers = [NAME_HASH.test(file) ? 'Cache-Control: public, max-age=31536000, immutable' : 'Cache-Control: no-cache'];
    if (file.endsWith('.html') && !FRAMEABLE_PAGES.includes(file)) headers.push("Content-Security-Policy: frame-ancestors 'self'");
    if (CROSS_ORIGIN_SCRIPTS.includes(file)) headers.push('Access-Control-Allow-Origin: *');
    const path = `/${file.split('/').map(encodeURIComponent).join('/')}`;
    rules.push([path, headers]);
    if (file === 'index.html') rules.push(['/', headers]);
  }
  const text = rules.map(([path, headers]) => `${path}\n${headers.map((h) => `  ${h}`).join('\n')}`).join('\n');
  writeFileSync(join(root, '_headers'), `# Written by tools/pwa-build.mjs (docs/hosting.md).\n${text}\n`);
  return rules.length;
}

const PRECACHE_MARKERS = /\/\* precache \*\/[\s\S]*?\/\* precache \*\//;

function filesUnder(root) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return files;
}

/** The page's inline scripts moved to files: returns the new page text. */
function externaliseScripts(root, page, publicUrl) {
  const path = join(root, page);
  const html = readFileSync(path, 'utf8');
  let count = 0;
  const rewritten = html.replace(
    /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi,
    (whole, attributes, body) => {
      if (/\ssrc\s*=/i.test(attributes) || body.trim() === '') return whole;
      // JSON and other data blocks are not scripts the policy blocks.
      const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
      if (type && type !== 'module' && !type.includes('javascript')) return whole;
      count += 1;
      const stem = basename(page, '.html');
      const name = `${stem}-start${count > 1 ? `-${count}` : ''}.js`;
      writeFileSync(join(dirname(path), name), body.trim() + '\n');
      const directory = dirname(page) === '.' ? '' : `${dirname(page)}/`;
      return `<script${attributes} src="${publicUrl}${directory}${name}"></script>`;
    },
  );
  return rewritten;
}

function addPolicy(html) {
  if (/http-equiv\s*=\s*["']?content-security-policy/i.test(html)) return html;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${CSP}">`;
  // Right after <meta charset>: the policy covers only what comes after it.
  const charset = /<meta\s+charset\s*=\s*["']?[\w-]+["']?\s*\/?>/i;
  if (charset.test(html)) return html.replace(charset, (tag) => tag + meta);
  if (/<head\b[^>]*>/i.test(html)) return html.replace(/<head\b[^>]*>/i, (tag) => tag + meta);
  throw new Error('a page without <head> or <meta charset>: cannot place its policy');
}

function integrityOf(bytes) {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}

/** The wasm-bindgen glue of `root`: every `X.js` with an `X_bg.wasm` beside it. */
function bindgenGlue(root) {
  const files = new Set(filesUnder(root));
  return [...files].filter((file) => file.endsWith('.js') && files.has(file.replace(/\.js$/, '_bg.wasm')));
}

/** Reads the unsigned LEB128 number at `offset` of `bytes`: [value, offset after it]. */
function readLeb(bytes, offset) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[offset++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, offset];
  }
}

/** `value` as unsigned LEB128 bytes. */
function lebBytes(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}

/** The length in bytes of an import's description (after its kind byte) at `offset`. */
function importDescriptionLength(bytes, kind, offset) {
  const limits = (at) => {
    const flags = bytes[at];
    let [, next] = readLeb(bytes, at + 1);
    if (flags & 1) [, next] = readLeb(bytes, next);
    return next;
  };
  switch (kind) {
    case 0: return readLeb(bytes, offset)[1] - offset; // a function: its type's index
    case 1: return limits(offset + 1) - offset; // a table: its element type, its limits
    case 2: return limits(offset) - offset; // a memory: its limits
    case 3: return 2; // a global: its value type, mutable or not
    case 4: return readLeb(bytes, offset + 1)[1] - offset; // a tag: attribute, type index
    default: throw new Error(`unknown import kind ${kind}`);
  }
}

/**
 * Step 0b: gives the imports of the wasm module `wasmPath` whose names its glue `gluePath` writes
 * exactly once, as a key (`__wbg_new_37eb45aaf5eeb820: function…`), short names in both files.
 * Returns how many imports were renamed.
 */
export function shortenImports(wasmPath, gluePath) {
  const bytes = readFileSync(wasmPath);
  let glue = readFileSync(gluePath, 'utf8');
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let offset = 8;
  while (offset < bytes.length) {
    const id = bytes[offset];
    const [size, start] = readLeb(bytes, offset + 1);
    const end = start + size;
    if (id !== 2) {
      offset = end;
      continue;
    }
    const [count, first] = readLeb(bytes, start);
    const entries = [];
    let at = first;
    let renamed = 0;
    for (let i = 0; i < count; i++) {
      const [moduleLength, moduleStart] = readLeb(bytes, at);
      const moduleEnd = moduleStart + moduleLength;
      const [nameLength, nameStart] = readLeb(bytes, moduleEnd);
      const nameEnd = nameStart + nameLength;
      const kind = bytes[nameEnd];
      const descriptionEnd = nameEnd + 1 + importDescriptionLength(bytes, kind, nameEnd + 1);
      let name = decoder.decode(bytes.subarray(nameStart, nameEnd));
      const written = glue.split(name).length - 1;
      if (/^__wbg(?:indgen)?_\w+$/.test(name) && written === 1 && new RegExp(`\\b${name}\\s*:`).test(glue)) {
        const short = `$${(renamed++).toString(36)}`;
        glue = glue.replace(new RegExp(`\\b${name}(\\s*:)`), (_, colon) => `${short}${colon}`);
        name = short;
      }
      const nameBytes = encoder.encode(name);
      entries.push(
        bytes.subarray(at, moduleEnd),
        Uint8Array.from(lebBytes(nameBytes.length)),
        nameBytes,
        bytes.subarray(nameEnd, descriptionEnd),
      );
      at = descriptionEnd;
    }
    if (at !== end) throw new Error(`${wasmPath}: the import section did not read to its end`);
    const body = Buffer.concat([Uint8Array.from(lebBytes(count)), ...entries]);
    const section = Buffer.concat([Uint8Array.of(2), Uint8Array.from(lebBytes(body.length)), body]);
    writeFileSync(wasmPath, Buffer.concat([bytes.subarray(0, offset), section, bytes.subarray(end)]));
    writeFileSync(gluePath, glue);
    return renamed;
  }
  return 0;
}

/**
 * A page minified (html-minifier-terser): its comments, which are for its readers here, and the
 * whitespace between its elements left out, attribute quotes where none are needed. The pages the
 * build writes from their templates (tools/game-pages.mjs) are as small as Trunk's minified
 * index.html was, and www/'s pages, which Trunk copies as written, as small too.
 */
export async function minifyPage(html) {
  const { minify } = await import('html-minifier-terser');
  return minify(html, {
    collapseWhitespace: true,
    removeComments: true,
    removeAttributeQuotes: true,
    collapseBooleanAttributes: true,
  });
}

/** Scripts kept as written: the service worker (step 3 fills in its file list), the workers'
 * loaders (the e2e tests patch worker-core.js) and the board tag other sites load (readable
 * where its authors look). */
const UNMINIFIED = new Set([SERVICE_WORKER, 'worker.js', 'worker-core.js', 'analysis-worker.js', 'jungle-board.js']);

/** Step 0: minifies every other script of `root` (the wasm-bindgen glue, the pages' scripts,
 * site.js); returns the bytes saved. */
export async function minifyScripts(root) {
  const { minify } = await import('terser');
  let saved = 0;
  for (const file of filesUnder(root).filter((f) => f.endsWith('.js') && !UNMINIFIED.has(f))) {
    const path = join(root, file);
    const source = readFileSync(path, 'utf8');
    const { code } = await minify(source, { module: true, format: { comments: false } });
    if (code === undefined || code.length >= source.length) continue;
    writeFileSync(path, code);
    saved += source.length - code.length;
  }
  return saved;
}

/** The value of attribute `name` in the start tag `tag` (quoted or not), or undefined. */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** `text` made safe as HTML text and inside a double-quoted attribute. */
function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Step 1a: fills every `data-i18n` element of every page with its English text (elements left
 * empty in the source only), and adds the attributes `data-i18n-label`, `-title` and
 * `-placeholder` name; returns the number of texts filled. Idempotent.
 */
export function fillEnglishTexts(root) {
  // The site's catalogue, the games' own (locales/shogi/en.json) and the tutorial's
  // (learn/locales/en.json), keys never shared.
  const english = Object.assign({}, ...filesUnder(root)
    .filter((file) => /(^|\/)locales\/([a-z-]+\/)?en\.json$/.test(file))
    .map((file) => JSON.parse(readFileSync(join(root, file), 'utf8'))));
  const text = (key) => {
    if (typeof english[key] !== 'string') throw new Error(`no English text '${key}' in any locales/en.json`);
    return escapeHtml(english[key]);
  };
  let filled = 0;
  for (const page of filesUnder(root).filter((file) => file.endsWith('.html'))) {
    const path = join(root, page);
    const html = readFileSync(path, 'utf8');
    const updated = html.replace(/<([a-z][a-z0-9]*)(\s[^>]*?\bdata-i18n[^>]*)>(<\/\1>)?/gi, (whole, tag, attributes, close) => {
      let start = `<${tag}${attributes}>`;
      for (const [marker, target] of [['data-i18n-label', 'aria-label'], ['data-i18n-title', 'title'], ['data-i18n-placeholder', 'placeholder']]) {
        const key = attribute(start, marker);
        if (key !== undefined && attribute(start, target) === undefined) {
          start = `${start.slice(0, -1)} ${target}="${text(key)}">`;
          filled += 1;
        }
      }
      // `data-i18n-loading`: what an element the module fills says until then (its English text).
      const key = attribute(start, 'data-i18n') ?? attribute(start, 'data-i18n-loading');
      if (key !== undefined && close !== undefined) {
        filled += 1;
        return `${start}${text(key)}${close}`;
      }
      return `${start}${close ?? ''}`;
    });
    if (updated !== html) writeFileSync(path, updated);
  }
  return filled;
}

/** Files the pages of `root` load by name: stylesheets, scripts and preloads. */
function namedByPages(root) {
  const found = new Set();
  for (const page of filesUnder(root).filter((file) => file.endsWith('.html'))) {
    for (const tag of readFileSync(join(root, page), 'utf8').match(/<(?:link|script)\b[^>]*>/gi) ?? []) {
      const rel = (attribute(tag, 'rel') ?? '').toLowerCase();
      if (tag.toLowerCase().startsWith('<link') && !['stylesheet', 'modulepreload', 'preload'].includes(rel)) continue;
      const url = attribute(tag, 'href') ?? attribute(tag, 'src');
      if (url && !/^[a-z][a-z0-9+.-]*:/i.test(url)) found.add(url.replace(/^\.?\//, '').split(/[?#]/)[0]);
    }
  }
  return found;
}

/** A content hash as it appears in a file name: 16 hex digits. */
export const NAME_HASH = /\.[0-9a-f]{16}\.[a-z]+$/;

/** The pattern of a reference to the file named `name` (a whole name, after a quote, `/`, `=`…). */
function referenceTo(name) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<=^|[\\s"'(=/])${escaped}(?=$|[\\s"'),>?#])`, 'g');
}

/**
 * Step 1b: gives the files the pages name (and every wasm module and its glue) a content hash
 * in their names, rewrites every reference in the site's text files, and recomputes the pages'
 * integrity attributes. A file is hashed after the files it names, so its hash covers their new
 * names. Returns the old and new names. Files already hashed are left alone.
 */
export function hashNames(root) {
  const textFiles = () => filesUnder(root).filter((file) => /\.(html|js|mjs|css|webmanifest)$/.test(file));
  const pending = new Set(
    [...namedByPages(root), ...bindgenGlue(root).flatMap((glue) => [glue, glue.replace(/\.js$/, '_bg.wasm')])]
      .filter((file) => existsSync(join(root, file)) && !NAME_HASH.test(file)),
  );
  const renamed = new Map();
  while (pending.size > 0) {
    const ready = [...pending].find((file) => {
      const text = readFileSync(join(root, file), 'latin1');
      return [...pending].every((other) => other === file || !referenceTo(basename(other)).test(text));
    });
    if (ready === undefined) throw new Error(`these files name each other: ${[...pending].join(', ')}`);
    pending.delete(ready);
    const bytes = readFileSync(join(root, ready));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const extension = extname(ready);
    const hashed = `${ready.slice(0, -extension.length)}.${hash}${extension}`;
    renameSync(join(root, ready), join(root, hashed));
    renamed.set(ready, hashed);
    const pattern = referenceTo(basename(ready));
    for (const file of textFiles()) {
      const text = readFileSync(join(root, file), 'utf8');
      const updated = text.replace(pattern, basename(hashed));
      if (updated !== text) writeFileSync(join(root, file), updated);
    }
  }
  // The pages' integrity attributes, for the files as they are now.
  for (const page of filesUnder(root).filter((file) => file.endsWith('.html'))) {
    const path = join(root, page);
    const html = readFileSync(path, 'utf8');
    const updated = html.replace(/<(?:link|script)\b[^>]*>/gi, (tag) => {
      const url = attribute(tag, 'href') ?? attribute(tag, 'src');
      if (!url || attribute(tag, 'integrity') === undefined) return tag;
      const file = join(root, dirname(page), url.startsWith('/') ? `.${url}` : url).split(/[?#]/)[0];
      if (!existsSync(file)) return tag;
      const integrity = `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
      return tag.replace(/\bintegrity\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, `integrity="${integrity}"`);
    });
    if (updated !== html) writeFileSync(path, updated);
  }
  return renamed;
}

/** Rewrites the build in `root`; returns { version, files, bytes }. */
export function finishBuild(root, publicUrl = '/') {
  const base = publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`;
  for (const page of filesUnder(root).filter((file) => file.endsWith('.html'))) {
    const html = addPolicy(externaliseScripts(root, page, base));
    writeFileSync(join(root, page), html);
  }

  const entries = filesUnder(root)
    .filter((file) => file !== SERVICE_WORKER && !SKIPPED.some((pattern) => pattern.test(file)))
    .map((file) => {
      const bytes = readFileSync(join(root, file));
      // URL-escaped like the paths the browser requests.
      return {
        path: file.split('/').map(encodeURIComponent).join('/'),
        integrity: integrityOf(bytes),
        sha256: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
        size: bytes.length,
      };
    });
  const version = createHash('sha256')
    .update(entries.map(({ path, integrity }) => `${path} ${integrity}\n`).join(''))
    .digest('hex')
    .slice(0, 16);

  const workerPath = join(root, SERVICE_WORKER);
  const worker = readFileSync(workerPath, 'utf8');
  if (!PRECACHE_MARKERS.test(worker)) {
    throw new Error(`${SERVICE_WORKER} has no /* precache */ … /* precache */ markers`);
  }
  // Each file's SHA-256, cut to 64 bits, which is plenty to tell a file of another build (a full
  // hash is 32 incompressible bytes of the first load per file). A file whose name carries its
  // content's hash needs none: its name would repeat it. The version covers every file's bytes.
  const build = {
    version,
    files: entries.map(({ path, sha256 }) => (NAME_HASH.test(path) ? { path } : { path, sha256 })),
  };
  const filled = worker.replace(PRECACHE_MARKERS, () => `/* precache */ ${JSON.stringify(build)} /* precache */`);
  writeFileSync(workerPath, withoutCommentLines(filled));

  return { version, files: entries.length, bytes: entries.reduce((sum, { size }) => sum + size, 0) };
}

/**
 * `script` without its comment lines (`// …` lines and `/* … *\/` blocks that fill whole lines)
 * and blank lines, a first line saying where the commented source is: every visitor's first load
 * downloads the service worker, and its comments were a sixth of it (gzipped). Comments that
 * share a line with code stay.
 */
export function withoutCommentLines(script) {
  const kept = [];
  let inBlock = false;
  for (const line of script.split('\n')) {
    const trimmed = line.trim();
    if (inBlock) {
      inBlock = !trimmed.endsWith('*/');
    } else if (trimmed.startsWith('/*') && !trimmed.includes('*/')) {
      inBlock = true;
    } else if (!(trimmed === '' || trimmed.startsWith('//') || (trimmed.startsWith('/*') && trimmed.endsWith('*/')))) {
      kept.push(line);
    }
  }
  return `// www/sw.js, its comments left out (tools/pwa-build.mjs)\n${kept.join('\n')}\n`;
}

const runByTrunk = process.env.TRUNK_STAGING_DIR !== undefined;
const runByHand = !runByTrunk && process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]));
if (runByTrunk || runByHand) {
  const root = runByTrunk ? process.env.TRUNK_STAGING_DIR : process.argv[2];
  const publicUrl = (runByTrunk ? process.env.TRUNK_PUBLIC_URL : process.argv[3]) ?? '/';
  if (!root) {
    console.error('usage: node tools/pwa-build.mjs <built site dir> [public url]');
    process.exit(2);
  }
  try {
    // Every build, debug or release, has its games' pages.
    console.log(`pwa-build: ${writeGamePages(root).length} pages written from their templates`);
  } catch (error) {
    console.error(`pwa-build: ${error.message}`);
    process.exit(1);
  }
  if (runByTrunk && process.env.TRUNK_PROFILE !== 'release') {
    console.log('pwa-build: debug build, no service worker precache and no policy');
  } else {
    try {
      let shortened = 0;
      for (const glue of bindgenGlue(root)) {
        shortened += shortenImports(join(root, glue.replace(/\.js$/, '_bg.wasm')), join(root, glue));
      }
      console.log(`pwa-build: ${shortened} wasm imports given short names`);
      const saved = await minifyScripts(root);
      console.log(`pwa-build: scripts minified, ${saved} bytes saved`);
      // The start script Trunk inlines must be a file before its references can be hashed.
      for (const page of filesUnder(root).filter((file) => file.endsWith('.html'))) {
        const html = externaliseScripts(root, page, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
        writeFileSync(join(root, page), await minifyPage(html));
      }
      console.log(`pwa-build: ${fillEnglishTexts(root)} English texts filled in`);
      console.log(`pwa-build: ${hashNames(root).size} file names hashed`);
      console.log(`pwa-build: ${writeHostHeaders(root)} rules written to _headers`);
      const { version, files, bytes } = finishBuild(root, publicUrl);
      console.log(`pwa-build: version ${version}, ${files} files precached, ${bytes} bytes`);
    } catch (error) {
      console.error(`pwa-build: ${error.message}`);
      process.exit(1);
    }
  }
}
