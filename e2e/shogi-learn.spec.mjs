// The shogi tutorial (learn.html?game=shogi): the Learn page's code on shogi's lessons
// (www/learn/shogi/lessons.json) and proven tsume (www/learn/shogi/tsume.json), each board an
// embed.html?game=shogi frame on shogi's pages module. A task done by a drop, an illegal drop
// explained, a tsume solved by clicks with the defence answering by itself and a wrong try told
// why; the page in Japanese with no English left; linked from the shogi page and Jungle's Learn
// page; offline.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from './fixtures.mjs';

const json = (path) => JSON.parse(readFileSync(new URL(`../www/${path}`, import.meta.url), 'utf8'));
const lessons = json('learn/shogi/lessons.json');
const tsume = json('learn/shogi/tsume.json').puzzles;
const english = json('learn/shogi/locales/en.json');
const japanese = json('learn/shogi/locales/ja.json');
const site = { en: { ...json('locales/en.json'), ...json('locales/embed/en.json'), ...json('locales/shogi/en.json') } };
const ui = (name, texts = english) => texts[lessons.ui[name]];
const lessonBoards = lessons.sections.reduce((n, s) => n + s.boards.length, 0);
const shot = (name) => fileURLToPath(new URL(`./screenshots/${name}`, import.meta.url));

/** Lesson board `n` (1-based) of section `id`: its frame, feedback and buttons. */
function lessonBoard(page, id, n) {
  const block = page.locator(`#${id} .lesson-board`).nth(n - 1);
  const frame = page.frameLocator(`#${id} .lesson-board >> nth=${n - 1} >> iframe.lesson-frame`);
  return {
    block,
    frame,
    wrap: frame.locator('#board-wrap'),
    feedback: block.locator('.lesson-feedback'),
    showMe: block.locator('.lesson-show-me'),
  };
}

