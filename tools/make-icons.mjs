// Renders the app icons' PNGs (which Chromium needs to offer installing the app) from their SVGs in
// www/icons/, with Debian's Chromium through Playwright. The PNGs are committed; run this again
// after changing an SVG: `node tools/make-icons.mjs`.
import { chromium } from 'playwright';
import { readFileSync } from 'node:fs';

const ICONS = 'www/icons';
const RENDERS = [
  { svg: 'icon.svg', size: 192, png: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, png: 'icon-512.png' },
  { svg: 'maskable.svg', size: 192, png: 'maskable-192.png' },
  { svg: 'maskable.svg', size: 512, png: 'maskable-512.png' },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { svg, size, png } of RENDERS) {
    const source = readFileSync(`${ICONS}/${svg}`, 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
    );
    await page.locator('svg').screenshot({ path: `${ICONS}/${png}`, omitBackground: true });
    console.log(`${ICONS}/${png}: ${size}x${size} from ${svg}`);
  }
} finally {
  await browser.close();
}
