// The game page's language switcher: every language shows every text of the page from its own
// catalogue (no key shown raw, none left empty), the choice is remembered, and `?lang=` wins.
import { readFileSync } from 'node:fs';
import { test, expect, openGame } from './fixtures.mjs';

const TAGS = ['en', 'id', 'vi', 'de', 'zh-CN'];
const read = (path) => JSON.parse(readFileSync(new URL(`../www/locales/${path}.json`, import.meta.url), 'utf8'));
// The site's texts with Jungle's own (Jungle is not offered in Japanese: shogi's pages read the
// site's alone, under their own).
const catalogue = (tag) => ({ ...read(tag), ...(tag === 'ja' ? {} : read(`jungle/${tag}`)) });

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

// The shogi page: the site's texts and shogi's own (keys shogi.…, which override the site's of
// the same name), in each of its six languages, Japanese included.
const SHOGI_TAGS = ['en', 'ja', 'id', 'vi', 'de', 'zh-CN'];
const shogiCatalogue = (tag) => JSON.parse(readFileSync(new URL(`../www/locales/shogi/${tag}.json`, import.meta.url), 'utf8'));

for (const tag of SHOGI_TAGS) {
  test(`the shogi page in ${tag}: every text from its catalogues`, async ({ page }) => {
    const site = catalogue(tag);
    const own = shogiCatalogue(tag);
    const expected = (key) => (key.startsWith('shogi.') ? own[key] : own[`shogi.${key}`] ?? site[key]);
    await page.goto('/shogi.html');
    await page.locator('#board-wrap[data-ready]').waitFor();
    await page.locator('#language').selectOption(tag);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    const shown = await shownTexts(page);
    expect(shown.length).toBeGreaterThan(40);
    for (const [key, text] of shown) {
      expect(expected(key), `${tag} has ${key}`).toBeDefined();
      expect(text, key).toBe(expected(key));
    }
    await expect(page.locator('#status-text')).toHaveText(expected('turn.yours'));
    await expect(page.locator('#player-black')).toContainText(own['shogi.side.black']);
    await expect(page.locator('#squares [data-square="7g"]')).toHaveAttribute(
      'aria-label',
      new RegExp(own['shogi.side.black']),
    );
  });
}

test('the shogi page in Japanese shows no English word', async ({ page }) => {
  await page.goto('/shogi.html?lang=ja');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await page.locator('#new-game').click();
  // The formats' and notations' own names and the AI stay as written.
  const allowed = new Set(['KIF', 'CSA', 'USI', 'SFEN', 'AI', 'Esc', 'Escape', 'Enter', 'Tab', 'F', 'H', 'U', 'R', 'N', 'P']);
  const words = await page.evaluate(() => {
    const texts = [document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      texts.push(element.getAttribute('aria-label') ?? '', element.getAttribute('title') ?? '', element.getAttribute('placeholder') ?? '');
    }
    // A closed dialog's words, text by text (the built page has no space between its elements).
    for (const dialog of document.querySelectorAll('dialog')) {
      const walker = document.createTreeWalker(dialog, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) texts.push(walker.currentNode.data);
    }
    // The languages are listed each in its own language.
    const languages = [...document.querySelectorAll('#language option')].map((o) => o.textContent).join(' ');
    const own = new Set(languages.match(/[A-Za-z]{2,}/g) ?? []);
    return (texts.join(' ').match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !own.has(word));
  });
  const english = [...new Set(words)].filter((word) => !allowed.has(word));
  expect(english).toEqual([]);
});

test('a catalogue that cannot be read gives way to English, never to raw keys', async ({ page }) => {
  // Every catalogue is fetched, English too: the German ones arrive broken here, and their
  // English neighbours come instead.
  await page.route(/\/locales\/(shogi\/)?de\.json$/, (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"button.newGame": ' }));
  const site = catalogue('en');
  const own = shogiCatalogue('en');
  await page.goto('/shogi.html?lang=de');
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#status-text')).toHaveText(own['shogi.turn.yours'] ?? site['turn.yours']);
  await expect(page.locator('#player-black')).toContainText(own['shogi.side.black']);
  await expect(page.locator('#new-game')).toHaveText(own['shogi.button.newGame'] ?? site['button.newGame']);
});
