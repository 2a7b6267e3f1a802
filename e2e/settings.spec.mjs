// Touch play, remembered settings (theme, sound), rule variants from the new-game dialog, and the
// record download.
import { test, expect, openGame, newGame, square, boardState } from './fixtures.mjs';

test('tap-tap plays a move on a touch screen', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  const centre = async (name) => {
    const box = await square(page, name).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  await page.touchscreen.tap(...(await centre('a3')));
  await expect(square(page, 'a3')).toHaveAttribute('aria-selected', 'true');
  await page.touchscreen.tap(...(await centre('a4')));
  await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('Ea3-a4');
  await context.close();
});

test('theme and sound choices are remembered after a reload', async ({ page }) => {
  await openGame(page);
  const theme = await page.locator('html').getAttribute('data-theme');
  await page.locator('#theme').click();
  const other = theme === 'dark' ? 'light' : 'dark';
  await expect(page.locator('html')).toHaveAttribute('data-theme', other);
  await page.locator('#sound').click();
  await expect(page.locator('#sound')).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
  await expect(page.locator('html')).toHaveAttribute('data-theme', other);
  await expect(page.locator('#sound')).toHaveAttribute('aria-pressed', 'false');
});

test('the new-game dialog sets the rule variants, and they go into the record', async ({ page }) => {
  await openGame(page);
  await page.locator('#new-game').click();
  await page.locator('#new-game-form input[name=mode][value=hotseat]').check();
  await page.locator('#rule-tiger').check();
  await page.locator('#rule-repetition').check();
  await page.locator('#rule-nocapture').selectOption('60');
  await page.locator('#new-game-start').click();
  await page.locator('#share').click();
  await page.locator('#io-show').click();
  await expect(page.locator('#io-text')).toHaveValue(
    /\[Variant "tiger-vertical-only,repetition-prohibition,nocapture=60"\]/,
  );
  // The dialog remembers the choices for the next game.
  await page.locator('#io-close').click();
  await page.locator('#new-game').click();
  await expect(page.locator('#rule-tiger')).toBeChecked();
  await expect(page.locator('#rule-nocapture')).toHaveValue('60');
});

test('the record downloads as a text file the rules layer reads back', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await square(page, 'a3').click();
  await square(page, 'a4').click();
  await page.locator('#share').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('#io-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('jungle-game.txt');
  const text = await (await download.createReadStream()).toArray();
  const record = Buffer.concat(text).toString('utf8');
  expect(record).toContain('1. a3a4');
  // Loading it back gives the same game.
  await page.locator('#io-text').fill(record);
  await page.locator('#io-load').click();
  expect((await boardState(page)).plies).toBe('1');
});

test('a record file opened from disk continues that game', async ({ page }) => {
  await openGame(page);
  await newGame(page, { mode: 'hotseat' });
  await page.locator('#share').click();
  await page.locator('#io-file').setInputFiles({
    name: 'game.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('[Variant "standard"]\n\n1. a3a4 g7g6 2. a4a5 *\n'),
  });
  await expect(page.locator('#io-dialog')).toBeHidden();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '3');
  await expect(page.locator('#moves .move')).toHaveText(['Ea3-a4', 'Eg7-g6', 'Ea4-a5']);
});
