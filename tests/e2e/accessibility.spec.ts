import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForCycle } from './helpers';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const pages: [string, string, number][] = [
  ['the default scenario mid-transaction', '/#v1?b=write-invalidation&c=195', 195],
  [
    'every panel open',
    '/#v1?b=evictions-writeback&c=86&views=notes,program,caches,bus,protocol,log,memory,stats',
    86,
  ],
  ['the torus and router views', '/#v1?b=deroute&c=112', 112],
  ['the cachable queues, buses and statistics', '/#v1?b=cni-remote-pingpong&c=300', 300],
  [
    "CNI4's device registers",
    '/#v1?b=cni-remote-pingpong&set=system.ni=CNI4&c=900&views=cdr,buses,log,stats',
    900,
  ],
  ['the Cranium NI, message timeline, torus and log', '/#v1?b=cranium-out-of-order&c=215', 215],
  [
    'a frozen Cranium NI with a full user queue, and its statistics',
    '/#v1?b=cranium-queue-overflow&c=250&views=cranium,gantt,stats,log,router',
    250,
  ],
];

for (const [what, url, cycle] of pages) {
  test(`no serious accessibility violations: ${what}`, async ({ page }) => {
    await page.goto(url);
    await waitForCycle(page, cycle);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('no serious accessibility violations: help dialog and error banner', async ({ page }) => {
  await page.goto('/#v1?b=no-such-scenario');
  await expect(page.getByTestId('problem')).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
