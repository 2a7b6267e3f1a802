// What shogi players see at phone and desktop sizes, in both piece sets, in Japanese and English
// and both themes: screenshots to look at (e2e/screenshots/shogi-*.png), with the board, the
// hands and the panel fitting the screen; the promotion choice and the end of a game too.
import { fileURLToPath } from 'node:url';
import { test, expect, square, boardState } from './fixtures.mjs';

const screenshot = (name) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/** An opening with an exchange of bishops, so both hands hold a piece, and a piece selected. */
async function playOpening(page) {
  await page.locator('#new-game').click();
  await page.locator('#new-game-form input[name=mode][value=hotseat]').check();
  await page.locator('#new-game-start').click();
  for (const move of ['7g7f', '3c3d', '8h2b', '3a2b', '2g2f', '8c8d']) {
    await square(page, move.slice(0, 2)).click();
    await square(page, move.slice(2, 4)).click();
    if (await page.locator('#choice').isVisible()) await page.locator('#choice [data-choice="0"]').click();
  }
  await page.locator('[data-hand="b:B"]').click(); // the bishop in hand, its drops shown
}

const SIZES = [[1280, 800], [390, 844]];
const LOOKS = [
  { lang: 'ja', pieces: 'kanji', notation: 'japanese', scheme: 'light' },
  { lang: 'en', pieces: 'international', notation: 'western', scheme: 'light' },
  { lang: 'en', pieces: 'kanji', notation: 'western', scheme: 'dark' },
  { lang: 'ja', pieces: 'international', notation: 'japanese', scheme: 'dark' },
];

for (const [width, height] of SIZES) {
  for (const { lang, pieces, notation, scheme } of LOOKS) {
    test(`shogi screenshot ${width}×${height} ${lang} ${pieces} ${scheme}`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: width < 500 ? 2 : 1,
        colorScheme: scheme,
        hasTouch: width < 500,
      });
      const page = await context.newPage();
      await page.goto(`/shogi.html?lang=${lang}`);
      await page.locator('#board-wrap[data-ready]').waitFor();
      await page.locator('#pieces').selectOption(pieces);
      await page.locator('#notation').selectOption(notation);
      await playOpening(page);
      // The board with its hands fits the screen, and so does each hand's piece.
      const board = await page.locator('#board-wrap').boundingBox();
      expect(board.y + board.height).toBeLessThanOrEqual(height);
      expect(board.x + board.width).toBeLessThanOrEqual(width);
      expect(board.width).toBeGreaterThan(Math.min(width - 20, 350));
      for (const hand of ['b:B', 'w:B']) {
        const slot = await page.locator(`[data-hand="${hand}"]`).boundingBox();
        expect(slot.x).toBeGreaterThanOrEqual(board.x);
        expect(slot.y).toBeGreaterThanOrEqual(board.y);
        expect(slot.x + slot.width).toBeLessThanOrEqual(board.x + board.width + 1);
        expect(slot.y + slot.height).toBeLessThanOrEqual(board.y + board.height + 1);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshot(`shogi-${width}x${height}-${lang}-${pieces}-${scheme}`) });
      await context.close();
    });
  }
}

test('shogi screenshot of the promotion choice and of a finished game', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/shogi.html?lang=en');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('#new-game').click();
  await page.locator('#new-game-form input[name=mode][value=hotseat]').check();
  await page.locator('#new-game-start').click();
  for (const move of ['7g7f', '3c3d']) {
    await square(page, move.slice(0, 2)).click();
    await square(page, move.slice(2, 4)).click();
  }
  await square(page, '8h').click();
  await square(page, '2b').click();
  await expect(page.locator('#choice')).toBeVisible();
  await page.waitForTimeout(200);
  await page.screenshot({ path: screenshot('shogi-390x844-promotion-choice') });
  await page.locator('#choice [data-choice="0"]').click();
  // Gote resigns.
  await page.locator('#resign').click();
  await page.locator('#resign').click();
  expect((await boardState(page)).status).toBe('black-wins');
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshot('shogi-390x844-result') });
  await context.close();
});
