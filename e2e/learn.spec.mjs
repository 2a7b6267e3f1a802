// The Learn page (learn.html): every lesson of learn/lessons.json is rendered with its texts, and
// every board (an embed.html frame) loads and shows its position without a console error; a
// board's task answers the reader's move ("well done", or "try again" and the board goes back),
// "show me" plays a move, and the lesson's highlighted squares are drawn on the board.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures.mjs';

const lessons = JSON.parse(readFileSync(new URL('../www/learn/lessons.json', import.meta.url), 'utf8'));
const english = JSON.parse(readFileSync(new URL('../www/learn/locales/en.json', import.meta.url), 'utf8'));
const boards = lessons.sections.reduce((n, s) => n + s.boards.length, 0);

test('the game page links to the Learn page', async ({ page }) => {
  await page.goto('/');
  await page.locator('#learn-link').click();
  await expect(page).toHaveURL(/learn\.html/);
  await expect(page.locator('body[data-ready]')).toBeVisible();
});

test('the Learn page points authors to the editor, in its language', async ({ page }) => {
  await page.goto('/learn.html?lang=de');
  await page.locator('body[data-ready]').waitFor();
  const german = JSON.parse(readFileSync(new URL('../www/learn/locales/de.json', import.meta.url), 'utf8'));
  const link = page.locator('#learn-editor');
  await expect(link).toHaveText(german['learn.ui.forAuthors']);
  // The lessons above it are laid out only as they come near the screen: it must stay where
  // scrolling put it while they do (one guess of their height once moved it 2,900 px away
  // from the pointer).
  await link.scrollIntoViewIfNeeded();
  const before = await link.boundingBox();
  await expect(page.locator('.lesson-frame').last()).toHaveJSProperty('tagName', 'IFRAME');
  const after = await link.boundingBox();
  expect(Math.abs(after.y - before.y), 'the link moved as the last lessons were laid out').toBeLessThan(40);
  await link.click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the Learn page renders every section and every board loads', async ({ page }) => {
  test.setTimeout(90_000);
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && /^(learn|embed):/.test(m.text()) && warnings.push(m.text()));
  await page.goto('/learn.html?lang=en');
  await page.locator('body[data-ready]').waitFor();
  await expect(page.locator('section.lesson')).toHaveCount(lessons.sections.length);
  for (const section of lessons.sections) {
    await expect(page.locator(`#${section.id} h2`)).toHaveText(english[section.title]);
  }
  // Every board has its place; a frame starts only as its place comes near the screen, so the
  // last boards are still waiting.
  const places = page.locator('.lesson-frame');
  await expect(places).toHaveCount(boards);
  await expect(places.last()).toHaveClass(/lesson-frame-waiting/);
  expect(await page.locator('iframe.lesson-frame').count()).toBeLessThan(boards / 2);
  for (let i = 0; i < boards; i += 1) {
    await places.nth(i).scrollIntoViewIfNeeded();
    await expect(places.nth(i), `board ${i + 1} of ${boards}`).toHaveJSProperty('tagName', 'IFRAME');
    const wrap = page.frameLocator(`.lesson-frame >> nth=${i}`).locator('#board-wrap[data-ready]');
    await expect(wrap, `board ${i + 1} of ${boards}`).toHaveAttribute('data-fen', /./);
  }
  expect(warnings, 'no missing texts, no bad board parameters').toEqual([]);
});

