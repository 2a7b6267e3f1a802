// Lighthouse (npm lighthouse, Debian's Chromium) on the built site as a static host serves it
// (e2e/serve.mjs, gzip only: what every host does; brotli only helps): every page of both games
// (game, Learn, editor, puzzles, analysis, embed; the games from www/games.js), mobile preset (a mid-range phone on a slow 4G network, simulated), every category. Each page
// is measured `runs` times and the median run (by performance score) is reported, since one run
// varies by a few points. `./run lighthouse` calls it after a release build.
//
// Usage: node tools/lighthouse.mjs [dist=dist] [runs=3] [min-score=0] [page…] (pages by name,
// as PAGES names them: game, learn, editor, puzzles, analysis, embed for the first game, and
// shogi, shogi-learn, … for another; all by default)
// Prints one line per page (scores, then LCP, TBT, CLS, transfer size); writes each median
// report as JSON to target/lighthouse/<page>.json; exits 1 if any score is under min-score.
import { mkdirSync, writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { siteGames } from './games.mjs';
import { serveLocally } from './serve-local.mjs';

const [dist = 'dist', runsText = '3', minText = '0', ...only] = process.argv.slice(2);
const runs = Math.max(1, Number(runsText));
const minimum = Number(minText);

/** Every page of every game (www/games.js): the first game's under plain names (`game`, `learn`,
 * …, at addresses without `?game=`), another's under its name (`shogi`, `shogi-learn`, …). */
const PAGES = siteGames().flatMap(({ name, page }, index) => {
  const first = index === 0;
  const label = (kind) => (first ? kind : `${name}-${kind}`);
  const query = first ? '' : `?game=${name}`;
  return [
    [first ? 'game' : name, first ? '/' : `/${page}`],
    ...['learn', 'editor', 'puzzles', 'analysis'].map((kind) => [label(kind), `/${kind}.html${query}`]),
    [label('embed'), `/embed.html?${first ? '' : `game=${name}&`}mode=play`],
  ];
}).filter(([name]) => only.length === 0 || only.includes(name));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(chrome, url) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  return result.lhr;
}

function summary(name, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    name,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcp: audit('first-contentful-paint'),
    bytes: audit('total-byte-weight'),
  };
}

const site = await serveLocally(dist, ['--gzip-only']);
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
});
mkdirSync('target/lighthouse', { recursive: true });
const rows = [];
try {
  for (const [name, path] of PAGES) {
    const reports = [];
    for (let run = 0; run < runs; run += 1) {
      reports.push(await measure(chrome, `http://127.0.0.1:${site.port}${path}`));
    }
    const performance = reports.map((r) => r.categories.performance.score);
    const chosen = reports[performance.indexOf(median(performance))];
    writeFileSync(`target/lighthouse/${name}.json`, JSON.stringify(chosen));
    const row = summary(name, chosen);
    row.performanceRuns = performance.map((s) => Math.round(s * 100));
    rows.push(row);
    const scores = CATEGORIES.map((id) => `${id} ${row.scores[id]}`).join(', ');
    console.log(
      `  ${name.padEnd(14)} ${scores} | LCP ${(row.lcp / 1000).toFixed(1)} s, TBT ${Math.round(row.tbt)} ms, `
      + `CLS ${row.cls.toFixed(3)}, FCP ${(row.fcp / 1000).toFixed(1)} s, ${Math.round(row.bytes / 1024)} KiB `
      + `(performance runs: ${row.performanceRuns.join(', ')})`,
    );
  }
} finally {
  await chrome.kill();
  await site.stop();
}
const low = rows.flatMap((row) => CATEGORIES.filter((id) => row.scores[id] < minimum).map((id) => `${row.name} ${id} ${row.scores[id]}`));
if (low.length > 0) {
  console.error(`lighthouse: under ${minimum}: ${low.join('; ')}`);
  process.exit(1);
}
