// Trunk post_build hook (Trunk.toml): turns the staged release build into an offline web app.
//
// 1. Every inline <script> of every .html page moves into a file of its own next to the page
//    (Trunk 0.21 starts the wasm module from an inline module script), so that the
//    Content-Security-Policy needs no 'unsafe-inline'.
// 2. Every page without a Content-Security-Policy gets CSP below as a <meta http-equiv>.
// 3. The service worker (sw.js, from www/) gets the build's file list, each file with its SHA-256,
//    and the build's version: a hash over all of them, so any change to any file is a new version.
//    The list is every file of the build (pages added later are picked up by themselves), minus the
//    service worker itself.
// 0. The wasm-bindgen glue (the module the pages preload) is minified with terser (Trunk's own
//    minifier fails on it, "Failed to minify JS", and would ship it as written), and the
//    `integrity` attributes Trunk wrote for it are recomputed. Our own small scripts stay as
//    written (readable in the browser, and the e2e tests patch worker.js).
// Debug builds (`trunk serve`, which injects an inline live-reload script) are left alone: the
// page registers no service worker there and sets no policy.
//
// Usage: run by Trunk with TRUNK_STAGING_DIR, TRUNK_PROFILE and TRUNK_PUBLIC_URL set; or by hand:
// `node tools/pwa-build.mjs <dir> [public-url]` (the e2e tests use that on a copied build).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

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

/** Files the site never fetches: type declarations, source maps, dot files. */
const SKIPPED = [/\.d\.ts$/, /\.map$/, /(^|\/)\./];

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

/** The scripts the pages of `root` preload as modules (Trunk's wasm-bindgen glue). */
function preloadedModules(root) {
  const found = new Set();
  for (const page of filesUnder(root).filter((file) => file.endsWith('.html'))) {
    for (const tag of readFileSync(join(root, page), 'utf8').match(/<link\b[^>]*>/gi) ?? []) {
      if (!/\brel\s*=\s*["']?modulepreload/i.test(tag)) continue;
      const url = /\bhref\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
      if (url) found.add(url.replace(/^\.?\//, '').split(/[?#]/)[0]);
    }
  }
  return [...found].filter((file) => file.endsWith('.js'));
}

/**
 * Step 0: minifies the preloaded modules of `root` and brings the pages' integrity attributes
 * for them up to date; returns the bytes saved.
 */
export async function minifyScripts(root) {
  const { minify } = await import('terser');
  const changed = new Map();
  let saved = 0;
  for (const file of preloadedModules(root)) {
    const path = join(root, file);
    const source = readFileSync(path, 'utf8');
    const { code } = await minify(source, { module: true, format: { comments: false } });
    if (code === undefined || code.length >= source.length) continue;
    writeFileSync(path, code);
    saved += source.length - code.length;
    changed.set(file, `sha384-${createHash('sha384').update(code).digest('base64')}`);
  }
  for (const page of filesUnder(root).filter((file) => file.endsWith('.html'))) {
    const html = readFileSync(join(root, page), 'utf8');
    const updated = html.replace(/<(?:link|script)\b[^>]*>/gi, (tag) => {
      const url = /\b(?:href|src)\s*=\s*["']?([^"'\s>]+)/i.exec(tag)?.[1];
      const integrity = url && changed.get(basename(url.split(/[?#]/)[0]));
      if (!integrity || !/\bintegrity\s*=/i.test(tag)) return tag;
      return tag.replace(/\bintegrity\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, `integrity="${integrity}"`);
    });
    if (updated !== html) writeFileSync(join(root, page), updated);
  }
  return saved;
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
      return { path: file.split('/').map(encodeURIComponent).join('/'), integrity: integrityOf(bytes), size: bytes.length };
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
  const build = { version, files: entries.map(({ path, integrity }) => ({ path, integrity })) };
  writeFileSync(workerPath, worker.replace(PRECACHE_MARKERS, () => `/* precache */ ${JSON.stringify(build)} /* precache */`));

  return { version, files: entries.length, bytes: entries.reduce((sum, { size }) => sum + size, 0) };
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
  if (runByTrunk && process.env.TRUNK_PROFILE !== 'release') {
    console.log('pwa-build: debug build, no service worker precache and no policy');
  } else {
    try {
      const saved = await minifyScripts(root);
      console.log(`pwa-build: scripts minified, ${saved} bytes saved`);
      const { version, files, bytes } = finishBuild(root, publicUrl);
      console.log(`pwa-build: version ${version}, ${files} files precached, ${bytes} bytes`);
    } catch (error) {
      console.error(`pwa-build: ${error.message}`);
      process.exit(1);
    }
  }
}
