// Against the AI (in a Web Worker): a whole game played by clicking, the main thread staying
// responsive while it thinks, undo cancelling its search, hints, and the AI-against-AI demo.
import { fileURLToPath } from 'node:url';
import { test, expect, openGame, newGame, square, clickMove, boardState } from './fixtures.mjs';

const screenshot = (name) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/** Waits until it is Black's turn with the AI idle, or the game is over; returns the state. */
async function waitForOurTurn(page) {
  await page.waitForFunction(() => {
    const d = document.querySelector('#board-wrap').dataset;
    return d.status !== 'playing' || (d.turn === 'black' && d.thinking === 'false');
  }, null, { timeout: 20_000 });
  return boardState(page);
}

/** A simple player for Black: enter the den, else capture the biggest animal, else head north. */
async function pickMove(page, legal) {
  const pieces = await page.locator('#squares [data-piece]').evaluateAll((cells) =>
    Object.fromEntries(cells.map((c) => [c.dataset.square, c.dataset.piece])));
  const RANK = { rat: 1, cat: 2, dog: 3, wolf: 4, leopard: 5, tiger: 6, lion: 7, elephant: 8 };
  let best = null;
  let bestScore = -Infinity;
  for (const move of legal) {
    const to = move.slice(2, 4);
    const victim = pieces[to];
    let score;
    if (to === 'd9') score = 10_000;
    else if (victim) score = 1000 + RANK[victim.split('-')[1]];
    else {
      const file = to.charCodeAt(0) - 'a'.charCodeAt(0);
      const rank = Number(to.slice(1));
      score = -(Math.abs(file - 3) + (9 - rank)) + Math.random() * 3;
    }
    if (score > bestScore) {
      bestScore = score;
      best = move;
    }
  }
  return best;
}

test('a whole game against the AI, played by clicking squares, ends with a result', async ({ page }) => {
  test.setTimeout(240_000);
  await openGame(page);
  await newGame(page, { mode: 'vsAi', side: 'black', level: 1 });
  let state = await boardState(page);
  for (let turn = 0; turn < 400 && state.status === 'playing'; turn++) {
    state = await waitForOurTurn(page);
    if (state.status !== 'playing') break;
    const plies = Number(state.plies);
    await clickMove(page, await pickMove(page, state.legal.split(' ')));
    await expect(page.locator('#board-wrap')).not.toHaveAttribute('data-plies', String(plies));
    state = await boardState(page);
  }
  expect(['black-wins', 'white-wins', 'draw']).toContain(state.status);
  await expect(page.locator('#banner')).toBeVisible();
  await expect(page.locator('#banner-title')).not.toBeEmpty();
  await expect(page.locator('#announcer')).toContainText(/win|Draw/, { timeout: 10_000 });
  await page.waitForTimeout(300); // the banner fades in
  await page.screenshot({ path: screenshot('game-over-800x900') });
  // No move is accepted after the end; the banner offers a new game.
  await page.locator('#banner-new').click();
  await expect(page.locator('#new-game-dialog')).toBeVisible();
});

