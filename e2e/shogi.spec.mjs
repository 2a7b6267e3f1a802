// The shogi page (shogi.html): its board and hands as scripts and screen readers see them, moves
// and drops by click, drag, keyboard and touch, the promotion choice, refusals with the rules'
// words, undo/redo, resuming after a reload, KIF/CSA/SFEN through the import/export dialog (a
// Shift_JIS file too), resignation, and a whole game against the AI in its worker.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect, square, boardState } from './fixtures.mjs';

const START_SFEN = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';

/** Opens the shogi page and waits until the game and its AI worker are ready. */
export async function openShogi(page, query = 'lang=en') {
  await page.goto(`/shogi.html?${query}`);
  await page.locator('#board-wrap[data-ready][data-ai="ready"]').waitFor();
}

/** Starts a new game through the dialog. */
async function newShogiGame(page, { mode = 'hotseat', side = 'black', level = 1, handicap = '', maxMoves } = {}) {
  await page.locator('#new-game').click();
  const form = page.locator('#new-game-form');
  await form.locator(`input[name=mode][value=${mode}]`).check();
  if (mode === 'vsAi') await form.locator(`input[name=side][value=${side}]`).check();
  if (mode !== 'hotseat') await form.locator(`input[name=level][value="${level}"]`).check();
  await page.locator('#new-game-start-position').selectOption(handicap);
  if (maxMoves) await page.locator('#rule-maxmoves').selectOption(maxMoves);
  await page.locator('#new-game-start').click();
  await expect(page.locator('#new-game-dialog')).toBeHidden();
}

/** Loads `text` (a record or an SFEN) through the import/export dialog. */
async function load(page, text) {
  await page.locator('#share').click();
  await page.locator('#io-text').fill(text);
  await page.locator('#io-load').click();
  await expect(page.locator('#io-dialog')).toBeHidden();
}

/** Plays a USI move by clicks: a board move by its two squares (then the choice, if offered:
 * `+` promotes), a drop by its hand piece and square. */
async function clickUsi(page, move) {
  if (move[1] === '*') {
    const side = (await boardState(page)).turn;
    await page.locator(`[data-hand="${side}:${move[0]}"]`).click();
    await square(page, move.slice(2, 4)).click();
    return;
  }
  await square(page, move.slice(0, 2)).click();
  await square(page, move.slice(2, 4)).click();
  const choice = page.locator('#choice');
  if (await choice.isVisible()) {
    await choice.locator(`[data-choice="${move.endsWith('+') ? 0 : 1}"]`).click();
  }
}

const fen = async (page) => (await boardState(page)).fen;

