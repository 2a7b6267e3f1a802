// A shogi record through the game page's import/export dialog: a KIF with every header
// the format maps, comments before and after moves, each move's time and a variation (変化) keeps
// all of them through the load, the KIF and CSA exports and a reload (the saved game); a game
// played here with a clock exports each move's time and the time control, and two players at
// one device are not given invented names.
import { test, expect, clickMove } from './fixtures.mjs';

/** Opens the shogi page and waits until the game and its AI worker are ready. */
async function openShogi(page) {
  await page.goto('/shogi.html?lang=en');
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
}

/** Every header of crates/shogi/src/record/mod.rs's table (in KIF's words) and one it does not map. */
const HEADERS = [
  '開始日時：2024/05/03 10:30:00',
  '終了日時：2024/05/03 11:45:10',
  '棋戦：第1回テスト杯',
  '場所：東京・将棋会館',
  '持ち時間：各10分(秒読み30秒)',
  '戦型：角換わり',
  '表題：記録のテスト',
  '備考：変化あり',
  '先手：羽生善治',
  '後手：佐藤天彦',
  '記録係：山田',
];

const KIF = [
  '#KIF version=2.0 encoding=UTF-8',
  ...HEADERS,
  '手合割：平手',
  '*対局前のコメント',
  '手数----指手---------消費時間--',
  '   1 ７六歩(77)   ( 0:12/00:00:12)',
  '*初手のコメント',
  '   2 ３四歩(33)   ( 0:05/00:00:05)',
  '   3 ２二角成(88) ( 0:30/00:00:42)+',
  '*角交換',
  '*二つ目のコメント',
  '   4 同　銀(31)   ( 0:02/00:00:07)',
  '   5 ４五角打     ( 1:09/00:01:51)',
  '   6 投了',
  'まで5手で先手の勝ち',
  '',
  '変化：3手',
  '   3 ６六歩(67)   ( 0:20/00:00:32)',
  '   4 ８四歩(83)',
  '',
].join('\n');

/** What the KIF export must hold, each as whole lines. */
const KIF_LINES = [
  ...HEADERS,
  '*対局前のコメント\n手数----指手---------消費時間--',
  '   1 ７六歩(77)   ( 0:12/00:00:12)\n*初手のコメント',
  '   2 ３四歩(33)   ( 0:05/00:00:05)',
  '   3 ２二角成(88) ( 0:30/00:00:42)\n*角交換\n*二つ目のコメント',
  '   4 同　銀(31)   ( 0:02/00:00:07)',
  '   5 ４五角打     ( 1:09/00:01:51)',
  // The variation as written, its time included, after the main line and its ending.
  '   6 投了\nまで5手で先手の勝ち\n\n変化：3手\n   3 ６六歩(67)   ( 0:20/00:00:32)\n   4 ８四歩(83)',
];

/** What the CSA export must hold (every header in CSA's words, times, comments, the ending). */
const CSA_LINES = [
  'N+羽生善治',
  'N-佐藤天彦',
  '$START_TIME:2024/05/03 10:30:00',
  '$END_TIME:2024/05/03 11:45:10',
  '$EVENT:第1回テスト杯',
  '$SITE:東京・将棋会館',
  '$TIME_LIMIT:各10分(秒読み30秒)',
  '$OPENING:角換わり',
  '$Title:記録のテスト',
  '$Note:変化あり',
  '$記録係:山田',
  "'*対局前のコメント\n+7776FU\nT12\n'*初手のコメント\n-3334FU\nT5",
  "+8822UM\nT30\n'*角交換\n'*二つ目のコメント\n-3122GI\nT2",
  '+0045KA\nT69\n%TORYO',
];

/** Loads `text` through the import/export dialog. */
async function load(page, text) {
  await page.locator('#share').click();
  await page.locator('#io-text').fill(text);
  await page.locator('#io-load').click();
  await expect(page.locator('#io-dialog')).toBeHidden();
}

