/**
 * The message bench in the app (issue 18): "Compare the NIs" from the start page, the bench
 * running in the worker with its progress, the provenance, clock and software switches, a bar
 * opening its run in its own model's views (Back returns), the CSV export, axe, and screenshots
 * at 1440×900 and 1280×720 (test-results/bench-*.png); each model's own network, the common pipe,
 * and the common torus with CNI, EDT and FUGU on it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const SHOTS = 'test-results';

/** Waits for the bench's sweep to finish (its status says Done.). */
async function benchDone(page: Page): Promise<void> {
  await expect(page.getByTestId('sweep-status')).toContainText('Done.', { timeout: 90_000 });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('opens "Compare the NIs" from the start page, switches it, exports it and opens a run', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#start');
  await expect(page.getByTestId('start-topic-bench')).toBeVisible();
  await page.getByTestId('start-card-bench-small-messages').getByRole('link').first().click();
  await expect(page.getByTestId('race-view')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('bench-view')).toBeVisible();
  // The bench runs in the worker: the progress moves before the chart is whole.
  await expect(page.getByTestId('sweep-status')).toContainText('Running…');
  await benchDone(page);
  const markers = page.getByTestId('bench-latency-chart').locator('path.sc-marker');
  await expect(markers).not.toHaveCount(0);
  // Points that rest on defaults are hatched, and the notes say why.
  await expect(
    page.locator('[data-testid="bench-latency-chart"] path[data-hatched]'),
  ).not.toHaveCount(0);
  await expect(page.getByTestId('bench-notes')).toContainText('the seed');
  await page.screenshot({ path: `${SHOTS}/bench-1440.png` });
  await page.getByTestId('bench-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/bench-1440-chart.png` });

  // A common clock hides the papers' marks; the published clock shows them.
  await expect(page.locator('[data-testid^="bench-latency-paper-"]')).toHaveCount(0);
  await page.getByTestId('bench-clock-published').check();
  await benchDone(page);
  await expect(page.getByTestId('bench-clock-published')).toBeChecked();
  await expect(page.locator('[data-testid^="bench-latency-paper-"]')).not.toHaveCount(0);
  // The link carries the setting.
  await expect.poll(() => decodeURIComponent(page.url())).toContain('system.clock');

  // Provenance: the chart shows the prepared points.
  await page.getByTestId('bench-provenance-prepared-clean').check();
  await benchDone(page);
  await expect(page.getByTestId('bench-latency-chart')).toContainText('prepared, clean');

  // Without the software slices EDT's bar loses its NI software.
  await expect(page.locator('[data-testid="bench-bar-EDT"] .bn-seg-ni-sw')).toHaveCount(1);
  // Pressed again if the previous switch's reload lands after it (the box follows the loaded run).
  await expect(() => page.getByTestId('bench-software').uncheck({ timeout: 5000 })).toPass({
    timeout: 60_000,
  });
  await benchDone(page);
  await expect(page.getByTestId('bench-anatomy')).toBeVisible();
  await expect(page.locator('[data-testid="bench-bar-EDT"] .bn-seg-ni-sw')).toHaveCount(0);
  await expect(page.locator('[data-testid="bench-bar-EDT"] .bn-seg-bus')).toHaveCount(1);

  // The points as CSV, from the panel's Export menu.
  await page.getByTestId('export-charts').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-sweep-csv').click(),
  ]);
  const csv = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toContain('latencyNs');
  expect(lines.length).toBe(1 + 12 * 5 * 2);
  await page.keyboard.press('Escape');

  expect(await seriousViolations(page)).toEqual([]);

  // A bar opens its run in its own model's views at the moment the message arrives; Back returns.
  const bar = page.getByTestId('bench-bar-FLASH');
  const cycle = await bar.getAttribute('data-open-cycle');
  await bar.click();
  await expect(page.getByTestId('cycle-input')).toHaveValue(cycle!, { timeout: 30_000 });
  await expect(page.getByTestId('panel-magic')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/bench-opened-flash.png` });
  await page.goBack();
  await expect(page.getByTestId('bench-view')).toBeVisible({ timeout: 30_000 });
  await benchDone(page);

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('bench-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/bench-1280.png` });
});