test.describe('shogi, two players', () => {
  test.beforeEach(async ({ page }) => {
    await openShogi(page);
    await newShogiGame(page);
  });

  test('the board publishes the SFEN, the turn and each piece: squares in USI form, hands by kind', async ({ page }) => {
    const state = await boardState(page);
    expect(state.fen).toBe(START_SFEN);
    expect(state.turn).toBe('b');
    expect(state.status).toBe('playing');
    expect(state.legal.split(' ')).toHaveLength(30);
    await expect(page.locator('#squares [data-square]')).toHaveCount(81);
    await expect(square(page, '7g')).toHaveAttribute('aria-label', "7g, Sente's pawn");
    await expect(square(page, '5a')).toHaveAttribute('data-piece', 'w:K');
    await expect(square(page, '5e')).toHaveAttribute('aria-label', '5e, empty');
    // Empty hands show no piece to pick.
    await expect(page.locator('[data-hand]:visible')).toHaveCount(0);
    await expect(page.locator('#resign')).toBeEnabled();
  });

  test('a capture goes to the hand, a promotion is chosen on the board, a drop is played from the hand', async ({ page }) => {
    for (const move of ['7g7f', '3c3d']) await clickUsi(page, move);
    // Bishop takes bishop in the zone: promoting is optional, so the page asks.
    await square(page, '8h').click();
    await square(page, '2b').click();
    const choice = page.locator('#choice');
    await expect(choice).toBeVisible();
    await expect(choice.locator('[data-choice="0"]')).toHaveAttribute('aria-label', 'Promote');
    await expect(choice.locator('[data-choice="1"]')).toHaveAttribute('aria-label', 'Do not promote');
    await expect(choice.locator('[data-choice="0"]')).toBeFocused();
    expect((await boardState(page)).plies).toBe('2');
    await choice.locator('[data-choice="0"]').click();
    await expect(choice).toBeHidden();
    await expect(square(page, '2b')).toHaveAttribute('data-piece', 'b:+B');
    await expect(page.locator('[data-hand="b:B"]')).toBeVisible();
    await expect(page.locator('[data-hand="b:B"]')).toHaveAttribute('aria-label', "Sente's hand: bishop × 1");
    await expect(page.locator('#announcer')).toContainText('Sente: bishop 8h takes bishop on 2b, promotes');
    await clickUsi(page, '3a2b'); // the silver takes the horse
    await expect(page.locator('[data-hand="w:B"]')).toBeVisible();
    // Sente drops the bishop it holds.
    await page.locator('[data-hand="b:B"]').click();
    await expect(page.locator('#squares .destination')).not.toHaveCount(0);
    await square(page, '5e').click();
    await expect(square(page, '5e')).toHaveAttribute('data-piece', 'b:B');
    await expect(page.locator('[data-hand="b:B"]')).toBeHidden();
    await expect(page.locator('#moves .move[data-ply="5"]')).toHaveText('B*5e');
    await expect(page.locator('#announcer')).toContainText('Sente: bishop dropped on 5e');
    // The Japanese notation, from the setting.
    await page.locator('#notation').selectOption('japanese');
    await expect(page.locator('#moves .move[data-ply="1"]')).toHaveText('▲７六歩');
    await expect(page.locator('#moves .move[data-ply="3"]')).toHaveText('▲２二角成');
    await expect(page.locator('#moves .move[data-ply="5"]')).toHaveText('▲５五角');
  });

  test('the promotion choice by keyboard: arrows move between the choices, Enter takes one, Escape none', async ({ page }) => {
    for (const move of ['7g7f', '3c3d']) await clickUsi(page, move);
    await square(page, '8h').click();
    await square(page, '2b').click();
    await expect(page.locator('#choice [data-choice="0"]')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#choice')).toBeHidden();
    expect((await boardState(page)).plies).toBe('2');
    await square(page, '8h').click();
    await square(page, '2b').click();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#choice [data-choice="1"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(square(page, '2b')).toHaveAttribute('data-piece', 'b:B');
    await expect(page.locator('#moves .move[data-ply="3"]')).toHaveText('Bx2b=');
  });

  test('a promotion the rules force is not asked', async ({ page }) => {
    await load(page, '4k4/7P1/9/9/9/9/9/9/4K4 b - 1');
    await clickUsi(page, '2b2a');
    await expect(page.locator('#choice')).toBeHidden();
    await expect(square(page, '2a')).toHaveAttribute('data-piece', 'b:+P');
  });

  test('refused drops name the rule: two pawns on a file, a pawn drop that mates', async ({ page }) => {
    await load(page, '4k4/9/9/9/9/9/4P4/9/4K4 b P 1');
    await page.locator('[data-hand="b:P"]').click();
    await square(page, '5e').click();
    await expect(page.locator('#toast')).toContainText('two unpromoted pawns on file 5 (nifu)');
    // Gote's king on 1a boxed in by its own knight and lance, 1b guarded by sente's gold: P*1b
    // would mate.
    await load(page, '7nk/7l1/7G1/9/9/9/9/9/4K4 b P 1');
    await page.locator('[data-hand="b:P"]').click();
    await square(page, '1b').click();
    await expect(page.locator('#toast')).toContainText('uchifuzume');
    expect((await boardState(page)).plies).toBe('0');
  });

  test('moves and drops by drag and drop', async ({ page }) => {
    const drag = async (from, to) => {
      const a = await from.boundingBox();
      const b = await to.boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) {
        await page.mouse.move(a.x + a.width / 2 + ((b.x - a.x) * i) / 8, a.y + a.height / 2 + ((b.y - a.y) * i) / 8);
      }
      await page.mouse.up();
    };
    await drag(square(page, '7g'), square(page, '7f'));
    await expect(square(page, '7f')).toHaveAttribute('data-piece', 'b:P');
    await load(page, '4k4/9/9/9/9/9/9/9/4K4 b G 1');
    await drag(page.locator('[data-hand="b:G"]'), square(page, '5b'));
    await expect(square(page, '5b')).toHaveAttribute('data-piece', 'b:G');
  });

  test('the keyboard reaches the board and the hand: a move, then a drop', async ({ page }) => {
    await load(page, '4k4/9/9/9/9/9/9/9/4K4 b S 1');
    // The cursor starts on sente's first piece; Enter picks it, arrows move, Enter puts it down.
    await square(page, '5i').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(square(page, '5h')).toHaveAttribute('data-piece', 'b:K');
    // Gote's king steps aside; then Tab reaches sente's silver in hand.
    await load(page, '4k4/9/9/9/9/9/9/9/4K4 b S 1');
    const silver = page.locator('[data-hand="b:S"]');
    await silver.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#announcer')).toContainText('silver in hand selected');
    // The cursor is on the board now, on the first square the silver may go to.
    await expect(page.locator('#squares [data-square]:focus')).toHaveCount(1);
    await page.keyboard.press('Enter');
    expect(Number((await boardState(page)).plies)).toBe(1);
    await expect(page.locator('[data-hand="b:S"]')).toBeHidden();
  });

  test('undo and redo take back and play again moves and drops; any ply can be viewed', async ({ page }) => {
    for (const move of ['7g7f', '3c3d', '8h2b+', '3a2b']) await clickUsi(page, move);
    await clickUsi(page, 'B*5e');
    await page.locator('#undo').click();
    await expect(page.locator('[data-hand="b:B"]')).toBeVisible();
    await page.locator('#undo').click();
    expect((await boardState(page)).plies).toBe('3');
    await page.locator('#redo').click();
    await page.locator('#redo').click();
    await expect(square(page, '5e')).toHaveAttribute('data-piece', 'b:B');
    const live = (await boardState(page)).fen;

    // Clicking the third move shows that position (the bishop just promoted on 2b, nothing in
    // hand yet); the game itself is unchanged.
    const wrap = page.locator('#board-wrap');
    await page.locator('#moves .move[data-ply="3"]').click();
    await expect(wrap).toHaveAttribute('data-viewing', '3');
    await expect(square(page, '2b')).toHaveAttribute('aria-label', "2b, Sente's horse");
    await expect(square(page, '5e')).toHaveAttribute('aria-label', '5e, empty');
    await page.locator('#live').click();
    await expect(wrap).not.toHaveAttribute('data-viewing', /.*/);
    expect((await boardState(page)).fen).toBe(live);
  });

  test('the game is saved after every move and resumes after a reload', async ({ page }) => {
    for (const move of ['2g2f', '8c8d', '2f2e']) await clickUsi(page, move);
    const before = await fen(page);
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    expect(await fen(page)).toBe(before);
    await expect(page.locator('#moves .move')).toHaveCount(3);
    await expect(page.locator('#moves .move[data-ply="3"]')).toHaveText('P-2e');
    // The piece set and the notation are remembered too.
    await page.locator('#pieces').selectOption('kanji');
    await page.reload();
    await page.locator('#board-wrap[data-ready]').waitFor();
    await expect(page.locator('#pieces')).toHaveValue('kanji');
  });

  test('a KIF record goes out and comes back through the dialog; CSA and an SFEN too; a load can be undone', async ({ page }) => {
    for (const move of ['7g7f', '3c3d', '8h2b+']) await clickUsi(page, move);
    const played = await fen(page);
    await page.locator('#share').click();
    await page.locator('#io-show').click();
    const kif = await page.locator('#io-text').inputValue();
    expect(kif).toContain('７六歩(77)');
    expect(kif).toContain('２二角成(88)');
    await expect(page.locator('#io-fen')).toHaveValue(played);
    await page.locator('#io-format').selectOption('csa');
    const csa = await page.locator('#io-text').inputValue();
    expect(csa).toContain('+7776FU');
    await page.locator('#io-close').click();
    await newShogiGame(page);
    await load(page, kif);
    expect(await fen(page)).toBe(played);
    await load(page, csa);
    expect(await fen(page)).toBe(played);
    // Undo takes the load back: the game before it returns.
    await page.locator('#undo').click();
    await expect(page.locator('#toast')).toContainText('Load undone');
    // Unreadable text keeps the dialog open with the reader's message.
    await page.locator('#share').click();
    await page.locator('#io-text').fill('lnsgkgsnl/9 b - 1');
    await page.locator('#io-load').click();
    await expect(page.locator('#io-message')).toContainText('9 ranks');
    await expect(page.locator('#io-dialog')).toBeVisible();
  });

  test('the record downloads as a .kif (or .csa) file, and that file opens again', async ({ page }) => {
    for (const move of ['7g7f', '3c3d', '8h2b+', '3a2b', 'B*4e']) await clickUsi(page, move);
    const played = await fen(page);
    await page.locator('#share').click();
    const download = async () => {
      const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#io-download').click()]);
      const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
      return { name: file.suggestedFilename(), bytes };
    };
    const kif = await download();
    expect(kif.name).toMatch(/\.kif$/);
    expect(kif.bytes.toString('utf8')).toContain('４五角打');
    await page.locator('#io-format').selectOption('csa');
    const csa = await download();
    expect(csa.name).toMatch(/\.csa$/);
    expect(csa.bytes.toString('utf8')).toContain('+0045KA');
    await page.locator('#io-close').click();
    for (const file of [kif, csa]) {
      await newShogiGame(page);
      await page.locator('#share').click();
      await page.locator('#io-file').setInputFiles({ name: file.name, mimeType: 'text/plain', buffer: file.bytes });
      await expect(page.locator('#io-dialog')).toBeHidden();
      expect(await fen(page)).toBe(played);
    }
  });

  test('a Shift_JIS KIF file opens', async ({ page }) => {
    const bytes = readFileSync(fileURLToPath(new URL('../tests/data/shogi/kakugawari-sjis.kif', import.meta.url)));
    await page.locator('#share').click();
    await page.locator('#io-file').setInputFiles({ name: 'kakugawari.kif', mimeType: 'text/plain', buffer: bytes });
    await expect(page.locator('#io-dialog')).toBeHidden();
    expect(Number((await boardState(page)).plies)).toBeGreaterThan(10);
    await expect(page.locator('#io-text')).toHaveValue(/角/);
  });

  test('resigning takes a second press and ends the game with the reason', async ({ page }) => {
    await clickUsi(page, '7g7f');
    await page.locator('#resign').click();
    await expect(page.locator('#resign')).toHaveText('Resign? Press again');
    expect((await boardState(page)).status).toBe('playing');
    await page.locator('#resign').click();
    expect((await boardState(page)).status).toBe('black-wins');
    await expect(page.locator('#banner-title')).toHaveText('Sente wins');
    await expect(page.locator('#banner-reason')).toHaveText('Gote resigned.');
    await expect(page.locator('#resign')).toBeDisabled();
  });

  test('an impasse declaration is offered only when valid, with its points', async ({ page }) => {
    await expect(page.locator('#declare')).toBeHidden();
    // Sente's king in the zone with ten pieces there and rook, bishop and pawns in hand.
    await load(page, '1K7/GGGG1SSSS/PP7/9/9/9/9/9/5k3 b RB10P 1');
    await expect(page.locator('#declare')).toBeVisible();
    await expect(page.locator('#declare')).toHaveText(/Declare impasse \(\d+ points\)/);
    await page.locator('#declare').click();
    expect((await boardState(page)).status).toBe('black-wins');
    await expect(page.locator('#banner-reason')).toHaveText(/Impasse declared with \d+ points\./);
  });
});

