/**
 * FUGU in a real browser: a walk through fugu-mismatch-buffered — the mismatch at the NI, the
 * insert into the buffer, the process scheduled in buffered mode, back to DIRECT — screenshotting
 * each FUGU view (UDM NI, two-case delivery, virtual buffer pages, atomicity timeline, scheduler
 * grid, charts) at a lecture's 1440×900 and a projector's 1280×720; every FUGU view axe-clean; a
 * setting in the header carried by the share link.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForCycle } from './helpers';

const ALL = 'notes,udm,delivery,vbuffer,atomicity,sched,phases,log,stats,charts';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function shoot(page: Page, name: string, testId: string) {
  const view = page.getByTestId(testId);
  await view.scrollIntoViewIfNeeded();
  await expect(view).toBeVisible();
  await page.screenshot({ path: `test-results/fugu-${name}.png` });
}

for (const [w, h] of [
  [1440, 900],
  [1280, 720],
] as const) {
  test(`fugu-mismatch-buffered, step by step, every view (${w}×${h})`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`/#v1?b=fugu-mismatch-buffered&c=127&views=${ALL}`);
    await waitForCycle(page, 127);
    await expect(page.getByTestId('scenario-title')).toContainText('FUGU 3');
    // B runs on node 1; A's message arrives with the wrong GID: the mismatch row fires.
    await expect(page.getByTestId('fugu-current-gid')).toContainText('2 (B)');
    await expect(page.getByTestId('fugu-queue-head')).toContainText('A (GID 1)');
    await expect(page.getByTestId('fugu-rule-mismatch')).toHaveAttribute('data-fired', 'true');
    await expect(page.locator('[data-taken="true"]')).toContainText('Buffered path');
    await shoot(page, `udm-${w}`, 'fugu-udm-view');
    await shoot(page, `delivery-${w}`, 'fugu-delivery-view');

    // The first insert allocates a page: A goes BUFFERED.
    await page.getByTestId('cycle-input').fill('3288');
    await page.getByTestId('cycle-input').press('Enter');
    await waitForCycle(page, 3288);
    await expect(page.getByTestId('fugu-mode-1')).toContainText('BUFFERED');
    await shoot(page, `vbuffer-${w}`, 'fugu-vbuffer-view');

    // A is scheduled in buffered mode, drains its buffer and is DIRECT again.
    await page.getByTestId('cycle-input').fill('7879');
    await page.getByTestId('cycle-input').press('Enter');
    await waitForCycle(page, 7879);
    await expect(page.getByTestId('fugu-mode-1')).toContainText('DIRECT');
    await expect(page.getByTestId('fugu-divert')).toContainText('off');
    await shoot(page, `atomicity-${w}`, 'fugu-atomicity-view');
    await expect(page.getByTestId('fugu-atomicity-ledger')).toContainText(
      'Execute null handler from buffer',
    );
    await shoot(page, `sched-${w}`, 'fugu-sched-view');
    await shoot(page, `charts-${w}`, 'charts-view');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('every FUGU view is axe-clean with its table alternatives shown', async ({ page }) => {
  await page.goto(`/#v1?b=fugu-fast-path&c=192&views=${ALL}`);
  await waitForCycle(page, 192);
  for (const id of [
    'fugu-udm-table-toggle',
    'fugu-vbuffer-table-toggle',
    'fugu-atomicity-table-toggle',
    'fugu-sched-table-toggle',
  ])
    await page.getByTestId(id).check();
  await expect(page.getByTestId('fugu-udm-table')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the header’s atomicity switch reloads the run and the share link carries it', async ({
  page,
}) => {
  await page.goto('/#v1?b=fugu-fast-path&c=0');
  await page.getByTestId('fugu-atomicity-select').selectOption('hard');
  await expect(page.getByTestId('fugu-atomicity-select')).toHaveValue('hard');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('system.atomicity');
  const hash = await page.evaluate(() => location.hash);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('fugu-atomicity-select')).toHaveValue('hard');
});
