// Two players on one device: moves by click, drag and keyboard, rule messages, undo/redo, the move
// list, flipping, import/export, and the saved game surviving a reload (or not, gracefully).
import {
  test, expect, openGame, newGame, square, clickMove, boardState,
} from './fixtures.mjs';

const START_FEN = 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1';

test.beforeEach(async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
});

test('the board container publishes the position, the side to move and the status', async ({ page }) => {
  const state = await boardState(page);
  expect(state.fen).toBe(START_FEN);
  expect(state.turn).toBe('black');
  expect(state.status).toBe('playing');
  expect(state.legal.split(' ')).toHaveLength(24);
  // One grid cell per square, labelled for screen readers, with the terrain named.
  await expect(page.locator('#squares [data-square]')).toHaveCount(63);
  await expect(square(page, 'a3')).toHaveAttribute('aria-label', 'a3, Black elephant');
  await expect(square(page, 'd2')).toHaveAttribute('aria-label', "d2, empty, on Black's trap");
  await expect(square(page, 'd9')).toHaveAttribute('aria-label', "d9, empty, White's den");
  await expect(square(page, 'b5')).toHaveAttribute('aria-label', 'b5, empty, in the water');
});

test('click-click plays a move, shows it in the list and announces it', async ({ page }) => {
  await square(page, 'a3').click();
  // The selected elephant's destinations are marked on the grid.
  await expect(page.locator('#squares .destination')).toHaveCount(3);
  await square(page, 'a4').click();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-turn', 'white');
  const state = await boardState(page);
  expect(state.fen).toBe('l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L w 1 1');
  await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('Ea3-a4');
  await expect(page.locator('#announcer')).toHaveText('Black elephant from a3 to a4');
  await expect(square(page, 'a4')).toHaveAttribute('aria-label', 'a4, Black elephant');
});

test('an illegal attempt names the rule and changes nothing', async ({ page }) => {
  await square(page, 'c3').click();
  await square(page, 'c4').click();
  await expect(page.locator('#toast')).toContainText('only the rat may enter the water, not the wolf');
  await expect(page.locator('#announcer')).toContainText('only the rat may enter the water');
  expect((await boardState(page)).fen).toBe(START_FEN);
});

test('a move by drag and drop', async ({ page }) => {
  const from = await square(page, 'g3').boundingBox();
  const to = await square(page, 'g4').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) {
    await page.mouse.move(
      from.x + from.width / 2,
      from.y + from.height / 2 + ((to.y - from.y) * i) / 8,
    );
  }
  await page.mouse.up();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
  await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('Rg3-g4');
  // A drop on an illegal square puts the animal back with the rule's message.
  const wolf = await square(page, 'e7').boundingBox();
  const water = await square(page, 'e6').boundingBox();
  await page.mouse.move(wolf.x + wolf.width / 2, wolf.y + wolf.height / 2);
  await page.mouse.down();
  await page.mouse.move(water.x + water.width / 2, water.y + water.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(page.locator('#toast')).toContainText('only the rat may enter the water, not the wolf');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
});

test('a move with the keyboard: arrows, Enter, Escape', async ({ page }) => {
  // Tab reaches the board through the grid's one focusable cell.
  await page.locator('#squares [tabindex="0"]').focus();
  // The cursor starts on Black's first animal (a1, the tiger); go up to a3, the elephant.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('#squares [data-square="a3"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(square(page, 'a3')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(square(page, 'a3')).toHaveAttribute('aria-selected', 'false');
  await page.keyboard.press(' ');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('Ea3-b3');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-turn', 'white');
});