test('touch: tap a piece, tap where it goes; tap a piece in hand, tap where it drops', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await openShogi(page);
  await newShogiGame(page);
  await square(page, '2g').tap();
  await square(page, '2f').tap();
  await expect(square(page, '2f')).toHaveAttribute('data-piece', 'b:P');
  // A drop by touch: tap the piece in the hand, then the square.
  await page.locator('#share').tap();
  await page.locator('#io-text').fill('4k4/9/9/9/9/9/9/9/4K4 b G 1');
  await page.locator('#io-load').tap();
  await page.locator('[data-hand="b:G"]').tap();
  await square(page, '5b').tap();
  await expect(square(page, '5b')).toHaveAttribute('data-piece', 'b:G');
  await expect(page.locator('[data-hand="b:G"]')).toHaveCount(0);
  await context.close();
});

test('a handicap game: the giver plays gote without the pieces and moves first', async ({ page }) => {
  await openShogi(page);
  await newShogiGame(page, { handicap: '2-piece' });
  const state = await boardState(page);
  expect(state.turn).toBe('w');
  expect(state.fen).toBe('lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1');
  await expect(page.locator('#status-text')).toHaveText('Gote to move');
});

/** A simple player for sente: promote when it can, take the most valuable piece, drop near
 * gote's king, else push on. */
