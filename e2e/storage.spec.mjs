// A corrupt or old save, or storage switched off, never breaks the page.
import { test, expect, openGame, clickMove, boardState } from './fixtures.mjs';

test('a corrupt save is set aside with a notice and a new game starts', async ({ page }) => {
  await openGame(page);
  await page.evaluate(() => localStorage.setItem('jungle.game', '{"version":1,"record":"1. a3a9 *"'));
  await page.reload();
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice')).toContainText('jungle.game.unreadable');
  expect(await page.evaluate(() => localStorage.getItem('jungle.game.unreadable'))).toContain('a3a9');
  expect((await boardState(page)).status).toBe('playing');
  await page.locator('#notice-close').click();
  await expect(page.locator('#notice')).toBeHidden();
});

test('a save of another version is set aside too', async ({ page }) => {
  await openGame(page);
  await page.evaluate(() => localStorage.setItem('jungle.game', JSON.stringify({ version: 99, record: '' })));
  await page.reload();
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
  await expect(page.locator('#notice')).toBeVisible();
});

test('with storage switched off the game still plays', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() { throw new DOMException('storage is off', 'SecurityError'); },
    });
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await openGame(page);
  await page.locator('#new-game').click();
  await page.locator('#new-game-form input[name=mode][value=hotseat]').check();
  await page.locator('#new-game-start').click();
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
  expect(problems).toEqual([]);
  await context.close();
});