test('switches the bench to a common network and the chart follows, saying which ran', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const nis = encodeURIComponent('system.nis=["Cranium","FLASH","FUGU"]');
  const sizes = encodeURIComponent('system.sizes=[64,256]');
  await page.goto(`/#v1?b=bench-large-messages&set=${nis}&set=${sizes}`);
  await expect(page.getByTestId('bench-view')).toBeVisible({ timeout: 30_000 });
  await benchDone(page);
  await expect(page.getByTestId('bench-network-own')).toBeChecked();
  await expect(page.getByTestId('bench-network-note')).toContainText("each model's own network");
  const latencyOf = async (variant: string) =>
    (await page.getByTestId(`bench-bar-${variant}`).textContent()) ?? '';
  const ownFlash = await latencyOf('FLASH');

  // The common pipe: FLASH's point moves, Cranium cannot run on a pipe and says so.
  // A radio shows the loaded setting: it is checked once the bench has reloaded with it.
  await page.getByTestId('bench-network-pipe').click();
  await expect(page.getByTestId('bench-network-pipe')).toBeChecked({ timeout: 60_000 });
  await benchDone(page);
  await expect(page.getByTestId('bench-network-note')).toContainText('a common pipe of 500 ns');
  await expect(page.getByTestId('bench-latency-chart')).toContainText('common pipe');
  await expect.poll(() => latencyOf('FLASH')).not.toBe(ownFlash);
  await expect(page.getByTestId('bench-notes')).toContainText('cannot run on a pipe');
  await expect.poll(() => decodeURIComponent(page.url())).toContain('system.network=pipe');

  // The torus at 1 hop, then 8: Cranium's message takes longer over 8.
  await page.getByTestId('bench-network-torus-1').click();
  await expect(page.getByTestId('bench-network-torus-1')).toBeChecked({ timeout: 60_000 });
  await benchDone(page);
  const near = await page.getByTestId('bench-bar-Cranium').getAttribute('data-latency');
  await page.getByTestId('bench-network-torus-8').click();
  await expect(page.getByTestId('bench-network-torus-8')).toBeChecked({ timeout: 60_000 });
  await benchDone(page);
  await expect(page.getByTestId('bench-network-note')).toContainText('8 hops');
  await expect
    .poll(async () =>
      Number(await page.getByTestId('bench-bar-Cranium').getAttribute('data-latency')),
    )
    .toBeGreaterThan(Number(near));
  await expect(page.getByTestId('bench-timing')).toContainText('slowest model');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/bench-network-1440.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('bench-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/bench-network-1280.png` });
});

test('puts CNI, EDT and FUGU on the common torus: their points, hatched, farther at 8 hops', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const nis = encodeURIComponent('system.nis=["CNI16Q","EDT","FUGU","Cranium"]');
  const sizes = encodeURIComponent('system.sizes=[64,256]');
  const torus = encodeURIComponent('system.network=torus');
  const hops = encodeURIComponent('system.hops=1');
  await page.goto(`/#v1?b=bench-large-messages&set=${nis}&set=${sizes}&set=${torus}&set=${hops}`);
  await expect(page.getByTestId('bench-view')).toBeVisible({ timeout: 30_000 });
  await benchDone(page);
  await expect(page.getByTestId('bench-network-torus-1')).toBeChecked();
  const latencyOf = async (variant: string) =>
    Number(await page.getByTestId(`bench-bar-${variant}`).getAttribute('data-latency'));
  const near: Record<string, number> = {};
  for (const variant of ['CNI16Q', 'EDT', 'FUGU']) {
    near[variant] = await latencyOf(variant);
    expect(near[variant], `${variant} has a point on the torus`).toBeGreaterThan(0);
  }
  // Each rests on the bench's mapping onto Cranium's packets: hatched, and the notes say so.
  await expect(page.getByTestId('bench-notes')).not.toContainText('cannot run');
  await expect(page.getByTestId('bench-notes')).toContainText("Cranium's 44-B packets");
  await expect(
    page.locator('[data-testid="bench-latency-chart"] path[data-hatched]'),
  ).not.toHaveCount(0);

  await page.getByTestId('bench-network-torus-8').click();
  await expect(page.getByTestId('bench-network-torus-8')).toBeChecked({ timeout: 60_000 });
  await benchDone(page);
  for (const variant of ['CNI16Q', 'EDT', 'FUGU'])
    await expect.poll(() => latencyOf(variant)).toBeGreaterThan(near[variant]!);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('bench-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/bench-torus-1440.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('bench-view').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/bench-torus-1280.png` });

  // A bar opens its run, on the torus, in its own model's views.
  const bar = page.getByTestId('bench-bar-CNI16Q');
  const cycle = await bar.getAttribute('data-open-cycle');
  await bar.click();
  await expect(page.getByTestId('cycle-input')).toHaveValue(cycle!, { timeout: 30_000 });
  await expect(page.getByText('on the common torus, 8 hops apart').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/bench-torus-opened-cni.png` });
});