test.describe('responsiveness', () => {
  // The user-facing fact: the page answers input while the AI thinks, because the search runs
  // in a worker. A search on the main thread would hold the key presses until it finished, so
  // the board could not turn round and back while `data-thinking` is still true. The longest
  // main-thread tasks are reported as a measurement, not asserted: they measure wall time,
  // which other processes on a busy machine stretch.
  test('while the AI thinks the page answers input (the longest tasks are reported)', async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await openGame(page);
    await newGame(page, { mode: 'vsAi', side: 'black', level: 5 });
    const longest = [];
    let answeredWhileThinking = 0;
    for (let round = 0; round < 3; round++) {
      const before = await boardState(page);
      const since = await page.evaluate(() => performance.now());
      await clickMove(page, before.legal.split(' ')[0]);
      await expect(page.locator('#board-wrap')).toHaveAttribute('data-thinking', 'true');
      // Meanwhile the page keeps answering: the board turns round and back.
      await page.keyboard.press('f');
      await expect(page.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'true');
      await page.keyboard.press('f');
      await expect(page.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'false');
      if (await page.locator('#board-wrap').getAttribute('data-thinking') === 'true') answeredWhileThinking++;
      await page.waitForFunction((plies) => {
        const d = document.querySelector('#board-wrap').dataset;
        return d.thinking === 'false' && Number(d.plies) === plies + 2;
      }, Number(before.plies), { timeout: 15_000 });
      const tasks = await page.evaluate((t) => window.__longTasks.filter(([start]) => start >= t), since);
      longest.push(Math.max(0, ...tasks.map(([, d]) => d)));
    }
    const stats = await page.evaluate(() => window.__jungleStats);
    longest.sort((a, b) => a - b);
    console.log(`measurement: longest main-thread task while the AI thought, three times: ${longest.map((t) => t.toFixed(0)).join(', ')} ms; `
      + `longest event handler of the page: ${stats.handlerMaxMs.toFixed(1)} ms, `
      + `longest redraw: ${stats.maxMs.toFixed(1)} ms`);
    // Level 5 thinks for over a second: a page that answered after the search would have seen
    // it finished every time.
    expect(answeredWhileThinking).toBeGreaterThanOrEqual(2);
  });
});

test('undo while the AI thinks cancels its search and takes back the move', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'vsAi', side: 'black', level: 5 });
  await clickMove(page, 'a3a4');
  const wrap = page.locator('#board-wrap');
  await expect(wrap).toHaveAttribute('data-thinking', 'true');
  await page.locator('#undo').click();
  await expect(wrap).toHaveAttribute('data-plies', '0');
  await expect(wrap).toHaveAttribute('data-thinking', 'false');
  await page.waitForTimeout(2500);
  await expect(wrap).toHaveAttribute('data-plies', '0');
  // The restarted worker answers the next move.
  await clickMove(page, 'g3g4');
  await expect(wrap).toHaveAttribute('data-plies', '2', { timeout: 15_000 });
  // Against the AI, undo takes back the player's move and the reply.
  await page.locator('#undo').click();
  await expect(wrap).toHaveAttribute('data-plies', '0');
  await page.locator('#redo').click();
  await expect(wrap).toHaveAttribute('data-plies', '2');
});

test('the AI moves first when the player takes White; a hint is announced', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'vsAi', side: 'white', level: 2 });
  const wrap = page.locator('#board-wrap');
  await expect(wrap).toHaveAttribute('data-plies', '1', { timeout: 15_000 });
  await expect(page.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'true');
  await page.locator('#hint').click();
  await expect(page.locator('#announcer')).toContainText('Hint:', { timeout: 15_000 });
});

test('AI against AI plays by itself at the chosen speed and can pause', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'demo', level: 1 });
  await page.locator('#demo-speed').selectOption('fast');
  const wrap = page.locator('#board-wrap');
  await expect.poll(async () => Number((await boardState(page)).plies), { timeout: 20_000 }).toBeGreaterThan(5);
  await page.locator('#pause').click();
  const paused = Number((await boardState(page)).plies);
  await page.waitForTimeout(800);
  expect(Number((await boardState(page)).plies)).toBe(paused);
  await expect(wrap).toHaveAttribute('data-thinking', 'false');
});

test('if the AI worker dies it is restarted and the game goes on', async ({ page }) => {
  // The first worker loads but crashes on its first job; the page must start a new one. (Each
  // worker fetches the loader its script imports, worker-core.js, for itself.)
  let served = 0;
  await page.route('**/worker-core.js', async (route) => {
    served += 1;
    const response = await route.fetch();
    let body = await response.text();
    if (served === 1) {
      body = body.replace('(receive) => receive(message)', "() => { throw new Error('broken by the test'); }");
      expect(body).toContain('broken by the test');
    }
    await route.fulfill({ response, body });
  });
  await openGame(page);
  await newGame(page, { mode: 'vsAi', side: 'black', level: 1 });
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '2', { timeout: 15_000 });
  await expect(page.locator('#toast')).toContainText('restarted');
});
