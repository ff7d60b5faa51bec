/**
 * What a lecturer met in front of a class (issue 20), each as the test that would have caught it:
 * compare with a followed packet, a panel that fails, a pasted link, the history and the tab's
 * title.
 */
import { expect, test } from '@playwright/test';
import { currentCycle, waitForCycle } from './helpers';

test('compare with a followed packet keeps running past the delivery (no update loop)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/#v1?b=antipode&c=20');
  await waitForCycle(page, 20);
  await page.locator('select.tv-follow').selectOption('1');
  await page.getByTestId('compare').click();
  await page.getByTestId('compare-open').click();
  await expect(page.getByTestId('compare-B-torus')).toBeVisible();
  // Packet 1 is delivered at cycle 32: step over it, jump past it, play past it.
  for (let i = 0; i < 14; i++) await page.getByTestId('step-forward').click();
  await waitForCycle(page, 34);
  await page.getByTestId('cycle-input').fill('60');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 60);
  await page.getByTestId('play').click();
  await expect.poll(() => currentCycle(page)).toBeGreaterThan(70);
  await page.getByTestId('play').click();
  await expect(page.getByTestId('compare-A-torus')).toBeVisible();
  await expect(page.getByTestId('packet-info').first()).toContainText('Delivered');
  expect(errors).toEqual([]);
});

test('a panel that fails shows a coded message in its place; the rest of the app works', async ({
  page,
}) => {
  // Numbers cannot be formatted for reading: the event log (which counts its rows so) fails.
  await page.addInitScript(() => {
    Number.prototype.toLocaleString = () => {
      throw new Error('no number format here');
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/#v1?b=antipode&c=20&views=torus,router,log');
  await waitForCycle(page, 20);
  const failed = page.getByTestId('panel-log').getByTestId('panel-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('APP001');
  await expect(failed).toContainText('no number format here');
  // The other panels draw, and the time controls still move them.
  await expect(page.getByTestId('torus-view')).toBeVisible();
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, 21);
  await expect(page.getByTestId('narration')).toContainText('Cycle 21');
  await expect(page.getByTestId('panel-failed')).toHaveCount(1);
  expect(errors).toEqual([]);
});
