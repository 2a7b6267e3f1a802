// Shared by every spec: import { test, expect } from here rather than from @playwright/test.
// - Every test fails if the page logs a console error, throws, or gets a failed or 4xx/5xx response.
// - Board helpers find squares through the data-board-* attributes the Rust board view publishes.
import { test as base, expect } from '@playwright/test';

export { expect };

export const test = base.extend({
  page: async ({ page }, use) => {
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      // A reload or navigation cancels requests still in flight (net::ERR_ABORTED): the test
      // caused that, the page did nothing wrong. Any other failure is a problem.
      if (reason.includes('ERR_ABORTED')) return;
      problems.push(`request failed: ${request.url()} ${reason}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await use(page);
    expect(problems, 'the page reported problems').toEqual([]);
  },
});

/** Opens the game page and waits until Rust has drawn the board. */
export async function openBoard(page, path = '/') {
  await page.goto(path);
  await page.locator('canvas#board[data-board-cell]').waitFor();
}

/** Where the board sits in the canvas, in CSS pixels, as the Rust board view published it. */
export async function boardLayout(page) {
  return page.locator('canvas#board').evaluate((canvas) => ({
    left: Number(canvas.dataset.boardLeft),
    top: Number(canvas.dataset.boardTop),
    cell: Number(canvas.dataset.boardCell),
    cssWidth: canvas.clientWidth,
    cssHeight: canvas.clientHeight,
    width: canvas.width,
    height: canvas.height,
  }));
}

/**
 * The point of `square` (e.g. 'b5'), in canvas CSS pixels, at a fraction (dx, dy) of a square
 * from its centre (dx to the right, dy downwards). The board is shown from Black's side: rank 1
 * at the bottom, file a on the left.
 */
export function squarePoint(layout, square, dx = 0, dy = 0) {
  const file = square.charCodeAt(0) - 'a'.charCodeAt(0);
  const rank = Number(square.slice(1)) - 1;
  return {
    x: layout.left + (file + 0.5 + dx) * layout.cell,
    y: layout.top + (8 - rank + 0.5 + dy) * layout.cell,
  };
}

/** The [r, g, b] of the canvas at each of `points`, given in CSS pixels. */
export async function pixelsAt(page, points) {
  return page.locator('canvas#board').evaluate((canvas, points) => {
    const scale = canvas.width / canvas.clientWidth;
    const context = canvas.getContext('2d');
    return points.map(({ x, y }) => {
      const data = context.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
      return [data[0], data[1], data[2]];
    });
  }, points);
}

/** Every square name, a1 … g9. */
export const SQUARES = [...'abcdefg'].flatMap((file) =>
  [1, 2, 3, 4, 5, 6, 7, 8, 9].map((rank) => `${file}${rank}`));

/** Opens the game page and waits until the game and its AI worker are ready. */
export async function openGame(page, path = '/') {
  await page.goto(path);
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
}

/** The element over `square` (e.g. 'e3') in the board's grid. */
export function square(page, name) {
  return page.locator(`#squares [data-square="${name}"]`);
}

/** Starts a new game through the new-game dialog. */
export async function newGame(page, { mode = 'hotseat', side = 'black', level = 1 } = {}) {
  await page.locator('#new-game').click();
  const form = page.locator('#new-game-form');
  await form.locator(`input[name=mode][value=${mode}]`).check();
  if (mode === 'vsAi') await form.locator(`input[name=side][value=${side}]`).check();
  if (mode !== 'hotseat') await form.locator(`input[name=level][value="${level}"]`).check();
  await page.locator('#new-game-start').click();
  await expect(page.locator('#new-game-dialog')).toBeHidden();
  // Unless the AI moves first, the new game starts with no moves.
  if (mode === 'hotseat' || (mode === 'vsAi' && side === 'black')) {
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '0');
  }
}

/** Plays `move` (machine form, e.g. 'a3a4') by clicking its two squares. */
export async function clickMove(page, move) {
  await square(page, move.slice(0, 2)).click();
  await square(page, move.slice(2, 4)).click();
}

/** The board container's data attributes (fen, turn, status, plies, legal, thinking…). */
export async function boardState(page) {
  return page.locator('#board-wrap').evaluate((wrap) => ({ ...wrap.dataset }));
}

/** The kind of token whose disc has colour [r, g, b]: 'dark' (Black's navy), 'light' (White's
 * amber) or 'none'; judged by kind, not exact value, so that the palette can change. */
export function tokenKind([r, g, b]) {
  if (b > r + 40 && Math.max(r, g, b) < 140) return 'dark';
  if (r > 200 && g > 140 && b < 120) return 'light';
  return 'none';
}

/**
 * What the canvas shows on every square, read from its pixels: { a1: 'dark', a2: 'none', … }
 * (each disc sampled left of its centre, inside the disc and clear of its emblem).
 */
export async function drawnTokens(page) {
  const layout = await boardLayout(page);
  const flipped = await page.locator('canvas#board').getAttribute('data-board-flipped') === 'true';
  const points = SQUARES.map((name) => {
    const shown = flipped
      ? `${String.fromCharCode(2 * 'a'.charCodeAt(0) + 6 - name.charCodeAt(0))}${10 - Number(name.slice(1))}`
      : name;
    return squarePoint(layout, shown, -0.3, 0.05);
  });
  const colours = await pixelsAt(page, points);
  return Object.fromEntries(SQUARES.map((name, i) => [name, tokenKind(colours[i])]));
}

/** What the square grid says stands on every square, in the same form as drawnTokens. */
export async function gridTokens(page) {
  return page.locator('#squares').evaluate((grid) => Object.fromEntries(
    [...grid.querySelectorAll('[data-square]')].map((cell) => {
      const piece = cell.dataset.piece ?? '';
      const kind = piece.startsWith('black-') ? 'dark' : piece.startsWith('white-') ? 'light' : 'none';
      return [cell.dataset.square, kind];
    })));
}

/** Every text the live region `#announcer` says from now on, with when (ms since the call). */
export async function recordAnnouncements(page) {
  await page.locator('#announcer').evaluate((region) => {
    const started = performance.now();
    window.__announced = [];
    new MutationObserver(() => {
      window.__announced.push({ text: region.textContent, at: performance.now() - started });
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
}

/** What `recordAnnouncements` heard so far. */
export async function announcements(page) {
  return page.evaluate(() => window.__announced);
}
