/**
 * FLASH in a real browser: a walk through flash-4kb-anatomy, each of its panels drawn and looked
 * at (screenshots at a desk's 1440×900 and a projector's 1280×720 go to test-results/flash/), the
 * table alternatives, the statistics in µs and MB/s, and axe over every FLASH panel.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForCycle } from './helpers';

const SHOTS = 'test-results/flash';

test('flash-4kb-anatomy: MAGIC, the handler timeline, the transfer and the records, step by step', async ({
  page,
}) => {
  for (const [w, h] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/#v1?b=flash-4kb-anatomy&c=445');
    await expect(page.getByTestId('scenario-title')).toContainText('FLASH 3');
    await waitForCycle(page, 445);
    await expect(page.getByTestId('magic-view')).toBeVisible();
    await expect(page.getByTestId('magic-svg')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/anatomy-445-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // The sender's PP in the middle of a chunk: the handler and its step are named.
  await page.goto('/#v1?b=flash-4kb-anatomy&c=459');
  await waitForCycle(page, 459);
  await expect(page.getByTestId('magic-svg')).toHaveAttribute('aria-label', /the PP runs Transfer/);
  await expect(page.getByTestId('handler-chart')).toContainText('read issued at PP cycle 18');
  await page.screenshot({ path: `${SHOTS}/anatomy-459-handler.png`, fullPage: true });

  // The end: 15.6 µs, the receiver's buffer full, Table 1 in the statistics.
  await page.keyboard.press('End');
  await waitForCycle(page, 1765);
  await expect(page.getByTestId('transfer-pipeline-0')).toHaveAttribute(
    'aria-label',
    /32 of 32 lines received/,
  );
  await expect(page.getByTestId('per-line-chart')).toBeVisible();
  await expect(page.getByTestId('stats-flash-transfer-0')).toContainText('15.64');
  await expect(page.getByTestId('stats-flash-transfer-0')).toContainText(
    '41 / 116 / 24 / 45 / 58 = 284',
  );
  await expect(page.getByTestId('bottleneck-bar')).toContainText('the bottleneck');
  await page.screenshot({ path: `${SHOTS}/anatomy-end.png`, fullPage: true });

  // Every picture has its table.
  await page.getByTestId('magic-table-toggle').check();
  await expect(page.getByTestId('magic-table')).toContainText('software queue');
  await page.getByTestId('transfer-table-toggle').check();
  await expect(page.getByTestId('chunk-table')).toContainText('43');
  await page.getByTestId('handler-table-toggle').check();
  await expect(page.getByTestId('handler-table')).toBeVisible();
});

test('flash-remap: the records panel shows the hash table, hold-off and the directory', async ({
  page,
}) => {
  await page.goto('/#v1?b=flash-remap&c=365&views=notes,records,magic,log');
  await waitForCycle(page, 365);
  await expect(page.getByTestId('records-view')).toBeVisible();
  await expect(page.getByTestId('hash-table')).toContainText('transfer 0');
  await expect(page.getByTestId('hold-off')).toContainText('hold-off count 0');
  await page.screenshot({ path: `${SHOTS}/remap-records.png`, fullPage: true });
});

test('flash-dirty-sender: the stall is marked, the directory shows dirty lines', async ({
  page,
}) => {
  await page.goto('/#v1?b=flash-dirty-sender&c=700&views=notes,handler,records,stats');
  await waitForCycle(page, 700);
  await expect(page.getByTestId('handler-chart')).toContainText('get at 17');
  await expect(page.getByTestId('handler-chart')).toContainText('stall at 32');
  await expect(page.getByTestId('directory-grid')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dirty-handler.png`, fullPage: true });
});

test('axe finds nothing on the FLASH panels', async ({ page }) => {
  await page.goto(
    '/#v1?b=flash-4kb-anatomy&c=600&views=notes,magic,handler,transfer,records,phases,log,stats',
  );
  await waitForCycle(page, 600);
  for (const id of ['magic-view', 'handler-view', 'transfer-view', 'records-view'])
    await expect(page.getByTestId(id)).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
});
