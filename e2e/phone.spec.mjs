// The site on a phone (390 × 844, touch) and on a desktop: the site's name is whole, the Learn
// contents do not run into each other, and everything to tap is at least 44 × 44 CSS pixels
// (WCAG 2.5.5). Screenshots of each page go to e2e/screenshots/ to be looked at.
import { fileURLToPath } from 'node:url';
import { test, expect, openGame } from './fixtures.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const TAP = 44;

const screenshot = (name) => fileURLToPath(new URL(`./screenshots/${name}.png`, import.meta.url));

/**
 * Every visible control of the page (or of `root`) smaller than 44 × 44: buttons, links that are
 * not words inside a sentence, form fields, summaries, the board's squares. Each as
 * "tag#id.class 'text' W×H".
 */
async function smallTargets(page, root = 'body') {
  return page.locator(root).evaluate((root, tap) => {
    const controls = root.querySelectorAll(
      'button, a[href], select, input:not([type=hidden]), textarea, summary, [role=gridcell], [tabindex="0"]',
    );
    const small = [];
    for (const control of controls) {
      // A checkbox or radio button is tapped through its label, which must be big enough.
      const target = control.matches('input[type=checkbox], input[type=radio]') && control.closest('label')
        ? control.closest('label') : control;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Words inside running text are exempt (WCAG 2.5.5: inline links).
      if (control.matches('a') && style.display === 'inline') continue;
      const width = Math.round(box.width);
      const height = Math.round(box.height);
      if (width < tap || height < tap) {
        const name = `${control.tagName.toLowerCase()}${control.id ? `#${control.id}` : ''}`
          + `${control.className && typeof control.className === 'string' ? `.${control.className.split(' ').join('.')}` : ''}`;
        small.push(`${name} '${control.textContent.trim().slice(0, 20)}' ${width}×${height}`);
      }
    }
    return small;
  }, TAP);
}

/** Whether the text of `selector` shows whole (not cut by an ellipsis or overflow). */
async function whole(page, selector) {
  return page.locator(selector).evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
}

for (const [device, options] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test.describe(`on a ${device}`, () => {
    test.use(options);

    test('the game page: the name is whole, every control is big enough', async ({ page }) => {
      for (const lang of ['en', 'de', 'zh-CN', 'id', 'vi']) {
        await openGame(page, `/?lang=${lang}`);
        expect(await whole(page, '.topbar h1 > span:not(.logo)'), `${lang}: the name is cut`).toBe(true);
        await expect(page.locator('.topbar')).toHaveJSProperty('scrollWidth', await page.locator('.topbar').evaluate((e) => e.clientWidth));
      }
      await openGame(page, '/?lang=en');
      await page.locator('.help summary').click();
      expect(await smallTargets(page)).toEqual([]);
      await page.screenshot({ path: screenshot(`game-${device}`), fullPage: true });
      await page.locator('#new-game').click();
      expect(await smallTargets(page, '#new-game-dialog')).toEqual([]);
      await page.screenshot({ path: screenshot(`new-game-${device}`) });
      await page.locator('#new-game-cancel').click();
      await page.locator('#share').click();
      expect(await smallTargets(page, '#io-dialog')).toEqual([]);
    });

    test('the shogi page: the name is whole, every control and hand piece is big enough', async ({ page }) => {
      for (const lang of ['en', 'ja', 'de', 'zh-CN', 'id', 'vi']) {
        await page.goto(`/shogi.html?lang=${lang}`);
        await page.locator('#board-wrap[data-ready]').waitFor();
        expect(await whole(page, '.topbar h1 > span:not(.logo)'), `${lang}: the name is cut`).toBe(true);
        await expect(page.locator('.topbar')).toHaveJSProperty('scrollWidth', await page.locator('.topbar').evaluate((e) => e.clientWidth));
      }
      await page.goto('/shogi.html?lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
      // Pieces in both hands, so that the hand slots are there to be measured.
      await page.locator('#share').click();
      await page.locator('#io-text').fill('lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1');
      expect(await smallTargets(page, '#io-dialog')).toEqual([]);
      await page.locator('#io-load').click();
      await expect(page.locator('[data-hand="w:B"]')).toBeVisible();
      await page.locator('.help summary').click();
      // Nine files across a 390 px phone leave squares (and the hand's slots, drawn at their
      // size) of 39 px: the game's board decides that, as on every shogi site. They are exempt
      // from the 44 px rule there but must fill the ninth of the screen they have.
      const small = await smallTargets(page);
      const cells = small.filter((entry) => /^div\.(square|hand-slot) /.test(entry));
      expect(small.filter((entry) => !cells.includes(entry))).toEqual([]);
      if (device === 'desktop') expect(cells).toEqual([]);
      for (const cell of cells) {
        const [width, height] = cell.split(' ').at(-1).split('×').map(Number);
        expect(Math.min(width, height), cell).toBeGreaterThanOrEqual(38);
      }
      await page.screenshot({ path: screenshot(`shogi-game-${device}`), fullPage: true });
      await page.locator('#new-game').click();
      expect(await smallTargets(page, '#new-game-dialog')).toEqual([]);
      await page.screenshot({ path: screenshot(`shogi-new-game-${device}`) });
    });

    test('the Learn page: the contents do not overlap, every control is big enough', async ({ page }) => {
      await page.goto('/learn.html?lang=en');
      await page.locator('body[data-ready]').waitFor();
      const boxes = await page.locator('#learn-toc li').evaluateAll((items) =>
        items.map((item) => {
          const r = item.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, text: item.textContent };
        }));
      expect(boxes.length).toBeGreaterThan(10);
      const overlaps = [];
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
            overlaps.push(`${a.text} / ${b.text}`);
          }
        }
      }
      expect(overlaps).toEqual([]);
      // Every item's text fits its column.
      const cut = await page.locator('#learn-toc li a').evaluateAll((links) =>
        links.filter((a) => a.getBoundingClientRect().right > a.closest('ol').getBoundingClientRect().right + 1)
          .map((a) => a.textContent));
      expect(cut).toEqual([]);
      expect(await whole(page, '#learn-title')).toBe(true);
      expect(await smallTargets(page)).toEqual([]);
      await page.screenshot({ path: screenshot(`learn-${device}`) });
    });

    test('the editor and the embedded board: every control is big enough', async ({ page }) => {
      await page.goto('/editor.html?lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
      expect(await whole(page, '.topbar h1 > span:not(.logo)')).toBe(true);
      expect(await smallTargets(page)).toEqual([]);
      await page.screenshot({ path: screenshot(`editor-${device}`), fullPage: true });
      await page.goto('/embed.html?mode=play&controls=all&lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
      expect(await smallTargets(page)).toEqual([]);
    });
  });
}
