// The AI's speed in the browser: shogi's level 5 in its Web Worker (the page's own worker.js and
// module, headless Debian Chromium, the built site served as a static host would), on the
// positions the README quotes. Prints, per position and run, the depth reached, the nodes and
// the nodes a second. `./run ai-speed` builds first.
//
// Usage: node tools/ai-speed.mjs [dist=dist] [runs=3]
import { chromium } from 'playwright-core';
import { serveLocally } from './serve-local.mjs';

const [dist = 'dist', runsText = '3'] = process.argv.slice(2);
const runs = Number(runsText);

/** Each position: its name and the worker's job record (the rules, then a USI position). */
const POSITIONS = [
  ['the start', 'position startpos'],
  ['after 7g7f 3c3d', 'position startpos moves 7g7f 3c3d'],
  ['a middlegame', 'position sfen ln1g1g1n1/3sks3/p1ppp2pl/5bp1p/1r1P1N1P1/1pP1P1P2/PP1S1P2P/L4B3/1NRGKGS1L b P 41'],
  ['full hands', 'position sfen l2g3nl/3s1k3/p1bp1p1gp/9/1+r4S2/3P5/2+l1SPPPP/7R1/5GKNL b BS5Pg2n4p 101'],
];

const site = await serveLocally(dist);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.goto(`${site.url}shogi.html`);
  for (const [name, position] of POSITIONS) {
    for (let run = 1; run <= runs; run += 1) {
      // A fresh worker each time, as the page starts one after a cancelled search.
      const reply = await page.evaluate((record) => new Promise((resolve, reject) => {
        const worker = new Worker('worker.js?game=shogi', { type: 'module' });
        worker.onmessage = ({ data }) => {
          if (data.type === 'ready') {
            worker.postMessage({ id: 1, record, level: 5, seed: 1, hint: false });
          } else if (data.type === 'bestMove') {
            worker.terminate();
            resolve(data);
          } else if (data.type === 'failed' || data.type === 'crashed') {
            worker.terminate();
            reject(new Error(data.message));
          }
        };
      }), `standard\n${position}`);
      const nps = Math.round(reply.nodes / (reply.time_ms / 1000));
      console.log(`${name.padEnd(16)} run ${run}: depth ${String(reply.depth).padStart(2)}  `
        + `${String(reply.nodes).padStart(8)} nodes  ${Math.round(reply.time_ms)} ms  `
        + `${(nps / 1e6).toFixed(2)} M nodes/s  best ${reply.best}`);
    }
  }
} finally {
  await browser.close();
  await site.stop();
}
