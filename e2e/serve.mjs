// A small static file server for the Trunk-built dist/ (used by `./run serve` and the e2e tests).
// Usage: node e2e/serve.mjs [dir=dist] [port=8080]. Serves on 127.0.0.1 only; .wasm goes out as
// application/wasm, which WebAssembly.instantiateStreaming requires.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist');
const port = Number(process.argv[3] ?? 8080);

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
};

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
  response.writeHead(200, {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    // Every request reaches the fresh build; caching is the service worker's business.
    'cache-control': 'no-cache',
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(path).pipe(response);
});

server.on('error', (error) => {
  console.error(`cannot serve on 127.0.0.1:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => {
  console.log(`Serving ${root} on http://127.0.0.1:${port}/`);
});
