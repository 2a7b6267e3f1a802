// The Learn page (learn.html): every lesson of learn/lessons.json is rendered with its texts, and
// every board (an embed.html frame) loads and shows its position without a console error.
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
  await expect(page.locator('iframe.lesson-frame')).toHaveCount(boards);
  const frames = page.locator('iframe.lesson-frame');
  for (let i = 0; i < boards; i += 1) {
    const frame = frames.nth(i);
    await frame.scrollIntoViewIfNeeded();
    const wrap = page.frameLocator(`iframe.lesson-frame >> nth=${i}`).locator('#board-wrap[data-ready]');
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
