/**
 * Progressive exploration: a long run opens at its link's cycle at once and is explored while it
 * is watched; steps work meanwhile; a jump beyond the explored part waits with a progress bar
 * (and Cancel), and "jump to the end" gets there.
 */
import { expect, test } from '@playwright/test';
import { currentCycle, waitForCycle } from './helpers';

const LAST = 20_000;
/** A 16×16 chaos torus under steady traffic for 20,000 cycles: seconds to explore in full. */
const LONG_RUN =
  '/#v1?b=chaos-vs-dor&set=system.k%3D16&set=system.router%3Dchaos' +
  `&set=workload.traffic.load%3D0.16&set=workload.traffic.until%3D${LAST}` +
  `&set=limits.maxCycles%3D${LAST}&c=500`;

test('a long run opens at once, steps while it is explored, and jumps to its end', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.goto(LONG_RUN);
  await waitForCycle(page, 500);
  // The first picture comes while the rest is explored: the bar shows how far.
  const bar = page.getByTestId('exploration');
  await expect(bar).toBeVisible();
  const explored = async () => Number((await bar.locator('progress').getAttribute('value')) ?? '0');
  const first = await explored();
  expect(first).toBeGreaterThanOrEqual(500);
  expect(first).toBeLessThan(LAST);
  await expect.poll(explored).toBeGreaterThan(first);

  // Stepping goes on while exploring.
  for (let i = 0; i < 3; i++) await page.getByTestId('step-forward').click();
  await waitForCycle(page, 503);
  await page.getByTestId('step-back').click();
  await waitForCycle(page, 502);

  // A jump far ahead waits for exploration, with a progress bar and Cancel.
  const far = LAST - 10;
  await page.getByTestId('cycle-input').fill(String(far));
  await page.getByTestId('cycle-input').press('Enter');
  const wait = page.getByTestId('explore-wait');
  if ((await explored()) < far - 300) {
    await expect(wait).toBeVisible();
    await page.getByTestId('explore-cancel').click();
    await expect(wait).toBeHidden();
    expect(await currentCycle(page)).toBe(502);
  }

  // The end: explored on demand, then shown; the bar goes once the whole run is explored.
  await page.getByRole('button', { name: 'Go to the last cycle' }).click();
  await expect(wait).toHaveCount(0, { timeout: 180_000 });
  await waitForCycle(page, LAST);
  await expect(bar).toBeHidden({ timeout: 180_000 });
  await expect(page.getByTestId('cycle-of')).toHaveText(`of ${LAST} (limit)`);
  await page.getByTestId('step-back').click();
  await waitForCycle(page, LAST - 1);
});
