/**
 * Progressive exploration: a long run opens at its link's cycle at once and is explored while it
 * is watched; steps work meanwhile; a jump beyond the explored part waits with a progress bar
 * (and Cancel), and "jump to the end" gets there.
 */
import { expect, test } from '@playwright/test';
import { currentCycle, waitForCycle } from './helpers';

const LAST = 60_000;
/**
 * A 16×16 chaos torus under steady traffic for 60,000 cycles: long enough that an idle machine
 * is still exploring it when the first picture comes, short enough to explore in full in a test.
 */
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
  // Read at once, never waited for: the bar goes when the whole run is explored (null then).
  const bar = page.getByTestId('exploration');
  const explored = () =>
    page.evaluate(() => {
      const meter = document.querySelector('[data-testid="exploration"] progress');
      return meter ? Number(meter.getAttribute('value')) : null;
    });
  const first = await explored();
  expect(first, 'the exploration bar at the first picture').not.toBeNull();
  expect(first).toBeGreaterThanOrEqual(500);
  expect(first).toBeLessThan(LAST);
  // The first picture is the torus itself, painted (in its worker) at the link's cycle.
  const torus = page.locator('.tv-canvas');
  await expect(torus).toHaveAttribute('data-painted-cycle', '500');
  // It grows (or the run is explored to its end and the bar has gone).
  await expect.poll(async () => (await explored()) ?? LAST).toBeGreaterThan(first!);

  // Stepping goes on while exploring.
  for (let i = 0; i < 3; i++) await page.getByTestId('step-forward').click();
  await waitForCycle(page, 503);
  await page.getByTestId('step-back').click();
  await waitForCycle(page, 502);
  await expect(torus).toHaveAttribute('data-painted-cycle', '502');

  // A jump far ahead waits for exploration, with a progress bar and Cancel.
  const far = LAST - 10;
  await page.getByTestId('cycle-input').fill(String(far));
  await page.getByTestId('cycle-input').press('Enter');
  const wait = page.getByTestId('explore-wait');
  if (((await explored()) ?? LAST) < far - 300) {
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

  // Back to an early cycle, whose events the worker's log has dropped by now (past its memory
  // budget) and recomputes by replay: the event log lists them as before.
  await page.getByTestId('cycle-input').fill('600');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 600);
  await expect(page.locator('[data-testid="log-row"][data-cycle="600"]').first()).toBeAttached();
});
