// A static file server for the built site (used by `./run serve`, the e2e tests and the
// Lighthouse run), answering as a well-set-up static host does (docs/hosting.md):
// - text, scripts, styles and WebAssembly compressed with brotli or gzip, whichever the browser
//   accepts (`Vary: Accept-Encoding`), each compressed once and kept in memory;
// - files whose names carry a content hash (`jungle-web.3f9a1c2b7d0e4f56.wasm`) cached for a year
//   as immutable, every other file revalidated on each use (`no-cache` with an `ETag`, answered
//   `304 Not Modified` when unchanged), so a new build is never served stale;
// - `.wasm` as application/wasm (WebAssembly.instantiateStreaming requires it), `nosniff`, and
//   `frame-ancestors 'self'` on the pages that other sites must not frame (all but the embed page);
// - `Access-Control-Allow-Origin: *` on the board tag's script alone, which other sites' pages
//   load as a module (a cross-origin module script is refused without it).
// Usage: node e2e/serve.mjs [dir=dist] [port=8080] [--gzip-only | --no-compression]. Serves on
// 127.0.0.1 only.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { basename, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CROSS_ORIGIN_SCRIPTS, FRAMEABLE_PAGES } from '../tools/pwa-build.mjs';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const compression = !process.argv.includes('--no-compression');
const encodings = process.argv.includes('--gzip-only') ? ['gzip'] : ['br', 'gzip'];
const root = resolve(args[0] ?? 'dist');
const port = Number(args[1] ?? 8080);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
};

/** Types worth compressing (images in PNG are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt', '.wav']);

/** A content hash in the name, as tools/pwa-build.mjs writes it: `name.<16 hex>.ext`. */
export const HASHED = /\.[0-9a-f]{16}\.[a-z]+$/;

/** Pages another site may frame (the embeddable board); every other page refuses. */
const FRAMEABLE = new Set(FRAMEABLE_PAGES);
/** Scripts another site's page loads (the board tag), sent with the CORS header it needs. */
const CROSS_ORIGIN = new Set(CROSS_ORIGIN_SCRIPTS);

/** Cache-Control for a file of the site. */
export function cacheControl(path) {
  return HASHED.test(basename(path)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function fileFor(urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return fileFor(join(decoded, 'index.html'));
    return stat.isFile() ? path : null;
  } catch {
    return null;
  }
}

/** A file's bytes, ETag and compressed forms, computed once per version of the file. */
const cache = new Map();

function entry(path) {
  const stat = statSync(path);
  const stamp = `${stat.mtimeMs}:${stat.size}`;
  const known = cache.get(path);
  if (known?.stamp === stamp) return known;
  const body = readFileSync(path);
  const fresh = {
    stamp,
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    encoded: new Map(),
  };
  cache.set(path, fresh);
  return fresh;
}

/** The encoding to send `path` in for a request accepting `accepted`: br, gzip or none. */
function encodingFor(path, accepted) {
  if (!compression || !COMPRESSIBLE.has(extname(path))) return null;
  const offered = new Map(
    accepted.split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return [name, q ? Number(q.slice(2)) : 1];
    }),
  );
  for (const name of encodings) {
    if ((offered.get(name) ?? offered.get('*') ?? 0) > 0) return name;
  }
  return null;
}

function encoded(file, encoding) {
  if (!file.encoded.has(encoding)) {
    file.encoded.set(
      encoding,
      encoding === 'br'
        ? brotliCompressSync(file.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: file.body.length },
        })
        : gzipSync(file.body, { level: 9 }),
    );
  }
  return file.encoded.get(encoding);
}

const server = createServer((request, response) => {
  let path = null;
  try {
    path = fileFor(request.url ?? '/');
  } catch {
    // A malformed %-escape: treated as not found.
  }
  if (!path || (request.method !== 'GET' && request.method !== 'HEAD')) {
    response.writeHead(path ? 405 : 404, { 'content-type': 'text/plain' });
    response.end(path ? 'method not allowed\n' : 'not found\n');
    return;
  }
  const file = entry(path);
  const headers = {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'cache-control': cacheControl(path),
    etag: file.etag,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
  };
  if (extname(path) === '.html' && !FRAMEABLE.has(basename(path))) {
    headers['content-security-policy'] = "frame-ancestors 'self'";
  }
  if (CROSS_ORIGIN.has(relative(root, path).split(sep).join('/'))) {
    headers['access-control-allow-origin'] = '*';
  }
  if (request.headers['if-none-match'] === file.etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  const encoding = encodingFor(path, String(request.headers['accept-encoding'] ?? ''));
  const body = encoding ? encoded(file, encoding) : file.body;
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  response.writeHead(200, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
});

server.on('error', (error) => {
  console.error(`cannot serve on 127.0.0.1:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`Serving ${root} on http://127.0.0.1:${port}/${compression ? ` (${encodings.join('/')})` : ''}`);
});
