// Playwright runs every e2e/*.spec.mjs against the Trunk-built dist/, served by e2e/serve.mjs on a
// local port, in Debian's Chromium (never a downloaded browser). `./run e2e` builds dist/ first.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8097);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  outputDir: 'test-results',
  timeout: 30_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./summary-reporter.mjs']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 800, height: 900 },
    // The service worker would answer requests from its cache, out of reach of page.route();
    // offline.spec.mjs, which tests it, allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // A closed network: without these Chromium keeps trying to reach its update and sync servers.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node e2e/serve.mjs ${process.env.E2E_DIST ?? 'dist'} ${port}`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 15_000,
  },
});
