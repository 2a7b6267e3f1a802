// Accessibility, checked by axe-core (npm axe-core, the engine of Lighthouse's accessibility
// audit) on every page of the site, in the light and the dark theme: no serious or critical
// violation of WCAG 2.1 A/AA or of axe's best practices. Each failure names the rule, the
// elements and axe's summary, so it can be fixed from the report alone.
import { createRequire } from 'node:module';
import { test, expect, openGame } from './fixtures.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// The pages' Content-Security-Policy would refuse axe's injected script.
test.use({ bypassCSP: true });

/** The serious and critical violations axe finds in `page` (its frames left out: each frame's
 * page is checked on its own). */
async function violations(page) {
  // Colours are judged at rest: a banner still fading in has not reached its contrast yet.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      iframes: false,
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.split('\n').slice(1).join(' ')}`),
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const PAGES = [
  { name: 'game', open: (page) => openGame(page, '/?lang=en') },
  {
    name: 'game, new-game dialog',
    open: async (page) => {
      await openGame(page, '/?lang=en');
      await page.locator('#new-game').click();
      await expect(page.locator('#new-game-dialog')).toBeVisible();
    },
  },
  {
    name: 'game, import dialog with an error',
    open: async (page) => {
      await openGame(page, '/?lang=en');
      await page.locator('#share').click();
      await page.locator('#io-text').fill('nonsense');
      await page.locator('#io-load').click();
      await expect(page.locator('#io-message')).toHaveClass(/error/);
    },
  },
  {
    name: 'game, over',
    open: async (page) => {
      await openGame(page, '/?lang=en');
      await page.locator('#share').click();
      await page.locator('#io-text').fill('6e/3L3/7/7/7/7/7/7/7 b 0 1');
      await page.locator('#io-load').click();
      await page.locator('#squares [data-square="d8"]').click();
      await page.locator('#squares [data-square="d9"]').click();
      await expect(page.locator('#banner')).toBeVisible();
    },
  },
  {
    name: 'shogi',
    open: async (page) => {
      await page.goto('/shogi.html?lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
    },
  },
  {
    name: 'shogi, new-game dialog',
    open: async (page) => {
      await page.goto('/shogi.html?lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
      await page.locator('#new-game').click();
      await expect(page.locator('#new-game-dialog')).toBeVisible();
    },
  },
  {
    name: 'shogi, a promotion to choose and a piece in hand',
    open: async (page) => {
      await page.goto('/shogi.html?lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
      await page.locator('#share').click();
      await page.locator('#io-text').fill('4k4/9/9/1S7/9/9/9/9/4K4 b B 1');
      await page.locator('#io-load').click();
      await page.locator('#squares [data-square="8d"]').click();
      await page.locator('#squares [data-square="8c"]').click();
      await expect(page.locator('#choice')).toBeVisible();
      await expect(page.locator('[data-hand="b:B"]')).toBeVisible();
    },
  },
  {
    name: 'learn',
    open: async (page) => {
      await page.goto('/learn.html?lang=en');
      await page.locator('body[data-ready]').waitFor();
    },
  },
  {
    name: 'editor',
    open: async (page) => {
      await page.goto('/editor.html?lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
    },
  },
  {
    name: 'analysis, reviewed',
    open: async (page) => {
      await page.goto('/analysis.html?moves=a3a4,g7g6,g3g4&review=1&lang=en');
      await page.locator('#board-wrap[data-review="done"][data-best]').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'puzzles, a puzzle to solve',
    open: async (page) => {
      await page.goto('/puzzles.html?lang=en');
      await page.locator('#board-wrap[data-state="solving"]').waitFor();
    },
  },
  {
    name: 'puzzles, the solution shown',
    open: async (page) => {
      await page.goto('/puzzles.html?lang=en');
      await page.locator('#board-wrap[data-state="solving"]').waitFor();
      await page.locator('#puzzle-solution').click();
      await page.locator('#board-wrap[data-state="shown"]').waitFor();
    },
  },
  {
    name: 'shogi analysis, reviewed',
    open: async (page) => {
      await page.goto('/analysis.html?game=shogi&moves=7g7f,3c3d,2g2f&review=1&lang=en');
      await page.locator('#board-wrap[data-review="done"][data-best]').waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'embed, a board to play',
    open: async (page) => {
      await page.goto('/embed.html?mode=play&controls=all&lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
    },
  },
  {
    name: 'embed, a puzzle',
    open: async (page) => {
      await page.goto('/embed.html?mode=puzzle&solution=a3a4&marks=a3,a4&lang=en');
      await page.locator('#board-wrap[data-ready]').waitFor();
    },
  },
  {
    name: 'embed, bad parameters',
    open: async (page) => {
      await page.goto('/embed.html?level=9&mode=dance&lang=en');
      await page.locator('body[data-state="error"]').waitFor();
    },
  },
];

for (const colorScheme of ['light', 'dark']) {
  for (const { name, open } of PAGES) {
    test(`axe: ${name}, ${colorScheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await open(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      expect(await violations(page)).toEqual([]);
    });
  }
}
