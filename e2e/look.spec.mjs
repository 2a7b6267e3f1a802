// What players see at phone and desktop sizes, in both themes (screenshots to look at), and how
// quickly the board redraws.
import { fileURLToPath } from 'node:url';
import { test, expect, openGame, newGame, square, clickMove, boardState } from './fixtures.mjs';

const screenshot = (name) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

async function playOpening(page) {
  await newGame(page, { mode: 'hotseat' });
  for (const move of ['c3d3', 'g7g6', 'g3g4', 'e7d7', 'a3a4', 'a7a6']) await clickMove(page, move);
  await square(page, 'g4').click(); // a selection with its destinations
}

for (const [width, height, scheme] of [[1280, 800, 'light'], [390, 844, 'dark'], [1280, 800, 'dark'], [390, 844, 'light']]) {
  test(`screenshot ${width}×${height} ${scheme}`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: width < 500 ? 2 : 1,
      colorScheme: scheme,
      hasTouch: width < 500,
    });
    const page = await context.newPage();
    await openGame(page);
    await playOpening(page);
    // The board fits the viewport without scrolling on either size.
    const board = await page.locator('#board-wrap').boundingBox();
    expect(board.y + board.height).toBeLessThanOrEqual(height);
    expect(board.x + board.width).toBeLessThanOrEqual(width);
    expect(board.width).toBeGreaterThan(Math.min(width - 20, 350));
    await page.waitForTimeout(250);
    await page.screenshot({ path: screenshot(`play-${width}x${height}-${scheme}`) });
    await context.close();
  });
}

test('a redraw takes under 4 ms (dragging a token redraws every frame)', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  const from = await square(page, 'a3').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const before = await page.evaluate(() => ({ ...window.__jungleStats }));
  for (let i = 0; i < 60; i++) {
    await page.mouse.move(from.x + from.width / 2 + (i % 20) * 6, from.y + from.height / 2 - i * 3);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  }
  const after = await page.evaluate(() => ({ ...window.__jungleStats }));
  await page.mouse.up();
  const frames = after.redraws - before.redraws;
  const average = (after.totalMs - before.totalMs) / frames;
  console.log(`redraws: ${frames}, average ${average.toFixed(2)} ms`);
  expect(frames).toBeGreaterThan(30);
  expect(average).toBeLessThan(4);
});

test('moves glide over a few frames, and not at all under prefers-reduced-motion', async ({ browser }) => {
  const framesForAMove = async (reducedMotion, move) => {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await openGame(page);
    await newGame(page, { mode: 'hotseat' });
    await page.waitForTimeout(200);
    const before = await page.evaluate(() => window.__jungleStats.redraws);
    await clickMove(page, move);
    await page.waitForTimeout(400);
    const after = await page.evaluate(() => window.__jungleStats.redraws);
    await context.close();
    return after - before;
  };
  // A step glides for 150 ms: about nine frames at 60 per second.
  expect(await framesForAMove('no-preference', 'a3a4')).toBeGreaterThanOrEqual(6);
  // Selecting and moving redraw once each; nothing in between.
  expect(await framesForAMove('reduce', 'a3a4')).toBeLessThanOrEqual(3);
});

test('screenshots: a capture ring, then a den entry and its banner, on a phone in the dark', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, colorScheme: 'dark', hasTouch: true,
  });
  const page = await context.newPage();
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  // Black's wolf on b9 beside White's dog; Black's cat on White's trap e9, beside White's den.
  await page.locator('#share').click();
  await page.locator('#io-text').fill('lW2C1t/1d3c1/r1p1w1e/7/7/7/E3P1R/5D1/T5L b 0 1');
  await page.locator('#io-load').click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await square(page, 'b9').click();
  await expect(page.locator('#squares .destination')).toHaveCount(2);
  await page.waitForTimeout(100);
  await page.screenshot({ path: screenshot('capture-390x844-dark') });
  await square(page, 'e9').click();
  await square(page, 'd9').click();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'black-wins');
  await expect(page.locator('#banner-title')).toHaveText('Black wins');
  await expect(page.locator('#banner-reason')).toHaveText('An animal entered the den.');
  await page.waitForTimeout(300);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshot('den-390x844-dark') });
  await context.close();
});