function pickMove(legal, pieces, gotesKing) {
  const WORTH = { P: 1, L: 3, N: 3, S: 5, G: 6, B: 8, R: 10, K: 100 };
  let best = legal[0];
  let bestScore = -Infinity;
  for (const move of legal) {
    const to = move.slice(2, 4);
    let score = Math.random();
    if (move.endsWith('+')) score += 20;
    const victim = pieces[to];
    if (victim?.startsWith('w:')) score += 10 * (WORTH[victim.slice(-1)] ?? 1);
    if (move[1] === '*' && gotesKing) {
      const distance = Math.abs(to.charCodeAt(0) - gotesKing.charCodeAt(0)) + Math.abs(to.charCodeAt(1) - gotesKing.charCodeAt(1));
      score += 8 - distance;
    }
    if (move[1] !== '*') score += ('ihgfedcba'.indexOf(move[3]) - 'ihgfedcba'.indexOf(move[1])) * 0.5;
    if (score > bestScore) {
      bestScore = score;
      best = move;
    }
  }
  return best;
}

test('a whole game against the AI by clicks, with a promotion choice and a drop, ends with a result', async ({ page }) => {
  test.setTimeout(300_000);
  await openShogi(page);
  await newShogiGame(page, { mode: 'vsAi', side: 'black', level: 1, maxMoves: '256' });
  // Sente's silver on 4d can take on 4c promoting or not, and a lance waits in hand.
  await load(page, 'lnsgkgsnl/1r5b1/pppp1pppp/5S3/9/9/PPPPPPPPP/1B5R1/1N1GKGSNL b L 1');
  await square(page, '4d').click();
  await square(page, '4c').click();
  await expect(page.locator('#choice')).toBeVisible();
  await page.locator('#choice [data-choice="0"]').click();
  await expect(square(page, '4c')).toHaveAttribute('data-piece', 'b:+S');
  let state = await boardState(page);
  let dropped = false;
  for (let turn = 0; turn < 200 && state.status === 'playing'; turn++) {
    await page.waitForFunction(() => {
      const d = document.querySelector('#board-wrap').dataset;
      return d.status !== 'playing' || (d.turn === 'b' && d.thinking === 'false');
    }, null, { timeout: 30_000 });
    state = await boardState(page);
    if (state.status !== 'playing') break;
    const pieces = await page.locator('#squares [data-piece]').evaluateAll((cells) =>
      Object.fromEntries(cells.map((c) => [c.dataset.square, c.dataset.piece])));
    const gotesKing = Object.keys(pieces).find((sq) => pieces[sq] === 'w:K');
    const legal = state.legal.split(' ');
    const drops = legal.filter((m) => m[1] === '*');
    const move = !dropped && drops.length > 0 ? pickMove(drops, pieces, gotesKing) : pickMove(legal, pieces, gotesKing);
    dropped ||= move[1] === '*';
    const plies = state.plies;
    await clickUsi(page, move);
    await expect(page.locator('#board-wrap')).not.toHaveAttribute('data-plies', plies);
    state = await boardState(page);
  }
  expect(dropped).toBe(true);
  expect(['black-wins', 'white-wins', 'draw']).toContain(state.status);
  await expect(page.locator('#banner')).toBeVisible();
  await expect(page.locator('#banner-reason')).not.toBeEmpty();
});