test('the Learn page speaks the language asked for', async ({ page }) => {
  const german = JSON.parse(readFileSync(new URL('../www/learn/locales/de.json', import.meta.url), 'utf8'));
  await page.goto('/learn.html?lang=de');
  await page.locator('body[data-ready]').waitFor();
  await expect(page.locator('#learn-title')).toHaveText(german['learn.ui.title']);
  await expect(page.locator(`#${lessons.sections[0].id} h2`)).toHaveText(german[lessons.sections[0].title]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator(`#${lessons.sections[0].id}`).scrollIntoViewIfNeeded();
  await expect(page.frameLocator('iframe.lesson-frame >> nth=0').locator('#board-wrap[data-ready]')).toBeVisible();
  await page.screenshot({ path: fileURLToPath(new URL('./screenshots/learn-de.png', import.meta.url)) });
});

// The step lesson: board 1, Black's wolf alone on d3 (any of its four steps does it; d4, d2, c3
// and e3 are highlighted); board 2, Black's cat c1 and dog c2: the cat must step to b1.
const step = lessons.sections.find((section) => section.id === 'step');
const [stepOne, stepTwo] = step.boards;

/** The lesson board `n` (1-based) of the step section: its frame's board, its feedback, its buttons. */
function stepBoard(page, n) {
  const block = page.locator('#step .lesson-board').nth(n - 1);
  const frame = page.frameLocator(`#step .lesson-board >> nth=${n - 1} >> iframe.lesson-frame`);
  return {
    block,
    frame,
    wrap: frame.locator('#board-wrap'),
    feedback: block.locator('.lesson-feedback'),
    showMe: block.locator('.lesson-show-me'),
    again: block.locator('.lesson-again'),
  };
}

async function clickMove(board, move) {
  await board.frame.locator(`#squares [data-square="${move.slice(0, 2)}"]`).click();
  await board.frame.locator(`#squares [data-square="${move.slice(2, 4)}"]`).click();
}

async function openStep(page) {
  await page.goto('/learn.html?lang=en');
  await page.locator('body[data-ready]').waitFor();
  await page.locator('#step').scrollIntoViewIfNeeded();
  for (const n of [1, 2]) {
    const board = stepBoard(page, n);
    await expect(board.wrap).toHaveAttribute('data-ready', 'true');
    // The buttons come alive once the frame said it is ready.
    await expect(board.showMe).toBeEnabled();
  }
}

test('a task says well done for a right move and starts again', async ({ page }) => {
  await openStep(page);
  const one = stepBoard(page, 1);
  expect(stepOne.try.moves).toContain('d3c3');
  await expect(one.feedback).toHaveText('');
  await clickMove(one, 'd3c3');
  await expect(one.feedback).toHaveText(english['learn.ui.wellDone']);
  await expect(one.feedback).toHaveAttribute('data-feedback', 'right');
  await expect(one.feedback).toHaveAttribute('aria-live', 'polite');
  // The board keeps the move: the reader may go on exploring.
  await expect(one.wrap).toHaveAttribute('data-plies', '1');
  await expect(one.frame.locator('#squares [data-square="c3"]')).toHaveAttribute('data-piece', 'black-wolf');
  // "Start again" takes the move back and clears the feedback.
  await one.again.click();
  await expect(one.wrap).toHaveAttribute('data-plies', '0');
  await expect(one.feedback).toHaveText('');
});

test('a task says try again for a wrong move and the board goes back', async ({ page }) => {
  await openStep(page);
  const two = stepBoard(page, 2);
  const start = await two.wrap.getAttribute('data-fen');
  expect(start).toBe(stepTwo.fen);
  expect(stepTwo.try.moves).not.toContain('c2c3');
  // The dog's step is legal, but not what the lesson asks.
  await clickMove(two, 'c2c3');
  await expect(two.feedback).toHaveText(english['learn.ui.tryAgain']);
  await expect(two.feedback).toHaveAttribute('data-feedback', 'wrong');
  await expect(two.wrap).toHaveAttribute('data-plies', '1');
  // After a short pause the board is back where the lesson started, the message still there.
  await expect(two.wrap).toHaveAttribute('data-plies', '0');
  await expect(two.wrap).toHaveAttribute('data-fen', start);
  await expect(two.feedback).toHaveText(english['learn.ui.tryAgain']);
  // And the right move is still taken.
  await clickMove(two, stepTwo.try.moves[0]);
  await expect(two.feedback).toHaveText(english['learn.ui.wellDone']);
});

test('show me plays one of the moves for the reader', async ({ page }) => {
  await openStep(page);
  const one = stepBoard(page, 1);
  const [move] = stepOne.try.moves;
  // Even from a position the reader moved away from: the board starts again first.
  await clickMove(one, 'd3e3');
  await expect(one.wrap).toHaveAttribute('data-plies', '1');
  await one.showMe.click();
  await expect(one.feedback).toHaveAttribute('data-feedback', 'shown');
  await expect(one.feedback).toHaveText(english['learn.ui.shown'].replace('{move}', `${move.slice(0, 2)}-${move.slice(2)}`));
  await expect(one.wrap).toHaveAttribute('data-plies', '1');
  await expect(one.frame.locator(`#squares [data-square="${move.slice(2)}"]`)).toHaveAttribute('data-piece', 'black-wolf');
  await expect(one.frame.locator(`#squares [data-square="${move.slice(0, 2)}"]`)).not.toHaveAttribute('data-piece', /./);
});

test('the highlighted squares are drawn on the board', async ({ page }) => {
  await openStep(page);
  const one = stepBoard(page, 1);
  await expect(one.wrap).toHaveAttribute('data-marks', stepOne.highlight.join(','));
  // The corner bracket of a marked square (d4) is in the marks' colour; the same spot of an
  // unmarked one (b4, plain land) is not. Not flipped: Black's rank 1 at the bottom.
  const canvas = one.frame.locator('canvas#board[data-board-cell]');
  const colourAt = (square) => canvas.evaluate((c, square) => {
    const cell = Number(c.dataset.boardCell);
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square[1]) - 1;
    const x = Number(c.dataset.boardLeft) + file * cell + cell * 0.09;
    const y = Number(c.dataset.boardTop) + (8 - rank) * cell + cell * 0.19;
    const scale = c.width / c.clientWidth;
    return Array.from(c.getContext('2d').getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data);
  }, square);
  const isMark = ([r, g, b]) => r > 150 && g < 110 && b > 130;
  await expect.poll(() => colourAt('d4').then(isMark), { message: 'd4 is marked' }).toBe(true);
  expect(isMark(await colourAt('b4')), 'b4 is not marked').toBe(false);
  // The marks stay while the reader plays.
  await clickMove(one, 'd3d4');
  await expect(one.wrap).toHaveAttribute('data-plies', '1');
  await expect.poll(() => colourAt('d2').then(isMark), { message: 'd2 is still marked' }).toBe(true);
});

