// The rules layer's messages in the page's language (crates/common/src/texts.rs): a refused move, a captured
// animal's name and import errors read in each language, filled from its own catalogue.
import { readFileSync } from 'node:fs';
import { test, expect, openGame, newGame, square } from './fixtures.mjs';

const TAGS = ['en', 'id', 'vi', 'de', 'zh-CN'];
const read = (path) => JSON.parse(readFileSync(new URL(`../www/locales/${path}.json`, import.meta.url), 'utf8'));
// The site's texts with Jungle's own, as Jungle's pages merge them.
const catalogue = (tag) => ({ ...read(tag), ...read(`jungle/${tag}`) });

/** The catalogue text `key` with each {name} replaced by its value. */
const fill = (texts, key, values = {}) =>
  texts[key].replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));

async function load(page, text) {
  await page.locator('#share').click();
  await page.locator('#io-text').fill(text);
  await page.locator('#io-load').click();
}

for (const tag of TAGS) {
  test(`rule messages in ${tag}`, async ({ page }) => {
    const t = catalogue(tag);
    await openGame(page, `/?lang=${tag}`);
    await newGame(page, { mode: 'hotseat' });

    // The wolf may not swim: the rule, with the animal's name, in this language.
    await square(page, 'c3').click();
    await square(page, 'c4').click();
    const noSwimming = fill(t, 'illegal.noSwimming', { animal: t['animal.wolf'] });
    await expect(page.locator('#toast')).toHaveText(fill(t, 'illegal.prefix', { message: noSwimming }));

    // An unreadable position names the bad letter.
    await load(page, 'l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X b 0 1');
    const badChar = fill(t, 'position.badBoardChar', { char: 'X' });
    await expect(page.locator('#io-message')).toHaveText(fill(t, 'io.error', { message: badChar }));

    // A record with a move out of turn: the ply, the move and the rule, nested.
    await page.locator('#io-text').fill('1. a3a4 a4a5');
    await page.locator('#io-load').click();
    const notYourTurn = fill(t, 'illegal.notYourTurn', { side: t['side.white'] });
    const recordError = fill(t, 'record.illegalMove', { ply: '2', move: 'a4a5', error: notYourTurn });
    await expect(page.locator('#io-message')).toHaveText(fill(t, 'io.error', { message: recordError }));

    // A capture names the victim in the language's word order.
    await page.locator('#io-text').fill('7/7/7/7/7/7/r5c/L6/7 b 0 1');
    await page.locator('#io-load').click();
    await expect(page.locator('#io-dialog')).toBeHidden();
    await square(page, 'a2').click();
    await square(page, 'a3').click();
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
    const victim = fill(t, 'piece.name', { side: t['side.white'], animal: t['animal.rat'] });
    await expect(page.locator('#announcer')).toHaveText(fill(t, 'announce.capture', {
      side: t['side.black'], animal: t['animal.lion'], from: 'a2', to: 'a3', victim,
    }));
  });
}
