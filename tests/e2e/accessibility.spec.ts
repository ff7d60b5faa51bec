import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForCycle } from './helpers';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * States the scenarios' default views do not reach (accessibility-all.spec.ts runs axe over
 * every built-in scenario in normal, presentation and embed modes): every panel at once, another
 * NI's registers, a frozen NI.
 */
const pages: [string, string, number][] = [
  [
    'every panel open',
    '/#v1?b=evictions-writeback&c=86&views=notes,program,caches,bus,protocol,log,memory,stats',
    86,
  ],
  [
    "CNI4's device registers",
    '/#v1?b=cni-remote-pingpong&set=system.ni=CNI4&c=900&views=cdr,buses,log,stats',
    900,
  ],
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

test('no serious accessibility violations: the start page, whole and filtered', async ({
  page,
}) => {
  await page.goto('/#start');
  await expect(page.getByTestId('start-page')).toBeVisible();
  await expect(page.getByTestId('start-card-ping-pong')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('start-search').fill('queue');
  await expect(page.getByTestId('start-count')).toContainText('match');
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violations: help dialog and error banner', async ({ page }) => {
  await page.goto('/#v1?b=no-such-scenario');
  await expect(page.getByTestId('problem')).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violations: a prediction card, asked and answered', async ({
  page,
}) => {
  await page.goto('/#v1?b=antipode&c=4');
  await waitForCycle(page, 4);
  // Step 2 of the antipode lecture (cycle 8) is a checkpoint: the card asks about a router.
  await page.getByTestId('lecture-next').click();
  await expect(page.getByTestId('predict-options')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('predict-options').getByRole('radio').first().check();
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-verdict')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violations: an assignment, its student form and its questions', async ({
  page,
}) => {
  await page.goto('/#v1?a=cni-pingpong-latency');
  await expect(page.getByTestId('assignment-start')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('student-name').fill('Grace Hopper');
  await page.getByTestId('student-id').fill('a11y-1');
  await page.getByTestId('student-start').click();
  await expect(page.getByTestId('assignment-panel')).toBeVisible();
  await expect(page.getByTestId('cycle-input')).toBeVisible();
  await page.getByTestId('open-assignment').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violations: compare mode (MOESI against MESI), Export menu open', async ({
  page,
}) => {
  await page.goto('/#v1?b=dirty-sharing&c=120&vs=system.protocol%3DMESI');
  await waitForCycle(page, 120);
  await expect(page.getByTestId('compare-B-caches')).toBeVisible();
  await expect(page.getByTestId('compare-diff')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const caches = page.getByTestId('compare-B-caches');
  await caches.getByTestId('export-caches').click();
  await caches.getByTestId('export-trace').click();
  await expect(caches.getByTestId('trace-form')).toBeVisible();
  await page.getByTestId('compare').click();
  await expect(page.getByTestId('compare-field').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('no serious accessibility violations: compare mode on the torus (dor against chaos)', async ({
  page,
}) => {
  await page.goto('/#v1?b=chaos-vs-dor&c=200&vs=system.router%3Dchaos');
  await waitForCycle(page, 200);
  await expect(page.getByTestId('compare-B-torus')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
