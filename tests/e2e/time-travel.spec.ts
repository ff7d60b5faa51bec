import { expect, test } from '@playwright/test';
import { lineStates, pause, waitForCycle } from './helpers';

test('step forward 5 and back 2: cache states change and change back', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('scenario-title')).toHaveText('Write invalidation');
  await waitForCycle(page, 0);
  // Jump as a student would: type a cycle and press Enter.
  await page.getByTestId('cycle-input').fill('40');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 40);
  const at40 = await lineStates(page);
  expect(at40['line-P0-1-0']).toBe('IS_D');

  for (let i = 0; i < 5; i++) await page.getByTestId('step-forward').click();
  await waitForCycle(page, 45);
  const at45 = await lineStates(page);
  // At 44 P0's load completed (IS_D→E) and, in the same cycle, P1's RD was granted and snooped
  // P0's copy E→S.
  expect(at45['line-P0-1-0']).toBe('S');
  expect(at45['line-P1-1-0']).toBe('IS_D');

  for (let i = 0; i < 2; i++) await page.getByTestId('step-back').click();
  await waitForCycle(page, 43);
  expect(await lineStates(page)).toEqual(at40);
});

test('keyboard: arrows step, Shift+arrows jump between events, ? opens help', async ({ page }) => {
  await page.goto('/');
  await waitForCycle(page, 0);
  await page.keyboard.press('ArrowRight');
  await waitForCycle(page, 1);
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 2);
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 44);
  await page.keyboard.press('ArrowLeft');
  await waitForCycle(page, 43);
  await page.keyboard.press('Shift+ArrowLeft');
  await waitForCycle(page, 2);
  await expect(page.getByTestId('narration')).toContainText('wins the bus');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('play runs forward and pause stops', async ({ page }) => {
  await page.goto('/#v1?b=write-invalidation&c=0');
  await waitForCycle(page, 0);
  await page.getByTestId('play').click();
  await expect
    .poll(async () => Number(await page.getByTestId('cycle-input').inputValue()))
    .toBeGreaterThan(3);
  const stopped = await pause(page);
  await page.waitForTimeout(400);
  expect(Number(await page.getByTestId('cycle-input').inputValue())).toBe(stopped);
});
