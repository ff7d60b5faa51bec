/**
 * Axe over every built-in scenario's default views, at a projector's 1280×720, in normal,
 * presentation and embed modes: one page load per scenario, the three modes reached in that page
 * (the `f` key, then the embed link), no serious or critical violation in any. Normal mode runs
 * every rule; the other two run the rules a mode can change (colours, layout, headings and
 * landmarks), the panels' content being the same — which keeps the 40 scenarios to minutes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { builtinIds, waitForCycle } from './helpers';

test.use({ viewport: { width: 1280, height: 720 } });

/** What presentation (theme, zoom, slim bar) and embed mode (bar, no chrome) can change. */
const MODE_RULES = [
  'color-contrast',
  'scrollable-region-focusable',
  'heading-order',
  'page-has-heading-one',
  'empty-heading',
  'landmark-one-main',
  'landmark-unique',
  'region',
  'duplicate-id-aria',
  'button-name',
  'link-name',
];
/** Embed mode keeps the normal theme: its colours were checked in normal mode. */
const EMBED_RULES = MODE_RULES.filter((r) => r !== 'color-contrast');

async function serious(page: Page, mode: string, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${mode}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

for (const id of builtinIds()) {
  test(`axe: ${id} in normal, presentation and embed modes`, async ({ page }) => {
    await page.goto(`/#v1?b=${id}&c=0`);
    await waitForCycle(page, 0);
    // A bench scenario's race runs each of its NIs' models once as it loads: seconds.
    await expect(page.getByTestId('lecture-counter')).toContainText(/step 1 of/i, {
      timeout: 30_000,
    });
    // The first lecture step: the panels show something, and a checkpoint may ask.
    await page.keyboard.press('n');
    await expect(page.getByTestId('cycle-input')).not.toHaveValue('0');
    const found = await serious(page, 'normal');
    await page.keyboard.press('f');
    await expect(page.getByTestId('present-bar')).toBeVisible();
    found.push(...(await serious(page, 'presentation', MODE_RULES)));
    await page.evaluate(() => {
      location.hash = location.hash.replace('&present=1', '') + '&embed=1';
    });
    await expect(page.getByTestId('embed-bar')).toBeVisible();
    found.push(...(await serious(page, 'embed', EMBED_RULES)));
    expect(found).toEqual([]);
  });
}
