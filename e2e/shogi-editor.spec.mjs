// Shogi's position editor (editor.html?game=shogi, issue 14): the generic editor on shogi's
// pages module. An author builds a position with the palette (promoted pieces too), the keyboard
// and a drag, sets both hands with − and +, picks a handicap start, sees the rules' verdict come
// and go, and gets an SFEN, a link that opens the shogi page on it, and an <iframe> snippet for
// embed.html?game=shogi. In Japanese the page has no English left.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, square, boardLayout } from './fixtures.mjs';

const START_SFEN = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
// The site's texts with the editor's own; shogi's, with its editor words.
const site = (tag) => ({ ...read(`../www/locales/${tag}.json`), ...read(`../www/locales/editor/${tag}.json`) });
const own = (tag) => ({ ...read(`../www/locales/shogi/${tag}.json`), ...read(`../www/locales/editor/${tag}.json`) });

/** The text of `key` on a shogi page in `tag`, as the page's catalogue finds it: the game's own
 * key first (`shogi.<key>`, in the language, then English), else the site's. */
function text(tag, key) {
  const [ownTag, ownEn, siteTag, siteEn] = [own(tag), own('en'), site(tag), site('en')];
  const shogiKey = key.startsWith('shogi.') ? key : `shogi.${key}`;
  return ownTag[shogiKey] ?? ownEn[shogiKey] ?? siteTag[key] ?? siteEn[key];
}

async function openEditor(page, query = 'lang=en') {
  await page.goto(`/editor.html?game=shogi&${query}`);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('canvas#board[data-board-cell]').waitFor();
}

const wrap = (page) => page.locator('#board-wrap');
const palette = (page, code) => page.locator(`#palette .palette-piece[data-piece="${code}"]`);
const hand = (page, side, code) => page.locator(`.hand-counts[data-side="${side}"] [data-hand-piece="${code}"]`);

/** The page point over the centre of shogi square `name` (`1a`: file 1 on the right, rank a at
 * the top, as the board is shown to sente). */
async function squareOnPage(page, name) {
  const layout = await boardLayout(page);
  const canvas = await page.locator('canvas#board').boundingBox();
  const column = 9 - Number(name[0]);
  const row = name.charCodeAt(1) - 'a'.charCodeAt(0);
  return {
    x: canvas.x + layout.left + (column + 0.5) * layout.cell,
    y: canvas.y + layout.top + (row + 0.5) * layout.cell,
  };
}

/** Clicks a palette piece, then each of `squares`. */
async function place(page, code, ...squares) {
  await palette(page, code).click();
  for (const name of squares) await square(page, name).click();
}

