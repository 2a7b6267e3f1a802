// The position editor (editor.html, issue 6): authors place and remove animals with the palette
// (click or drag), the keyboard or the text form, see the rules' verdict live, and get a link and
// an <iframe> for the position with the chosen embed parameters, previewed in a real frame.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, boardLayout, squarePoint, square } from './fixtures.mjs';

const START_FEN = 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1';
const TAGS = ['en', 'id', 'vi', 'de', 'zh-CN'];
const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
// The site's texts and the editor's own.
const catalogue = (tag) => ({
  ...read(`../www/locales/${tag}.json`), ...read(`../www/locales/jungle/${tag}.json`),
  ...read(`../www/locales/editor/${tag}.json`), ...read(`../www/locales/embed/${tag}.json`),
});
const en = catalogue('en');

async function openEditor(page, query = '') {
  await page.goto(`/editor.html${query}`);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('canvas#board[data-board-cell]').waitFor();
}

const wrap = (page) => page.locator('#board-wrap');
const palette = (page, letter) => page.locator(`#palette .palette-piece[data-piece="${letter}"]`);

/** Clicks a palette animal, then each of `squares`. */
async function place(page, letter, ...squares) {
  await palette(page, letter).click();
  for (const name of squares) await square(page, name).click();
}

/** Drags with the mouse from the centre of `from` (a locator) to page point `to`. */
async function drag(page, from, to) {
  const box = await from.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** The page point over the centre of board square `name`. */
async function squareOnPage(page, name) {
  const layout = await boardLayout(page);
  const canvas = await page.locator('canvas#board').boundingBox();
  const point = squarePoint(layout, name);
  return { x: canvas.x + point.x, y: canvas.y + point.y };
}

test('set up a position from an empty board by clicking, with the verdict following', async ({ page }) => {
  await openEditor(page);
  await expect(wrap(page)).toHaveAttribute('data-fen', START_FEN);
  await expect(wrap(page)).toHaveAttribute('data-verdict', 'legal');
  await expect(page.locator('#editor-verdict')).toContainText(en['turn.black']);

  await page.locator('#editor-clear').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', '7/7/7/7/7/7/7/7/7 b 0 1');
  await expect(wrap(page)).toHaveAttribute('data-verdict', 'illegal');
  await expect(page.locator('#editor-verdict')).toContainText('no animals');

  // A lone Black lion: White, not to move, has no animals.
  await place(page, 'L', 'd5');
  await expect(wrap(page)).toHaveAttribute('data-fen', '7/7/7/7/3L3/7/7/7/7 b 0 1');
  await expect(page.locator('#editor-verdict')).toContainText('White has no animals');
  await place(page, 'e', 'a9');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/7 b 0 1');
  await expect(wrap(page)).toHaveAttribute('data-verdict', 'legal');
  await expect(square(page, 'a9')).toHaveAttribute('aria-label', /a9.*White.*elephant/);

  // Placing the lion elsewhere moves it (one of each animal per side); again on it: removed.
  await place(page, 'L', 'f7');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/5L1/7/7/7/7/7/7 b 0 1');
  await square(page, 'f7').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/7/7/7/7 b 0 1');

  // An elephant in the water: the rules' reason names the square.
  await place(page, 'E', 'b5');
  await expect(wrap(page)).toHaveAttribute('data-verdict', 'illegal');
  await expect(page.locator('#editor-verdict')).toContainText('water on b5');
  // The side to move; the eraser.
  await page.locator('input[name=side-to-move][value=white]').check({ force: true });
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/1E5/7/7/7/7 w 0 1');
  await page.locator('#tool-erase').click();
  await expect(page.locator('#tool-erase')).toHaveAttribute('aria-pressed', 'true');
  await square(page, 'b5').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/7/7/7/7 w 0 1');
  // White to move with a lone elephant and Black without animals is not a legal setup.
  await expect(page.locator('#editor-verdict')).toContainText('Black has no animals');

  // Start position puts everything back.
  await page.locator('#editor-start').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', START_FEN);
});

test('drag from the palette, across the board and off it', async ({ page }) => {
  await openEditor(page, '?fen=e6/7/7/7/3L3/7/7/7/7_b_0_1');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/7 b 0 1');

  await drag(page, palette(page, 'r'), await squareOnPage(page, 'c6'));
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/2r4/3L3/7/7/7/7 b 0 1');
  // The drag did not change the tool (a click would have).
  await expect(wrap(page)).toHaveAttribute('data-tool', 'hand');

  await drag(page, square(page, 'd5'), await squareOnPage(page, 'g1'));
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/2r4/7/7/7/7/6L b 0 1');

  // Off the board: taken off.
  const canvas = await page.locator('canvas#board').boundingBox();
  await drag(page, square(page, 'c6'), { x: canvas.x + canvas.width + 60, y: canvas.y + 20 });
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/7/7/7/6L b 0 1');

  // Click-click with the hand.
  await square(page, 'g1').click();
  await square(page, 'a1').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/7/7/7/L6 b 0 1');
});

test('the keyboard places, removes and moves the cursor', async ({ page }) => {
  await openEditor(page, '?fen=e6/7/7/7/7/7/7/7/7_w_0_1');
  await square(page, 'a1').focus();
  // Up twice and right once from a1: b3. Capital letters place Black's animals.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+T');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/7/1T5/7/7 w 0 1');
  await expect(page.locator('#announcer')).toContainText('b3');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('c');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/7/1Tc4/7/7 w 0 1');
  await page.keyboard.press('Delete');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/7/1T5/7/7 w 0 1');
  // Enter picks up with the hand and puts down on the next square.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/7/1T5/7/7/7 w 0 1');
});

test('undo and redo, by button and by Ctrl+Z / Ctrl+Shift+Z', async ({ page }) => {
  await openEditor(page, '?fen=e6/7/7/7/3L3/7/7/7/7_b_0_1');
  await expect(page.locator('#editor-undo')).toBeDisabled();
  await place(page, 'r', 'a1');
  await page.locator('#editor-clear').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', '7/7/7/7/7/7/7/7/7 b 0 1');
  await page.locator('#editor-undo').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/r6 b 0 1');
  await page.keyboard.press('Control+z');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/7 b 0 1');
  await expect(page.locator('#editor-undo')).toBeDisabled();
  await page.keyboard.press('Control+Shift+z');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/r6 b 0 1');
  await page.locator('#editor-redo').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', '7/7/7/7/7/7/7/7/7 b 0 1');
  await expect(page.locator('#editor-redo')).toBeDisabled();
  // The address follows.
  expect(new URL(page.url()).searchParams.get('fen')).toBe('7/7/7/7/7/7/7/7/7 b 0 1');
});

test('the text form loads what it can read and explains what it cannot', async ({ page }) => {
  await openEditor(page);
  const fen = page.locator('#editor-fen');
  await fen.fill('e6/7/7/7/3X3/7/7/7/7 b 0 1');
  await expect(page.locator('#editor-fen-error')).toBeVisible();
  await expect(page.locator('#editor-fen-error')).toContainText("'X'");
  await expect(fen).toHaveAttribute('aria-invalid', 'true');
  await expect(wrap(page)).toHaveAttribute('data-fen', START_FEN);

  await fen.fill('e6/7/7/7/3L3/7/7/7/7 w 3 20');
  await expect(page.locator('#editor-fen-error')).toBeHidden();
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/7 w 3 20');
  await expect(page.locator('input[name=side-to-move][value=white]')).toBeChecked();

  // The address keeps the position: a reload reopens it.
  expect(new URL(page.url()).searchParams.get('fen')).toBe('e6/7/7/7/3L3/7/7/7/7 w 3 20');
  await page.reload();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/7 w 3 20');
});

test('bad marks in the address are named, not dropped in silence', async ({ page }) => {
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await openEditor(page, '?marks=d4,z9');
  await expect(page.locator('#toast')).toContainText('z9');
  await expect(page.locator('#announcer')).toContainText('z9');
  await expect(wrap(page)).toHaveAttribute('data-marks', '');
  expect(warnings.some((w) => w.includes('z9'))).toBe(true);
});

test('an unreadable position in the address is explained, not lost', async ({ page }) => {
  await openEditor(page, '?fen=not-a-position');
  await expect(page.locator('#editor-fen-error')).toContainText('4 fields');
  await expect(page.locator('#editor-fen')).toHaveValue('not-a-position');
  await expect(wrap(page)).toHaveAttribute('data-fen', START_FEN);
});

test('in German, what keeps the board from being embedded is said in German', async ({ page }) => {
  await openEditor(page, '?lang=de&fen=6e/3L3/7/7/7/7/7/7/7_b_0_1');
  await page.locator('#embed-mode').selectOption('puzzle');
  await expect(page.locator('#embed-errors-box')).toBeVisible();
  await expect(page.locator('#embed-problems li')).toHaveText([
    'Im Modus puzzle ist solution nötig: die Züge, die der Leser finden muss, mit den Antworten des Bretts dazwischen',
  ]);
  await page.locator('#embed-solution').fill('d8c8,g9f9');
  await expect(page.locator('#embed-problems li')).toHaveText([
    'solution muss mit einem Zug des Lesers enden (eine ungerade Zahl von Zügen), nicht mit 2 Zügen',
  ]);
  await page.locator('#embed-solution').fill('d8d9');
  await expect(page.locator('#embed-errors-box')).toBeHidden();
});

test('link, snippet and preview carry the position and the embed settings', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openEditor(page, '?fen=6e/3L3/7/7/7/7/7/7/7_b_0_1');

  // A puzzle needs its solution: the frame's own message shows, nothing to copy.
  await page.locator('#embed-mode').selectOption('puzzle');
  await expect(page.locator('#embed-errors-box')).toBeVisible();
  await expect(page.locator('#embed-problems li')).toHaveText([en['embed.param.solutionMissing']]);
  await expect(page.locator('#embed-output')).toBeHidden();

  await page.locator('#embed-solution').fill('d8d9');
  await page.locator('#embed-theme').selectOption('dark');
  await page.locator('#embed-lang').selectOption('de');
  await expect(page.locator('#embed-errors-box')).toBeHidden();
  const link = await page.locator('#editor-link').inputValue();
  const url = new URL(link);
  expect(url.pathname).toBe('/embed.html');
  expect(url.searchParams.get('fen')).toBe('6e/3L3/7/7/7/7/7/7/7 b 0 1');
  expect(url.searchParams.get('mode')).toBe('puzzle');
  expect(url.searchParams.get('solution')).toBe('d8d9');
  expect(url.searchParams.get('theme')).toBe('dark');
  expect(url.searchParams.get('lang')).toBe('de');

  // The snippet is that link in an <iframe>, escaped for HTML.
  const snippet = await page.locator('#editor-snippet').inputValue();
  const parsed = await page.evaluate((html) => {
    const frame = new DOMParser().parseFromString(html, 'text/html').body.firstElementChild;
    return { tag: frame.tagName, src: frame.getAttribute('src'), title: frame.getAttribute('title') };
  }, snippet);
  expect(parsed).toEqual({ tag: 'IFRAME', src: link, title: en['editor.frameTitle'] });

  // Copy puts it on the clipboard.
  await page.locator('#editor-copy-link').click();
  // Said beside the button, where the reader looks.
  await expect(page.locator('#editor-copy-link + .beside')).toHaveText(en['editor.copied']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The preview is a live frame of that link: the puzzle is there, in German, and solvable.
  await expect(page.locator('#editor-preview')).toHaveAttribute('src', link);
  const frame = page.frameLocator('#editor-preview');
  await expect(frame.locator('#board-wrap[data-ready]')).toHaveAttribute('data-fen', '6e/3L3/7/7/7/7/7/7/7 b 0 1');
  await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
  await expect(frame.locator('html')).toHaveAttribute('data-theme', 'dark');
  await frame.locator('#squares [data-square="d8"]').click();
  await frame.locator('#squares [data-square="d9"]').click();
  await expect(frame.locator('#board-wrap')).toHaveAttribute('data-puzzle', 'solved');
});

test('marked squares go into the link and the preview, and the address keeps them', async ({ page }) => {
  await openEditor(page, '?fen=e6/7/7/7/3L3/7/7/7/7_b_0_1');
  await page.locator('#tool-mark').click();
  await expect(wrap(page)).toHaveAttribute('data-tool', 'mark');
  await square(page, 'd6').click();
  await square(page, 'b4').click();
  await square(page, 'c3').click();
  await square(page, 'c3').click();
  await expect(wrap(page)).toHaveAttribute('data-marks', 'd6,b4');
  await expect(page.locator('#announcer')).toContainText('c3');
  await expect(square(page, 'b4')).toHaveAttribute('aria-label', /marked/);
  await expect(square(page, 'c3')).not.toHaveAttribute('aria-label', /marked/);
  // Marks are no part of the position.
  await expect(wrap(page)).toHaveAttribute('data-fen', 'e6/7/7/7/3L3/7/7/7/7 b 0 1');
  const link = new URL(await page.locator('#editor-link').inputValue());
  expect(link.searchParams.get('marks')).toBe('d6,b4');
  await page.locator('#editor-preview').scrollIntoViewIfNeeded();
  const frame = page.frameLocator('#editor-preview');
  await expect(frame.locator('#board-wrap[data-ready]')).toHaveAttribute('data-marks', 'd6,b4');

  await page.reload();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-marks', 'd6,b4');
  await page.locator('#editor-clear').click();
  await expect(wrap(page)).toHaveAttribute('data-marks', '');
  await page.keyboard.press('Control+z');
  await expect(wrap(page)).toHaveAttribute('data-marks', 'd6,b4');
});

test('a line of moves to step through, from the edited position', async ({ page }) => {
  await openEditor(page);
  await page.locator('#embed-moves').fill('a3a4 g7g6');
  await page.locator('#embed-ply').fill('1');
  const link = new URL(await page.locator('#editor-link').inputValue());
  expect(link.searchParams.get('moves')).toBe('a3a4,g7g6');
  expect(link.searchParams.get('ply')).toBe('1');
  // The preview starts its board only once it comes near the screen.
  await expect(page.locator('#editor-preview')).not.toHaveAttribute('src', /./);
  await page.locator('#editor-preview').scrollIntoViewIfNeeded();
  const frame = page.frameLocator('#editor-preview');
  await expect(frame.locator('#board-wrap[data-ready]')).toHaveAttribute('data-plies', '1');
  await frame.locator('#embed-redo').click();
  await expect(frame.locator('#board-wrap')).toHaveAttribute('data-plies', '2');

  // A move that cannot be played is the frame's own error, and nothing to copy.
  await page.locator('#embed-moves').fill('a3a4 g7g5');
  await expect(page.locator('#embed-problems')).toContainText('g7g5');
  await expect(page.locator('#embed-output')).toBeHidden();
});

test('the buttons follow the mode and can be chosen', async ({ page }) => {
  await openEditor(page);
  // View mode by default: undo, redo and flip; the link is the bare embed page.
  const checked = () => page.locator('[data-control]').evaluateAll((boxes) =>
    boxes.filter((b) => b.checked).map((b) => b.dataset.control));
  expect(await checked()).toEqual(['undo', 'redo', 'flip']);
  await expect(page.locator('#editor-link')).toHaveValue(/\/embed\.html$/);

  await page.locator('#embed-mode').selectOption('play');
  expect(await checked()).toEqual(['undo', 'flip', 'reset', 'hint', 'new']);
  await page.locator('#embed-level').selectOption('4');
  await page.locator('[data-control="hint"]').uncheck();
  const url = new URL(await page.locator('#editor-link').inputValue());
  expect(url.searchParams.get('mode')).toBe('play');
  expect(url.searchParams.get('level')).toBe('4');
  expect(url.searchParams.get('controls')).toBe('undo,flip,reset,new');

  // Rules: the variant travels in the link.
  await page.locator('#embed-rule-tiger').check();
  await page.locator('#embed-rule-nocapture').selectOption('off');
  const ruled = new URL(await page.locator('#editor-link').inputValue());
  expect(ruled.searchParams.get('variant')).toContain('tiger-vertical-only');
  expect(ruled.searchParams.get('variant')).toContain('nocapture=off');
});

test('the editor opens its position on the game page', async ({ page }) => {
  const fen = 'e6/7/7/7/3L3/7/7/7/7 b 0 1';
  await openEditor(page, `?fen=${fen.replaceAll(' ', '_')}`);
  const play = page.locator('#editor-play-position');
  const href = new URL(await play.getAttribute('href'));
  expect(href.pathname).toBe('/index.html');
  expect(href.searchParams.get('position')).toBe(fen);
  await page.goto(href.href);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-fen', fen);
  // Undo brings back the game the position replaced.
  await page.locator('#undo').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', START_FEN);
});

test('the game page links to the editor', async ({ page }) => {
  await page.goto('/');
  await page.locator('#editor-page-link').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  expect(new URL(page.url()).pathname).toBe('/editor.html');

  // On a phone the header keeps every page in reach, at the top, in every language.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tag of TAGS) {
    await page.goto(`/?lang=${tag}`);
    await page.locator('#board-wrap[data-ready]').waitFor();
    for (const link of await page.locator('.topbar a').all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    await expect(page.locator('#editor-page-link')).toBeVisible();
    // Nothing in the header runs off the screen, in any language.
    const overflow = await page.locator('.topbar').evaluate((bar) => bar.scrollWidth - bar.clientWidth);
    expect(overflow, tag).toBeLessThanOrEqual(0);
  }
});

for (const tag of TAGS) {
  test(`the editor in ${tag}: every text from its catalogue`, async ({ page }) => {
    const texts = catalogue(tag);
    await openEditor(page, `?lang=${tag}&fen=7/7/7/7/3L3/7/7/7/7_b_0_1`);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    const shown = await page.evaluate(() => {
      const pairs = [];
      for (const [attribute, read] of [
        ['data-i18n', (e) => e.textContent],
        ['data-i18n-label', (e) => e.getAttribute('aria-label')],
        ['data-i18n-title', (e) => e.getAttribute('title')],
      ]) {
        for (const element of document.querySelectorAll(`[${attribute}]`)) {
          pairs.push([element.getAttribute(attribute), read(element)]);
        }
      }
      return pairs;
    });
    expect(shown.length).toBeGreaterThan(50);
    for (const [key, text] of shown) {
      expect(texts[key], `${tag} has ${key}`).toBeDefined();
      expect(text, key).toBe(texts[key]);
    }
    // The live texts come from the catalogue too: the verdict's frame and the palette labels.
    const illegal = texts['editor.illegal'].split('{reason}')[0];
    await expect(page.locator('#editor-verdict')).toContainText(illegal);
    const label = await palette(page, 'e').getAttribute('aria-label');
    expect(label.startsWith(texts['editor.paletteOff'].split('{piece}')[0])).toBe(true);
  });
}

for (const [width, height, scheme] of [[1280, 800, 'light'], [390, 844, 'dark']]) {
  test(`the editor fits ${width}×${height} (${scheme}); screenshot`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: width < 500 ? 2 : 1,
      colorScheme: scheme,
      hasTouch: width < 500,
    });
    const page = await context.newPage();
    await openEditor(page, '?fen=e6/7/7/7/1E1L3/7/7/7/7_b_0_1&marks=d6,d7');
    // Nothing runs off the side: no horizontal scrolling, the board and palette inside the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const selector of ['#board-wrap', '#palette', '#editor-verdict']) {
      const box = await page.locator(selector).boundingBox();
      expect(box.x, selector).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, selector).toBeLessThanOrEqual(width);
    }
    await page.waitForTimeout(250);
    const path = fileURLToPath(new URL(`./screenshots/editor-${width}x${height}-${scheme}.png`, import.meta.url));
    await page.screenshot({ path, fullPage: true });
    await context.close();
  });
}