test('undo and redo, by button and by key; the move list shows earlier positions', async ({ page }) => {
  await clickMove(page, 'a3a4');
  await clickMove(page, 'g7g6');
  await clickMove(page, 'a4a5');
  const wrap = page.locator('#board-wrap');
  await expect(wrap).toHaveAttribute('data-plies', '3');
  const afterThree = (await boardState(page)).fen;

  await page.locator('#undo').click();
  await expect(wrap).toHaveAttribute('data-plies', '2');
  await page.keyboard.press('u');
  await expect(wrap).toHaveAttribute('data-plies', '1');
  await page.locator('#redo').click();
  await page.keyboard.press('Control+y');
  await expect(wrap).toHaveAttribute('data-plies', '3');
  expect((await boardState(page)).fen).toBe(afterThree);

  // Clicking the first move shows that position; the game itself is unchanged.
  await page.locator('#moves .move[data-ply="1"]').click();
  await expect(wrap).toHaveAttribute('data-viewing', '1');
  await expect(square(page, 'a4')).toHaveAttribute('aria-label', 'a4, Black elephant');
  await expect(square(page, 'g6')).toHaveAttribute('aria-label', 'g6, empty');
  await page.locator('#live').click();
  await expect(wrap).not.toHaveAttribute('data-viewing', /.*/);
  expect((await boardState(page)).fen).toBe(afterThree);
});

test('the game is saved after every move and resumed after a reload', async ({ page }) => {
  await clickMove(page, 'a3a4');
  await clickMove(page, 'g7g6');
  const before = await boardState(page);
  await page.reload();
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
  const after = await boardState(page);
  expect(after.fen).toBe(before.fen);
  expect(after.plies).toBe('2');
  expect(after.mode).toBe('hotseat');
  await expect(page.locator('#moves .move')).toHaveText(['Ea3-a4', 'Eg7-g6']);
});

test('F flips the board: the grid follows the squares', async ({ page }) => {
  const a1 = await square(page, 'a1').boundingBox();
  const g9 = await square(page, 'g9').boundingBox();
  expect(a1.y).toBeGreaterThan(g9.y);
  await page.keyboard.press('f');
  await expect(page.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'true');
  await expect.poll(async () => (await square(page, 'a1').boundingBox()).y).toBeLessThan(g9.y + 1);
  const flippedA1 = await square(page, 'a1').boundingBox();
  expect(Math.abs(flippedA1.x - g9.x)).toBeLessThan(1);
  // Moves still land where the player clicks.
  await clickMove(page, 'a3a4');
  await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('Ea3-a4');
});

test('export and import: a FEN or a record continues the game; bad text shows the error', async ({ page }) => {
  await clickMove(page, 'a3a4');
  await page.locator('#share').click();
  await page.locator('#io-show').click();
  const record = await page.locator('#io-text').inputValue();
  expect(record).toContain('1. a3a4');
  await expect(page.locator('#io-fen')).toHaveValue((await boardState(page)).fen);

  const fen = 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w 0 1';
  await page.locator('#io-text').fill(fen);
  await page.locator('#io-load').click();
  await expect(page.locator('#io-dialog')).toBeHidden();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-fen', fen);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-turn', 'white');

  await page.locator('#share').click();
  await page.locator('#io-text').fill('l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X b 0 1');
  await page.locator('#io-load').click();
  await expect(page.locator('#io-message')).toContainText('Could not read this');
  await expect(page.locator('#io-dialog')).toBeVisible();
  await page.locator('#io-text').fill(record);
  await page.locator('#io-load').click();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
});

test('resigning takes a second press, ends the game with the reason, and the record keeps it', async ({ page }) => {
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-turn', 'white');
  await page.locator('#resign').click();
  await expect(page.locator('#resign')).toHaveText('Resign? Press again');
  expect((await boardState(page)).status).toBe('playing');
  await page.locator('#resign').click();
  // White, to move between two players, resigned.
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'black-wins');
  await expect(page.locator('#banner-reason')).toHaveText('White resigned.');
  await expect(page.locator('#resign')).toBeDisabled();
  await page.locator('#banner-close').click();
  await page.locator('#share').click();
  await page.locator('#io-show').click();
  const record = await page.locator('#io-text').inputValue();
  expect(record).toMatch(/\[Termination "resignation"\]/);
  expect(record).toMatch(/\[Result "1-0"\]/);
});