test('the AI plays sente when the player takes gote, the board turns, and a hint is said in words', async ({ page }) => {
  await openShogi(page);
  await newShogiGame(page, { mode: 'vsAi', side: 'white', level: 2 });
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-plies', '1', { timeout: 15_000 });
  await expect(page.locator('canvas#board')).toHaveAttribute('data-board-flipped', 'true');
  expect((await boardState(page)).turn).toBe('w');
  await page.locator('#hint').click();
  // "Hint: Gote: pawn 3c to 3d" — a move in words, not a code.
  await expect(page.locator('#announcer')).toContainText(/Hint: Gote: \w+ \d[a-i] to \d[a-i]/, { timeout: 15_000 });
});

test('AI against AI plays shogi by itself and can pause', async ({ page }) => {
  await openShogi(page);
  await newShogiGame(page, { mode: 'demo', level: 1 });
  await page.locator('#demo-speed').selectOption('fast');
  await expect.poll(async () => Number((await boardState(page)).plies), { timeout: 30_000 }).toBeGreaterThan(5);
  await page.locator('#pause').click();
  const paused = Number((await boardState(page)).plies);
  await page.waitForTimeout(800);
  expect(Number((await boardState(page)).plies)).toBe(paused);
  await expect(page.locator('#board-wrap')).toHaveAttribute('data-thinking', 'false');
});

