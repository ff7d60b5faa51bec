import { expect, test } from '@playwright/test';
import { waitForCycle } from './helpers';

test('F4: run to the deroute, follow the derouted packet and see its derouted hop marked', async ({
  page,
}) => {
  await page.goto('/#v1?b=deroute&c=0');
  await expect(page.getByTestId('scenario-title')).toHaveText('Multi-queue full: a random deroute');
  await expect(page.getByTestId('torus-view')).toBeVisible();
  // The walkthrough's "A deroute" step moves the simulator to the deroute.
  await page.getByRole('button', { name: /A deroute/ }).click();
  await waitForCycle(page, 112);
  await expect(page.getByTestId('narration')).toContainText('DEROUTED');
  await expect(page.getByTestId('router-view')).toContainText('random victim');

  // Click the packet's head, as a student would (the drawing is a line, not a filled box).
  await page.getByTestId('packet-11').locator('circle').first().click();
  const info = page.getByTestId('packet-info');
  await expect(info).toContainText('Packet 11');
  await expect(info).toContainText('1 derouted');
  // The path is drawn with the derouted hop dashed and labelled.
  // (A horizontal SVG line has a zero-height box, so check that it exists, and that its label shows.)
  await expect(page.locator('line.tv-deroute')).not.toHaveCount(0);
  await expect(page.locator('.tv-deroute-label').first()).toBeVisible();
  await expect(page.locator('.tv-deroute-label').first()).toHaveText('deroute');

  // Stepping on keeps following it: at 242 it leaves router 35's multi-queue eastwards.
  await page.getByTestId('cycle-input').fill('242');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 242);
  await expect(info).toContainText('1 derouted');
});

test('F1: one packet crosses the idle 4×4 torus in 4·(j+1) + L cycles', async ({ page }) => {
  await page.goto('/#v1?b=one-packet&c=0');
  await expect(page.getByTestId('scenario-title')).toHaveText('One packet across a 4×4 torus');
  await page.keyboard.press('End');
  await waitForCycle(page, 28);
  await expect(page.getByTestId('narration')).toContainText(
    '27 cycles in the network, 3 hops, 0 derouted',
  );
  await expect(page.getByTestId('stats-network')).toContainText('delivered');
});

test('dimension-order without a dateline deadlocks and names the cycle; with the dateline it flows', async ({
  page,
}) => {
  await page.goto('/#v1?b=dor-deadlock&c=0');
  await expect(page.getByTestId('router-select')).toHaveValue('dor-no-dateline');
  await page.getByRole('button', { name: /Deadlock/ }).click();
  await waitForCycle(page, 296);
  await expect(page.getByTestId('narration')).toContainText(
    'DEADLOCK: packet 18 at router 13 waits for S',
  );
  // Same seed and traffic, with the dateline: the network keeps moving at that cycle.
  await page.getByTestId('router-select').selectOption('dor');
  await expect(page.getByTestId('router-select')).toHaveValue('dor');
  await waitForCycle(page, 296);
  await expect(page.getByTestId('narration')).not.toContainText('DEADLOCK');
  await expect(page.getByTestId('router-view')).toContainText('Dateline channel');
});

test('a load sweep runs in the worker and overlays the routers: chaos accepts more past saturation', async ({
  page,
}) => {
  await page.goto('/#v1?b=chaos-vs-dor&c=0');
  await expect(page.getByTestId('charts-view')).toBeVisible();
  await page.getByTestId('sweep-from').fill('0.2');
  await page.getByTestId('sweep-to').fill('0.6');
  await page.getByTestId('sweep-step').fill('0.2');
  await page.getByTestId('sweep-cycles').fill('800');
  await page.getByTestId('sweep-warmup').fill('200');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute(
    'aria-valuetext',
    '6 of 6 points',
    { timeout: 30_000 },
  );
  for (const router of ['chaos', 'dor']) {
    await expect(page.getByTestId(`latency-line-${router}`)).toHaveCount(1);
    await expect(page.getByTestId(`accepted-line-${router}`)).toHaveCount(1);
  }
  // The text alternative holds the numbers: at offered 0.6 chaos accepts more than dimension-order.
  const table = page.getByTestId('sweep-table').locator('tbody tr');
  await expect(table).toHaveCount(6);
  const acceptedAt = async (router: string, offered: string) => {
    const row = table
      .filter({ has: page.locator('th', { hasText: new RegExp(`^${router}$`) }) })
      .filter({
        has: page.locator('td', { hasText: new RegExp(`^${offered}$`) }),
      });
    return Number(await row.locator('td').nth(1).textContent());
  };
  expect(await acceptedAt('chaos', '0.60')).toBeGreaterThan(
    await acceptedAt('dimension-order', '0.60'),
  );
});