test('a task to win is judged by the end of the game its move brings', async ({ page }) => {
  const dens = lessons.sections.find((section) => section.id === 'dens').boards[0];
  expect(dens.try).toMatchObject({ expect: 'win', moves: ['d8d9'] });
  await page.goto('/learn.html?lang=en');
  await page.locator('body[data-ready]').waitFor();
  await page.locator('#dens').scrollIntoViewIfNeeded();
  const block = page.locator('#dens .lesson-board').first();
  const frame = page.frameLocator('#dens iframe.lesson-frame >> nth=0');
  const wrap = frame.locator('#board-wrap[data-ready]');
  const feedback = block.locator('.lesson-feedback');
  await expect(block.locator('.lesson-show-me')).toBeEnabled();
  const move = async (m) => {
    await frame.locator(`#squares [data-square="${m.slice(0, 2)}"]`).click();
    await frame.locator(`#squares [data-square="${m.slice(2, 4)}"]`).click();
  };
  // A legal move that does not end the game: try again, and the board goes back.
  await move('d8c8');
  await expect(feedback).toHaveText(english['learn.ui.tryAgain']);
  await expect(wrap).toHaveAttribute('data-plies', '0');
  // Into the den: the game ends with Black's win.
  await move('d8d9');
  await expect(wrap).toHaveAttribute('data-status', 'black-wins');
  await expect(feedback).toHaveText(english['learn.ui.wellDone']);
});
