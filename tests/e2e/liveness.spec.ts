import { expect, test } from '@playwright/test';
import { waitForCycle } from './helpers';

// A program that spins on a value nobody stores: the bus model's watchdog reports the stall.
const spinForEver = {
  version: 1,
  id: 'spin-for-ever',
  title: 'A spin nobody satisfies',
  system: { nodes: 2, protocol: 'MESI' },
  workload: {
    programs: [
      [{ op: 'store', addr: '0x40', value: 2 }],
      [
        { op: 'spin', addr: '0x40', until: 1 },
        { op: 'load', addr: '0x80' },
      ],
    ],
  },
  limits: { maxCycles: 600 },
  checks: { stallWatchdog: 200 },
};

test('a run that stops making progress says so: Play stops at the stall, and a notice stays', async ({
  page,
}) => {
  await page.goto('/');
  await waitForCycle(page, 0);
  await page.getByTestId('file-input').setInputFiles({
    name: 'spin.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(spinForEver)),
  });
  await expect(page.getByTestId('scenario-title')).toHaveText('A spin nobody satisfies');
  const notice = page.getByTestId('stall-notice');
  await expect(notice).toHaveCount(0);
  // P0's store retires at cycle 44, the last instruction to; 200 quiet cycles later the
  // watchdog reports (P1's polls, which see 2, retire nothing).
  await page.getByLabel('Playback speed in cycles per second').selectOption('200');
  await page.getByTestId('play').click();
  await waitForCycle(page, 244);
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('narration')).toContainText(
    '⚠ Stalled: no instruction has retired for 200 cycles',
  );
  await expect(notice).toContainText('Stalled since cycle 244');
  await expect(notice).toContainText('P1 spins at "spin until [0x40] = 1"');
  // Later cycles keep the notice; earlier ones do not have it yet.
  await page.keyboard.press('End');
  await waitForCycle(page, 600);
  await expect(notice).toBeVisible();
  await page.getByTestId('cycle-input').fill('200');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 200);
  await expect(notice).toHaveCount(0);
});