test('the game switch in both headers leads from one game to the other, each at its own address', async ({ page }) => {
  await openShogi(page);
  const switcher = page.locator('.game-switch');
  await expect(switcher.locator('[aria-current]')).toHaveText('Shogi');
  await switcher.getByText('Jungle').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('#squares [data-square]')).toHaveCount(63);
  await expect(page.locator('.game-switch [aria-current]')).toHaveText('Jungle');
  await page.locator('.game-switch').getByText('Shogi').click();
  await page.locator('#board-wrap[data-ready]').waitFor();
  expect(new URL(page.url()).pathname).toBe('/shogi.html');
  await expect(page.locator('#squares [data-square]')).toHaveCount(81);
});

test.describe('endings by repetition', () => {
  test.beforeEach(async ({ page }) => {
    await openShogi(page);
    await newShogiGame(page);
  });

  test('the fourth repetition, played by clicks, is sennichite: a draw with its reason', async ({ page }) => {
    const cycle = '5i4h 5a4b 4h5i 4b5a';
    await load(page, `position startpos moves ${cycle} ${cycle} 5i4h 5a4b 4h5i`);
    expect((await boardState(page)).status).toBe('playing');
    await clickUsi(page, '4b5a');
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'draw');
    await expect(page.locator('#banner')).toBeVisible();
    await expect(page.locator('#banner-title')).toHaveText('Draw');
    await expect(page.locator('#banner-reason')).toHaveText('The same position occurred four times (sennichite).');
  });

  test('repeating by perpetual check loses for the checking side', async ({ page }) => {
    // Sente's rook checks from the 1 and 2 files in turn; gote's king steps aside each time.
    const cycle = '2i1i 1a2a 1i2i 2a1a';
    await load(page, `position sfen 8k/9/9/9/9/9/9/9/K6R1 b - 1 moves ${cycle} ${cycle} 2i1i 1a2a 1i2i`);
    await clickUsi(page, '2a1a');
    await expect(page.locator('#board-wrap')).toHaveAttribute('data-status', 'white-wins');
    await expect(page.locator('#banner-title')).toHaveText('Gote wins');
    await expect(page.locator('#banner-reason')).toHaveText('Sente repeated the position by perpetual check.');
  });
});
