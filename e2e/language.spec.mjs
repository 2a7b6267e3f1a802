// The game page's language switcher: every language shows every text of the page from its own
// catalogue (no key shown raw, none left empty), the choice is remembered, and `?lang=` wins.
import { readFileSync } from 'node:fs';
import { test, expect, openGame } from './fixtures.mjs';

const TAGS = ['en', 'id', 'vi', 'de', 'zh-CN'];
const catalogue = (tag) => JSON.parse(readFileSync(new URL(`../www/locales/${tag}.json`, import.meta.url), 'utf8'));

/** Every translated text of the page: [key, shown text] for data-i18n, -label, -title, -placeholder. */
function shownTexts(page) {
  return page.evaluate(() => {
    const pairs = [];
    for (const [attribute, read] of [
      ['data-i18n', (e) => e.textContent],
      ['data-i18n-label', (e) => e.getAttribute('aria-label')],
      ['data-i18n-title', (e) => e.getAttribute('title')],
      ['data-i18n-placeholder', (e) => e.getAttribute('placeholder')],
    ]) {
      for (const element of document.querySelectorAll(`[${attribute}]`)) {
        pairs.push([element.getAttribute(attribute), read(element)]);
      }
    }
    return pairs;
  });
}

for (const tag of TAGS) {
  test(`the game page in ${tag}: every text from its catalogue, remembered`, async ({ page }) => {
    const texts = catalogue(tag);
    await openGame(page);
    await page.locator('#language').selectOption(tag);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    const shown = await shownTexts(page);
    expect(shown.length).toBeGreaterThan(40);
    for (const [key, text] of shown) {
      expect(texts[key], `${tag} has ${key}`).toBeDefined();
      expect(text, key).toBe(texts[key]);
    }
    // Texts drawn by the game flow follow too.
    await expect(page.locator('#status-text')).toHaveText(texts['turn.yours']);
    await expect(page.locator('#learn-link')).toHaveAttribute('href', `learn.html?lang=${tag}`);

    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.locator('#language')).toHaveValue(tag);
    await expect(page.locator('#new-game')).toHaveText(texts['button.newGame']);
  });
}

test('a lang parameter wins over the remembered language', async ({ page }) => {
  await openGame(page);
  await page.locator('#language').selectOption('de');
  await page.goto('/?lang=vi');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.locator('#new-game')).toHaveText(catalogue('vi')['button.newGame']);
});
