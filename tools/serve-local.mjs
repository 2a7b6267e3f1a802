// A built site served by e2e/serve.mjs on a free local port, for the tools and tests that drive
// a browser against it (tools/lighthouse.mjs, tools/ai-speed.mjs, e2e/offline.spec.mjs).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../e2e/serve.mjs', import.meta.url));

/** A port nothing listens on now. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Serves `dir` (with e2e/serve.mjs's `flags`, e.g. '--gzip-only') once the server is listening:
 * its port and root address, and `stop()`, which ends it and waits for it to exit.
 */
export async function serveLocally(dir, flags = []) {
  const port = await freePort();
  const server = spawn(process.execPath, [SERVER, dir, String(port), ...flags], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    server.stdout.once('data', resolve);
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      server.kill();
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}
