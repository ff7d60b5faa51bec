/**
 * The charts panel on a cni scenario: the paper's Fig. 6 and Fig. 7 sweeps run in the worker,
 * one curve per NI (CNI16Qm only on the memory bus), with progress, cancel and a table shown on
 * request.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const NIS = ['NI2w', 'CNI4', 'CNI16Q', 'CNI512Q', 'CNI16Qm'];
const LATENCY_SIZES = 6;

test('Fig. 6 on the memory bus: one round-trip curve per NI, five in all', async ({ page }) => {
  await page.goto('/#v1?b=cni-remote-pingpong&views=charts');
  await expect(page.getByTestId('charts-view')).toBeVisible();
  await page.getByTestId('sweep-metric-latency').check();
  await page.getByTestId('sweep-bus-memory').check();
  await page.getByTestId('sweep-run').click();
  const total = NIS.length * LATENCY_SIZES;
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute(
    'aria-valuetext',
    `${total} of ${total} points`,
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('sweep-status')).toContainText('Done.');
  await expect(page.locator('[data-testid^="sweep-curve-"]')).toHaveCount(NIS.length);
  for (const ni of NIS) {
    const curve = page.getByTestId(`sweep-curve-${ni}`);
    await expect(curve).toHaveCount(1);
    await expect(curve.locator('.sc-marker')).toHaveCount(LATENCY_SIZES);
  }
  await expect(page.getByTestId('sweep-chart')).toContainText('Fig. 6a');
  // The numbers are read by screen readers; "Show as table" shows them to everyone.
  const table = page.getByTestId('sweep-table');
  await expect(table).toHaveClass(/vg-sr-only/);
  await page.getByTestId('sweep-table-toggle').check();
  await expect(table).not.toHaveClass(/vg-sr-only/);
  await expect(table).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(LATENCY_SIZES);
  // The table holds the numbers: NI2w's uncached accesses make 256-byte round trips the slowest.
  const cell = async (ni: string, bytes: number) =>
    Number(await page.getByTestId(`sweep-cell-${ni}-${bytes}`).textContent());
  expect(await cell('NI2w', 256)).toBeGreaterThan(await cell('CNI16Q', 256));
  await expect(page.getByTestId('sweep-failures')).toHaveCount(0);
  // The filled panel (radios, progress, the table) has no serious accessibility violation.
  const axe = await new AxeBuilder({ page }).include('[data-testid="charts-view"]').analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);
});

test('Fig. 7 on the I/O bus leaves CNI16Qm out, and Cancel stops the sweep', async ({ page }) => {
  await page.goto('/#v1?b=cni-remote-pingpong&views=charts');
  await page.getByTestId('sweep-metric-bandwidth').check();
  await page.getByTestId('sweep-bus-io').check();
  await page.getByTestId('sweep-run').click();
  // Four NIs × ten sizes: the streams of large messages take seconds, so it is still running.
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('max', '40');
  await expect(page.getByTestId('sweep-cancel')).toBeEnabled();
  await page.getByTestId('sweep-cancel').click();
  await expect(page.getByTestId('sweep-status')).toContainText('Cancelled.');
  const done = Number(await page.getByTestId('sweep-progress').getAttribute('value'));
  expect(done).toBeLessThan(40);
  await expect(page.getByTestId('sweep-run')).toBeEnabled();
  await expect(page.getByTestId('sweep-curve-CNI16Qm')).toHaveCount(0);
  await expect(page.getByTestId('sweep-chart')).toContainText('Fig. 7b');
});