/** Closes the result's banner over the board (the record's game is over). */
async function closeBanner(page) {
  const banner = page.locator('#banner');
  await expect(banner).toBeVisible();
  await page.locator('#banner-close').click();
  await expect(banner).toBeHidden();
}

/** The record the dialog shows in `format`, the dialog closed again. */
async function exported(page, format) {
  await page.locator('#share').click();
  await page.locator('#io-show').click();
  await page.locator('#io-format').selectOption(format);
  const text = await page.locator('#io-text').inputValue();
  await page.locator('#io-close').click();
  await expect(page.locator('#io-dialog')).toBeHidden();
  return text;
}

/** Whether `text` holds `lines` as whole lines. */
function holdsLines(text, lines) {
  return `\n${text}\n`.includes(`\n${lines}\n`);
}

test('a KIF with every header, comment, time and a variation survives import, export and a reload', async ({ page }) => {
  await openShogi(page);
  await load(page, KIF);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '5');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'black-wins');
  await closeBanner(page);

  const kif = await exported(page, 'kif');
  for (const lines of KIF_LINES) expect(holdsLines(kif, lines), `${lines}\n---\n${kif}`).toBe(true);
  expect(kif).not.toContain('Player');
  const csa = await exported(page, 'csa');
  for (const lines of CSA_LINES) expect(holdsLines(csa, lines), `${lines}\n---\n${csa}`).toBe(true);
  // CSA has no variations: the main line only.
  expect(csa).not.toContain('6766FU');

  // The saved game keeps them all: after a reload both exports are the same again.
  await page.reload();
  await page.locator('#board-wrap[data-ready]').waitFor();
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '5');
  await closeBanner(page);
  expect(await exported(page, 'kif')).toBe(kif);
  expect(await exported(page, 'csa')).toBe(csa);

  // The export loads again as the same record.
  await load(page, kif);
  await closeBanner(page);
  expect(await exported(page, 'kif')).toBe(kif);
});

test('a game with a clock exports each move’s time and the time control, and no invented names', async ({ page }) => {
  await page.clock.install();
  await openShogi(page);
  await page.locator('#new-game').click();
  const form = page.locator('#new-game-form');
  await form.locator('input[name=mode][value=hotseat]').check();
  await page.locator('#clock-kind').selectOption('byoyomi');
  await page.locator('#clock-minutes').fill('10');
  await page.locator('#clock-seconds').fill('30');
  await page.locator('#new-game-start').click();
  await expect(page.locator('#new-game-dialog')).toBeHidden();
  // Sente thinks about 4.5 s, gote about 65.5 s (a click may add a little real time).
  await page.clock.runFor(4_500);
  await clickMove(page, '7g7f');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1');
  await page.clock.runFor(65_500);
  await clickMove(page, '3c3d');
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '2');

  const kif = await exported(page, 'kif');
  expect(kif).toMatch(/^持ち時間：10分\+30秒$/m);
  expect(kif).toMatch(/^ {3}1 ７六歩\(77\) {3}\( 0:0[45]\/00:00:0[45]\)$/m);
  expect(kif).toMatch(/^ {3}2 ３四歩\(33\) {3}\( 1:0[56]\/00:01:0[56]\)$/m);
  // Two players at one device: nobody's name is known, so none is written.
  expect(kif).not.toMatch(/^(先手|後手|下手|上手)：/m);
  expect(kif).not.toContain('Player');
  const csa = await exported(page, 'csa');
  expect(csa).toMatch(/^\$TIME_LIMIT:00:10\+30$/m);
  expect(csa).toMatch(/^\+7776FU\nT[45]\n-3334FU\nT6[56]$/m);
  expect(csa).not.toMatch(/^N[+-]/m);

  // A reload keeps the moves' times (the clock is saved beside the record).
  await page.reload();
  await page.locator('#board-wrap[data-ready]').waitFor();
  expect(await exported(page, 'kif')).toBe(kif);
});