async function openAt(page, id, n, lang = 'en') {
  await page.goto(`/learn.html?game=shogi&lang=${lang}`);
  await page.locator('body[data-ready]').waitFor();
  const board = lessonBoard(page, id, n);
  // A frame starts as its place comes near the screen (frames starting above may still move
  // it): scroll until it has started.
  await expect(async () => {
    await board.block.scrollIntoViewIfNeeded();
    await expect(board.block.locator('iframe.lesson-frame')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(board.wrap).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  return board;
}

/** Drops the piece `letter` of the side to move's hand on `to` by clicks. */
async function clickDrop(board, side, letter, to) {
  await board.frame.locator(`[data-hand="${side}:${letter}"]`).click();
  await board.frame.locator(`#squares [data-square="${to}"]`).click();
}

test('the shogi tutorial has a section per rule, then the proven tsume by length', async ({ page }) => {
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && /^(learn|embed):/.test(m.text()) && warnings.push(m.text()));
  await page.goto('/learn.html?game=shogi&lang=en');
  await page.locator('body[data-ready]').waitFor();
  await expect(page).toHaveTitle(ui('title'));
  await expect(page.locator('#learn-title')).toHaveText(ui('title'));
  for (const section of lessons.sections) {
    await expect(page.locator(`#${section.id} h2`)).toHaveText(english[section.title]);
  }
  // The tsume after the lessons: mate in 1, 3 and 5, every problem of the file.
  await expect(page.locator('#mate-in-1 h2')).toHaveText(ui('mateIn1'));
  await expect(page.locator('#mate-in-3 h2')).toHaveText(ui('mateInN').replace('{n}', '3'));
  await expect(page.locator('#mate-in-5 h2')).toHaveText(ui('mateInN').replace('{n}', '5'));
  await expect(page.locator('.lesson-frame')).toHaveCount(lessonBoards + tsume.length);
  // Each section sits in the page's column, under the table of contents (the first one's id,
  // `board`, is the boards' canvas id too).
  const toc = await page.locator('#learn-toc').boundingBox();
  for (const id of ['board', 'pieces', 'mate-in-5']) {
    const box = await page.locator(`#${id}`).boundingBox();
    expect(box.y, id).toBeGreaterThan(toc.y + toc.height - 1);
    expect(box.x, id).toBeCloseTo(toc.x, 0);
  }
  // The first board is a shogi board of the lesson's position.
  const first = page.frameLocator('.lesson-frame >> nth=0').locator('#board-wrap[data-ready]');
  await expect(first).toHaveAttribute('data-fen', lessons.sections[0].boards[0].fen);
  // The header leads to shogi's pages (www/site.js points them at the game shown).
  await expect(page.locator('.site-nav [data-page=play]')).toHaveAttribute('href', 'shogi.html');
  expect(warnings).toEqual([]);
});

test('a drop task: an illegal drop is explained, the right drop is well done', async ({ page }) => {
  // The drops lesson, board 2: a knight, a lance and a pawn in hand; 3a and 3b are dead squares.
  const board = await openAt(page, 'drops', 2);
  const task = lessons.sections.find((s) => s.id === 'drops').boards[1];
  expect(task.illegal).toContain('L*3a');
  await clickDrop(board, 'b', 'L', '3a');
  await expect(board.frame.locator('#toast')).toContainText(/never move/i);
  await expect(board.wrap).toHaveAttribute('data-plies', '0');
  expect(task.try.moves).toEqual(['N*3c']);
  await clickDrop(board, 'b', 'N', '3c');
  await expect(board.feedback).toHaveText(ui('wellDone'));
  await expect(board.feedback).toHaveAttribute('data-feedback', 'right');
  await expect(board.frame.locator('#squares [data-square="3c"]')).toHaveAttribute('data-piece', 'b:N');
});

test('"show me" plays the move and names it in shogi notation', async ({ page }) => {
  const board = await openAt(page, 'drops', 1);
  await expect(board.showMe).toBeEnabled();
  await board.showMe.click();
  await expect(board.feedback).toHaveAttribute('data-feedback', 'shown');
  await expect(board.feedback).toHaveText(ui('shown').replace('{move}', 'S*5e'));
});

test('a tsume by clicks: drops, the defence answers, a wrong try is told why', async ({ page }) => {
  // The mate in 3 of the lessons: R*3b, the king to 2a, R*3a.
  const board = await openAt(page, 'tsume', 2);
  const puzzle = lessons.sections.find((s) => s.id === 'tsume').boards[1].puzzle;
  expect(puzzle.solution).toEqual(['R*3b', '3a2a', 'R*3a']);
  await expect(board.block.locator('.lesson-try')).toHaveText(ui('mateInN').replace('{n}', '3'));
  await expect(board.wrap).toHaveAttribute('data-puzzle', 'solving');
  // A quiet drop is not a tsume move.
  await clickDrop(board, 'b', 'R', '9i');
  await expect(board.wrap).toHaveAttribute('data-puzzle', 'wrong');
  await expect(board.frame.locator('#toast')).toHaveText(
    site.en['embed.puzzleWrongWhy'].replace('{why}', site.en['shogi.puzzle.noCheck']));
  await expect(board.wrap).toHaveAttribute('data-plies', '0');
  await clickDrop(board, 'b', 'R', '3b');
  // The defence's answer is played by the board.
  await expect(board.wrap).toHaveAttribute('data-plies', '2');
  await expect(board.frame.locator('#squares [data-square="2a"]')).toHaveAttribute('data-piece', 'w:K');
  await clickDrop(board, 'b', 'R', '3a');
  await expect(board.wrap).toHaveAttribute('data-puzzle', 'solved');
  await expect(board.wrap).toHaveAttribute('data-status', 'black-wins');
});

test('a tsume of the file: the mate in 1 by a gold drop', async ({ page }) => {
  const board = await openAt(page, 'mate-in-1', 1);
  expect(tsume[0].line).toEqual(['G*1b']);
  await expect(board.wrap).toHaveAttribute('data-fen', tsume[0].position);
  await clickDrop(board, 'b', 'G', '1b');
  await expect(board.wrap).toHaveAttribute('data-puzzle', 'solved');
});

test('a tsume whose mate is a promotion: the choice is offered, the wrong one told why', async ({ page }) => {
  // The sixth mate in 1 of the file: the rook from 6c to 5c, promoting.
  const board = await openAt(page, 'mate-in-1', 6);
  const problem = tsume.filter((t) => t.line.length === 1)[5];
  expect(problem.line).toEqual(['6c5c+']);
  const choice = board.frame.locator('#choice');
  const promotion = async (index) => {
    await board.frame.locator('#squares [data-square="6c"]').click();
    await board.frame.locator('#squares [data-square="5c"]').click();
    await expect(choice).toBeVisible();
    await choice.locator(`[data-choice="${index}"]`).click();
  };
  // Not promoting checks, but the king escapes.
  await promotion(1);
  await expect(board.wrap).toHaveAttribute('data-puzzle', 'wrong');
  await expect(board.frame.locator('#toast')).toHaveText(
    site.en['embed.puzzleWrongWhy'].replace('{why}', site.en['shogi.puzzle.escapes']));
  await expect(board.wrap).toHaveAttribute('data-plies', '0');
  await promotion(0);
  await expect(board.wrap).toHaveAttribute('data-puzzle', 'solved');
  await expect(board.frame.locator('#squares [data-square="5c"]')).toHaveAttribute('data-piece', 'b:+R');
});

test('in Japanese the tutorial and its boards have no English left', async ({ page }) => {
  const board = await openAt(page, 'drops', 2, 'ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page).toHaveTitle(ui('title', japanese));
  await expect(board.frame.locator('html')).toHaveAttribute('lang', 'ja');
  // Words of Latin letters in the page's text and labels, and in a board's: none but the
  // moves' and squares' own notation (USI like N*3c, the files and ranks) and the game's name.
  const latinWords = (root) => root.evaluate((node) => {
    const texts = [node.innerText, ...[...node.querySelectorAll('[aria-label],[title]')]
      .flatMap((el) => [el.getAttribute('aria-label'), el.getAttribute('title')])];
    return texts.join(' ').match(/\b[A-Za-z]{3,}\b/g) ?? [];
  });
  expect(await latinWords(page.locator('body'))).toEqual([]);
  expect(await latinWords(board.frame.locator('body'))).toEqual([]);
  await clickDrop(board, 'b', 'L', '3a');
  const toast = await board.frame.locator('#toast').textContent();
  expect(toast.match(/\b[A-Za-z]{3,}\b/g)).toBeNull();
  await page.screenshot({ path: shot('shogi-learn-ja.png') });
});

test('the shogi page and Jungle\'s Learn page link to the shogi tutorial', async ({ page }) => {
  await page.goto('/shogi.html?lang=ja');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#learn-link')).toHaveAttribute('href', 'learn.html?game=shogi&lang=ja');
  await page.locator('#learn-link').click();
  await page.locator('body[data-ready]').waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.goto('/learn.html?lang=en');
  await page.locator('body[data-ready]').waitFor();
  // The game switch leads to the same page of the other game.
  const toShogi = page.locator('.game-switch a[data-game="shogi"]');
  await expect(toShogi).toHaveText('Shogi');
  await toShogi.click();
  await expect(page.locator('#learn-title')).toHaveText(ui('title'));
  // And back.
  await expect(page.locator('.game-switch a[data-game="jungle"]')).toHaveAttribute('href', 'learn.html');
  await expect(page.locator('.game-switch a[data-game="shogi"]')).toHaveAttribute('aria-current', 'true');
});

test('phone and desktop screenshots of the shogi tutorial', async ({ page }) => {
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]]) {
    await page.setViewportSize(size);
    await openAt(page, 'drops', 2);
    await page.screenshot({ path: shot(`shogi-learn-${name}.png`) });
    await openAt(page, 'tsume', 2);
    await page.screenshot({ path: shot(`shogi-learn-tsume-${name}.png`) });
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('the shogi tutorial and its boards open offline once visited', async ({ page, context }) => {
    await page.goto('/learn.html?game=shogi&lang=ja');
    await page.locator('body[data-ready]').waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    // The service worker has the whole build, the shogi pages module included.
    await page.waitForFunction(async () => {
      const names = await caches.keys();
      if (names.length === 0) return false;
      const cache = await caches.open(names[0]);
      return (await cache.keys()).some((r) => /shogi-pages_bg\.[0-9a-f]{16}\.wasm$/.test(r.url));
    }, null, { timeout: 20_000 });
    await context.setOffline(true);
    const board = await openAt(page, 'tsume', 1, 'ja');
    await clickDrop(board, 'b', 'G', '1b');
    await expect(board.wrap).toHaveAttribute('data-puzzle', 'solved');
    await page.goto('/embed.html?game=shogi&mode=hotseat&lang=ja');
    await page.locator('#board-wrap[data-ready]').waitFor();
    await context.setOffline(false);
  });
});