test('the shogi editor opens on the even start with its palette, hands and handicaps', async ({ page }) => {
  await openEditor(page);
  await expect(page.locator('body')).toHaveAttribute('data-game', 'shogi');
  await expect(page).toHaveTitle('Shogi position editor');
  await expect(page.locator('.site-nav [data-page=play]')).toHaveAttribute('href', 'shogi.html');
  await expect(wrap(page)).toHaveAttribute('data-fen', START_SFEN);
  await expect(page.locator('#editor-verdict')).toHaveText(
    text('en', 'editor.legal').replace('{turn}', text('en', 'turn.black')),
  );
  // Fourteen pieces a side: the eight kinds and the six promoted ones.
  await expect(page.locator('#palette-black .palette-piece')).toHaveCount(14);
  await expect(page.locator('#palette-white .palette-piece')).toHaveCount(14);
  await expect(palette(page, '+R')).toHaveAttribute('aria-label', "Place: Sente's dragon");
  // Seven kinds in each hand, at 0; Jungle's rules are not offered for shogi.
  await expect(page.locator('.hand-counts[data-side="black"] [data-hand-piece]')).toHaveCount(7);
  await expect(hand(page, 'white', 'p').locator('output')).toHaveText('0');
  await expect(page.locator('#embed-rules')).toBeHidden();

  // A handicap start: gote (the giver) without rook and bishop, to move.
  await page.locator('#editor-preset').selectOption('2-piece');
  await expect(wrap(page)).toHaveAttribute('data-fen', 'lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
  await expect(page.locator('input[name=side-to-move][value=white]')).toBeChecked();
  await expect(page.locator('#editor-preset')).toHaveValue('');
  await page.locator('#editor-undo').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', START_SFEN);
});

test('build a position with pieces in hand and a promoted piece; the verdict comes and goes; the link plays it', async ({ page }) => {
  // Tall enough for the palette and the whole board at once (a drag goes from one to the other).
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openEditor(page);
  await page.locator('#editor-clear').click();
  await expect(page.locator('#editor-verdict')).toHaveAttribute('data-verdict', 'illegal');
  await expect(page.locator('#editor-verdict')).toContainText('no king');

  await place(page, 'K', '5i');
  await place(page, 'k', '5a');
  await expect(page.locator('#editor-verdict')).toHaveAttribute('data-verdict', 'legal');
  // A promoted piece from the palette: sente's horse on 3c checks gote's king, with sente to move.
  await place(page, '+B', '3c');
  await expect(square(page, '3c')).toHaveAttribute('data-piece', 'b:+B');
  const verdict = page.locator('#editor-verdict');
  await expect(verdict).toHaveAttribute('data-verdict', 'illegal');
  await expect(verdict).toContainText("Gote's king is in check, but it is Sente's move");
  await expect(page.locator('#embed-errors-box')).toBeVisible();
  await expect(page.locator('#editor-play-position')).toBeHidden();
  // The verdict clears when the horse steps aside (moved by the hand tool, press and press).
  await page.locator('#tool-hand').click();
  await square(page, '3c').click();
  await square(page, '2c').click();
  await expect(verdict).toHaveAttribute('data-verdict', 'legal');
  await expect(page.locator('#embed-errors-box')).toBeHidden();

  // The keyboard: from 9i (the board's first square, seen from sente) to 7g, a silver there,
  // then + turns it over.
  await square(page, '9i').focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  await page.keyboard.press('S');
  await expect(square(page, '7g')).toHaveAttribute('data-piece', 'b:S');
  await page.keyboard.press('+');
  await expect(square(page, '7g')).toHaveAttribute('data-piece', 'b:+S');
  // A drag from the palette: a gote lance on 1a.
  const from = await palette(page, 'l').boundingBox();
  const to = await squareOnPage(page, '1a');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expect(square(page, '1a')).toHaveAttribute('data-piece', 'w:L');

  // Both hands: two pawns for sente, a gold for gote, with − taking one back.
  for (let i = 0; i < 3; i += 1) await hand(page, 'black', 'P').locator('.hand-plus').click();
  await hand(page, 'black', 'P').locator('.hand-minus').click();
  await hand(page, 'white', 'g').locator('.hand-plus').click();
  await expect(hand(page, 'black', 'P').locator('output')).toHaveText('2');
  const sfen = '4k3l/9/7+B1/9/9/9/2+S6/9/4K4 b 2Pg 1';
  await expect(wrap(page)).toHaveAttribute('data-fen', sfen);
  await expect(page.locator('#editor-fen')).toHaveValue(sfen);
  // The board draws the hands and names them for screen readers.
  await expect(page.locator('#board-wrap [data-hand="b:P"]')).toHaveAttribute('aria-label', "Sente's hand: pawn × 2");
  // Two bishops on the board and one more in hand: more than the set has; − fixes it.
  await place(page, 'b', '9a');
  await hand(page, 'white', 'b').locator('.hand-plus').click();
  await expect(verdict).toContainText('more than the set');
  await hand(page, 'white', 'b').locator('.hand-minus').click();
  await square(page, '9a').click();
  await expect(wrap(page)).toHaveAttribute('data-fen', sfen);
  await expect(verdict).toHaveAttribute('data-verdict', 'legal');

  // The address keeps the position: a reload reopens it.
  expect(new URL(page.url()).searchParams.get('sfen')).toBe(sfen);

  // The link opens the shogi page on the position.
  const play = page.locator('#editor-play-position');
  await expect(play).toBeVisible();
  const href = await play.getAttribute('href');
  expect(new URL(href).pathname).toBe('/shogi.html');
  expect(new URL(href).searchParams.get('position')).toBe(sfen);
  await page.goto(href);
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(wrap(page)).toHaveAttribute('data-fen', sfen);
  // The address loses the position, so that a reload goes on with the game.
  expect(new URL(page.url()).searchParams.get('position')).toBeNull();
});

test('an unreadable position for the game page and an unknown game are named, not lost', async ({ page }) => {
  await page.goto('/shogi.html?lang=en&position=lnsgkgsnl%2F9%2F9%20b%20-');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice-text')).toContainText('9 ranks');
  // The notice says the link was the problem, not the player's game.
  await expect(page.locator('#notice-text')).toContainText("The link's position could not be opened");
  await expect(wrap(page)).toHaveAttribute('data-fen', START_SFEN);
  // An editor address naming a game the site does not know: Jungle's editor says so.
  await page.goto('/editor.html?game=chess&lang=en');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#announcer')).toContainText('chess');
  await expect(page.locator('body')).toHaveAttribute('data-game', 'jungle');
});

test('the <iframe> snippet and its preview show the position on embed.html?game=shogi', async ({ page }) => {
  const sfen = '8k/9/7G1/9/9/9/9/9/4K4 b S2P 1';
  await openEditor(page, `lang=en&sfen=${encodeURIComponent(sfen)}`);
  await expect(wrap(page)).toHaveAttribute('data-fen', sfen);
  await page.locator('#embed-mode').selectOption('puzzle');
  await page.locator('#embed-solution').fill('S*2b');
  const link = new URL(await page.locator('#editor-link').inputValue());
  expect(link.pathname).toBe('/embed.html');
  expect(link.searchParams.get('game')).toBe('shogi');
  expect(link.searchParams.get('sfen')).toBe(sfen);
  expect(link.searchParams.get('mode')).toBe('puzzle');
  expect(link.searchParams.get('solution')).toBe('S*2b');
  expect(link.searchParams.get('variant')).toBeNull();
  const snippet = await page.locator('#editor-snippet').inputValue();
  const parsed = await page.evaluate((html) => {
    const frame = new DOMParser().parseFromString(html, 'text/html').querySelector('iframe');
    return { src: frame.getAttribute('src'), title: frame.getAttribute('title') };
  }, snippet);
  expect(parsed).toEqual({ src: link.href, title: text('en', 'editor.frameTitle') });
  expect(parsed.title).toBe('Shogi board');
  // The preview is that frame: a shogi board on the position, as a puzzle.
  await page.locator('#editor-preview').scrollIntoViewIfNeeded();
  await expect(page.locator('#editor-preview')).toHaveAttribute('src', link.href);
  const frame = page.frameLocator('#editor-preview');
  await expect(frame.locator('#board-wrap')).toHaveAttribute('data-fen', sfen);
  await expect(frame.locator('#board-wrap [data-hand="b:S"]')).toHaveCount(1);
  // A solution the rules refuse: the editor names it as the frame would, and offers no link.
  await page.locator('#embed-solution').fill('S*1a');
  await expect(page.locator('#embed-errors-box')).toBeVisible();
  await expect(page.locator('#embed-problems')).toContainText('S*1a');
  await expect(page.locator('#embed-output')).toBeHidden();
});

test('the shogi editor in Japanese: every text from the catalogues, no English left', async ({ page }) => {
  await openEditor(page, `lang=ja&sfen=${encodeURIComponent('4k4/9/9/9/9/9/2P6/2P6/4K4 b P 1')}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page).toHaveTitle(site('ja')['editor.documentTitle'].replace('{game}', site('ja')['game.shogi']));
  const shown = await page.evaluate(() => {
    const pairs = [];
    for (const [attribute, readIt] of [
      ['data-i18n', (e) => e.textContent],
      ['data-i18n-label', (e) => e.getAttribute('aria-label')],
      ['data-i18n-title', (e) => e.getAttribute('title')],
      ['data-i18n-placeholder', (e) => e.getAttribute('placeholder')],
    ]) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        pairs.push([element.getAttribute(attribute), readIt(element)]);
      }
    }
    return pairs;
  });
  expect(shown.length).toBeGreaterThan(60);
  for (const [key, shownText] of shown) {
    expect(shownText, key).toBe(text('ja', key));
  }
  // Nothing shown is the English text (the examples of moves and language names aside).
  const english = new Set(Object.values(site('en')).concat(Object.values(own('en'))));
  const allowed = new Set(['d8d9', 'a3a4,g7g6', 'G*5b', '7g7f,3c3d']);
  for (const [key, shownText] of shown) {
    if (allowed.has(shownText)) continue;
    expect(english.has(shownText), `${key} is English: ${shownText}`).toBe(false);
  }
  // The live texts: the rules' verdict (nifu), the palette, the hands and the board's labels.
  await expect(page.locator('#editor-verdict')).toContainText('二歩');
  await expect(page.locator('#editor-verdict')).toHaveAttribute('data-verdict', 'illegal');
  const tokin = own('ja')['shogi.piece.name']
    .replace('{side}', own('ja')['shogi.side.black'])
    .replace('{piece}', own('ja')['shogi.piece.tokin']);
  await expect(palette(page, '+P')).toHaveAttribute('aria-label', site('ja')['editor.paletteOff'].replace('{piece}', tokin));
  await expect(hand(page, 'black', 'P').locator('.hand-name')).toHaveText(own('ja')['shogi.piece.pawn']);
  const plus = await hand(page, 'black', 'P').locator('.hand-plus').getAttribute('aria-label');
  expect(plus).not.toMatch(/[A-Za-z]{3}/);
  const squareLabel = await square(page, '7g').getAttribute('aria-label');
  expect(squareLabel).not.toMatch(/[A-Za-z]{3}/);
  const options = await page.locator('#editor-preset option').allTextContents();
  expect(options).toContain(own('ja')['shogi.handicap.twoPiece']);
  for (const option of options) expect(option).not.toMatch(/[A-Za-z]{3}/);
});

for (const [width, height, scheme] of [[1280, 800, 'light'], [390, 844, 'dark']]) {
  test(`the shogi editor fits ${width}×${height} (${scheme}); screenshot`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: width < 500 ? 2 : 1,
      colorScheme: scheme,
      hasTouch: width < 500,
    });
    const page = await context.newPage();
    const sfen = 'ln1g3nl/1r3kg2/p2ppp1p1/2ps2p1p/1p5P1/2P1P1P2/PPSP1PN1P/2G2S1R1/LN2KG2L w Bb 1';
    await openEditor(page, `lang=en&sfen=${encodeURIComponent(sfen)}&marks=5d,4c`);
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-fen', sfen);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const selector of ['#board-wrap', '#palette', '#editor-hands', '#editor-verdict']) {
      const box = await page.locator(selector).boundingBox();
      expect(box.x, selector).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, selector).toBeLessThanOrEqual(width);
    }
    await page.waitForTimeout(300);
    const path = fileURLToPath(new URL(`./screenshots/shogi-editor-${width}x${height}-${scheme}.png`, import.meta.url));
    await page.screenshot({ path, fullPage: true });
    // The part an author works in: the palette, the hands and the board.
    await page.locator('#palette').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.replace('.png', '-view.png') });
    await context.close();
  });
}
