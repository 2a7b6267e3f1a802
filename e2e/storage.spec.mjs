// A corrupt or old save or settings, a full quota, a write cut short, or storage switched off
// never breaks the page, loses the last good save, or goes unexplained.
import {
  test, expect, openGame, newGame, clickMove, boardState, recordAnnouncements, announcements,
} from './fixtures.mjs';

test('a corrupt save is set aside with a notice and a new game starts', async ({ page }) => {
  await openGame(page);
  await page.evaluate(() => localStorage.setItem('jungle.game', '{"version":1,"record":"1. a3a9 *"'));
  await page.reload();
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
  await expect(page.locator('#notice')).toBeVisible();
  // The player is told the old save is kept, in words, not by its storage key.
  await expect(page.locator('#notice')).toContainText('The old save is kept in this browser');
  await expect(page.locator('#notice')).not.toContainText('jungle.');
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
  // The page says why nothing will be remembered.
  await expect(page.locator('#notice')).toContainText('does not let the site store anything');
  expect(problems).toEqual([]);
  await context.close();
});

/**
 * Installs, before the page's scripts run, a trap on `localStorage.setItem` that the test arms
 * later: `window.__storageFull = true` makes every write fail as a full quota does;
 * `window.__failWrite = n` makes the n-th write from then on fail once.
 */
async function trapStorageWrites(page) {
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    window.__storageFull = false;
    window.__failWrite = 0;
    Storage.prototype.setItem = function (key, value) {
      if (window.__storageFull) {
        throw new DOMException(`Setting the value of '${key}' exceeded the quota.`, 'QuotaExceededError');
      }
      if (window.__failWrite > 0 && --window.__failWrite === 0) {
        throw new DOMException('the write was interrupted', 'UnknownError');
      }
      return setItem.call(this, key, value);
    };
  });
}

/** The saved game under `key`, parsed (null when there is none). */
async function stored(page, key) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key)), key);
}

async function reloadGame(page) {
  await page.reload();
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
}

test('corrupt settings are set aside with a notice and the defaults are used', async ({ page }) => {
  await openGame(page);
  const corrupt = '{"version":1,"settings":{"muted":tr';
  await page.evaluate((text) => localStorage.setItem('jungle.settings', text), corrupt);
  await reloadGame(page);
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice')).toContainText('settings could not be read');
  await expect(page.locator('#notice')).not.toContainText('jungle.settings.unreadable');
  expect(await page.evaluate(() => localStorage.getItem('jungle.settings.unreadable'))).toBe(corrupt);
  await expect(page.locator('#sound')).toHaveAttribute('aria-pressed', 'true');
  expect((await boardState(page)).status).toBe('playing');
});

test('settings of another version are set aside, not applied', async ({ page }) => {
  await openGame(page);
  const theme = await page.locator('html').getAttribute('data-theme');
  const other = theme === 'dark' ? 'light' : 'dark';
  await page.evaluate((other) => localStorage.setItem('jungle.settings', JSON.stringify({
    version: 2, settings: { theme: other, muted: true },
  })), other);
  await reloadGame(page);
  await expect(page.locator('#notice')).toContainText('settings could not be read');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('#sound')).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('jungle.settings'))).toBeNull();
  expect(await stored(page, 'jungle.settings.unreadable')).toMatchObject({ version: 2 });
  // The next change is stored in the current format.
  await newGame(page, { mode: 'hotseat' });
  expect(await stored(page, 'jungle.settings')).toMatchObject({ version: 1, settings: { newGame: { mode: 'hotseat' } } });
});

test('a full quota: the player is told once, the game goes on, a reload resumes the last save', async ({ page }) => {
  await trapStorageWrites(page);
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
  expect((await stored(page, 'jungle.game')).record).toContain('a3a4');

  await page.evaluate(() => { window.__storageFull = true; });
  await recordAnnouncements(page);
  await clickMove(page, 'g7g6');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '2');
  await expect(page.locator('#notice')).toBeVisible();
  await expect(page.locator('#notice')).toContainText('could not be saved');
  await expect(page.locator('#notice')).toContainText('storage for this site is full');
  // Screen readers hear the move and then the failure.
  await expect.poll(async () => (await announcements(page)).map((a) => a.text).join(' | '))
    .toMatch(/g7 to g6.* \| .*could not be saved/);
  // The last good save is untouched.
  const kept = await stored(page, 'jungle.game');
  expect(kept.version).toBe(1);
  expect(kept.record).toContain('a3a4');
  expect(kept.record).not.toContain('g7g6');

  // Play goes on; the notice, once closed, does not come back with every move.
  await page.locator('#notice-close').click();
  await clickMove(page, 'a4a5');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '3');
  await expect(page.locator('#notice')).toBeHidden();
  await expect(page.locator('#announcer')).not.toContainText('could not be saved');

  await reloadGame(page);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
  await expect(page.locator('#notice')).toBeHidden();
});

test('a save interrupted between writing and switching leaves a game to resume', async ({ page }) => {
  await trapStorageWrites(page);
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');

  // The move's save writes jungle.game.next, then jungle.game: the second write fails.
  await page.evaluate(() => { window.__failWrite = 2; });
  await clickMove(page, 'g7g6');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '2');
  expect(await page.evaluate(() => window.__failWrite)).toBe(0);
  const previous = await stored(page, 'jungle.game');
  expect(previous.record).toContain('a3a4');
  expect(previous.record).not.toContain('g7g6');
  expect((await stored(page, 'jungle.game.next')).record).toContain('g7g6');
  // Nothing is lost, so there is nothing to tell.
  await expect(page.locator('#notice')).toBeHidden();

  // The load takes the complete new record and finishes the switch.
  await reloadGame(page);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '2');
  await expect(page.locator('#notice')).toBeHidden();
  expect((await stored(page, 'jungle.game')).record).toContain('g7g6');
  expect(await stored(page, 'jungle.game.next')).toBeNull();
});

test('a torn new record is passed over and the previous save resumes', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await clickMove(page, 'a3a4');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
  await page.evaluate(() => {
    const text = localStorage.getItem('jungle.game').replace('a3a4', 'a3a4 g7g6');
    localStorage.setItem('jungle.game.next', text.slice(0, text.length / 2));
  });
  await reloadGame(page);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
  await expect(page.locator('#notice')).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('jungle.game.next'))).toBeNull();
  expect((await stored(page, 'jungle.game')).record).toContain('a3a4');
});
