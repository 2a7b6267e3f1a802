// The start page: Rust draws the 7×9 Jungle board with its start position on a canvas.
import { fileURLToPath } from 'node:url';
import {
  test, expect, openBoard, boardLayout, squarePoint, pixelsAt, tokenKind, SQUARES,
} from './fixtures.mjs';

// The board and start position as docs/rules-jungle.md describes them.
const WATER = ['b4', 'c4', 'b5', 'c5', 'b6', 'c6', 'e4', 'f4', 'e5', 'f5', 'e6', 'f6'];
const TRAPS = ['c1', 'e1', 'd2', 'c9', 'e9', 'd8'];
const DENS = ['d1', 'd9'];
const BLACK_ANIMALS = ['a1', 'g1', 'b2', 'f2', 'a3', 'c3', 'e3', 'g3'];
const WHITE_ANIMALS = ['a9', 'g9', 'b8', 'f8', 'a7', 'c7', 'e7', 'g7'];

// Colours judged by kind, not by exact value, so that the palette can change.
function terrainKind([r, g, b]) {
  if (b > r + 50 && b > g + 20) return 'water';
  if (g > r + 20 && g > b + 40) return 'land';
  if (r > g && g > b) return r >= 160 ? 'trap' : 'den';
  return `unknown rgb(${r}, ${g}, ${b})`;
}

function expectedTerrain(square) {
  if (WATER.includes(square)) return 'water';
  if (TRAPS.includes(square)) return 'trap';
  if (DENS.includes(square)) return 'den';
  return 'land';
}

function expectedToken(square) {
  if (BLACK_ANIMALS.includes(square)) return 'dark';
  if (WHITE_ANIMALS.includes(square)) return 'light';
  return 'none';
}

test('the page shows the 7×9 board with water, traps, dens and the start position', async ({ page }) => {
  await openBoard(page);
  const layout = await boardLayout(page);

  // A square board of 7 × 9 cells inside the canvas, with room left and below for coordinates.
  expect(layout.cell).toBeGreaterThan(20);
  expect(layout.left + 7 * layout.cell).toBeLessThanOrEqual(layout.cssWidth + 0.5);
  expect(layout.top + 9 * layout.cell).toBeLessThanOrEqual(layout.cssHeight + 0.5);
  expect(layout.left).toBeGreaterThanOrEqual(0.4 * layout.cell);

  // Terrain is sampled near a corner of each square (clear of any token), tokens left of the
  // centre (inside the disc, clear of its emblem).
  const corners = SQUARES.map((square) => squarePoint(layout, square, 0.4, 0.4));
  const discs = SQUARES.map((square) => squarePoint(layout, square, -0.3, 0.05));
  const cornerColours = await pixelsAt(page, corners);
  const discColours = await pixelsAt(page, discs);
  const seen = SQUARES.map((square, i) =>
    `${square}: ${terrainKind(cornerColours[i])}, ${tokenKind(discColours[i])}`);
  const expected = SQUARES.map((square) =>
    `${square}: ${expectedTerrain(square)}, ${expectedToken(square)}`);
  expect(seen).toEqual(expected);

  // Rank numbers are written in the band left of the board: beside rank 5 some pixels stand out
  // from the page behind the band.
  const middleOfRank5 = squarePoint(layout, 'a5');
  const [behind] = await pixelsAt(page, [{ x: 1, y: middleOfRank5.y }]);
  const band = [];
  for (let dx = 0.1; dx < 0.4; dx += 0.02) {
    for (let dy = -0.2; dy <= 0.2; dy += 0.02) {
      band.push({ x: layout.left - dx * layout.cell, y: middleOfRank5.y + dy * layout.cell });
    }
  }
  const bandColours = await pixelsAt(page, band);
  const contrast = ([r, g, b]) => Math.abs(r - behind[0]) + Math.abs(g - behind[1]) + Math.abs(b - behind[2]);
  expect(bandColours.some((colour) => contrast(colour) > 200)).toBe(true);

  await page.screenshot({ path: fileURLToPath(new URL('./screenshots/start.png', import.meta.url)) });
});

test('the canvas is sized from its CSS box × devicePixelRatio and redrawn on resize', async ({ browser }) => {
  const context = await browser.newContext({ deviceScaleFactor: 2, viewport: { width: 600, height: 700 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

  await openBoard(page);
  const before = await boardLayout(page);
  expect(before.width).toBe(Math.round(before.cssWidth * 2));
  expect(before.height).toBe(Math.round(before.cssHeight * 2));

  await page.setViewportSize({ width: 400, height: 500 });
  // The resize handler republishes the layout after refitting the canvas.
  await expect.poll(async () => (await boardLayout(page)).cell).toBeLessThan(before.cell);
  const after = await boardLayout(page);
  expect(after.cssWidth).toBeLessThan(before.cssWidth);
  expect(after.width).toBe(Math.round(after.cssWidth * 2));
  const [water] = await pixelsAt(page, [squarePoint(after, 'e5')]);
  expect(terrainKind(water)).toBe('water');

  expect(errors).toEqual([]);
  await context.close();
});
