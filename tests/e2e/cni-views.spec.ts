/**
 * The coherent-NI views in a real browser: a message through a local cachable queue (slot states,
 * tail then head), time travel back, the bus Gantt rows, and CNI4's device registers.
 */
import { expect, test } from '@playwright/test';
import { waitForCycle } from './helpers';

test('local queue: the first message changes slot 0, then tail and head move to 1', async ({
  page,
}) => {
  await page.goto('/#v1?b=cni-local-queue&c=150');
  await waitForCycle(page, 150);
  const slot = page.getByTestId('queue-slot-q-0');
  const tail = page.getByTestId('queue-tail-q');
  const head = page.getByTestId('queue-head-q');
  // P1 has polled the empty slot once: it holds the block exclusively, nobody wrote a message.
  await expect(slot).toHaveAttribute('data-states', 'P:I P1:E');
  await expect(slot).toHaveAttribute('data-msg', '-1');
  await expect(tail).toHaveAttribute('data-value', '0');
  await expect(head).toHaveAttribute('data-value', '0');
  await expect(page.getByTestId('queue-shadow-q')).toHaveAttribute('data-value', '0');

  // The send: P's store misses, its RDX takes the block and invalidates P1's copy.
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 151);
  await expect(page.getByTestId('narration')).toContainText('P store q[0].0 misses');
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 152);
  await expect(slot).toHaveAttribute('data-states', 'P:IM_D P1:I');

  // P1's poll misses; the RD makes P the owner (M→O) and brings message 0 to P1.
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 153);
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 194);
  await expect(slot).toHaveAttribute('data-states', /^P:O /);
  await expect(slot).toHaveAttribute('data-msg', '0');

  // The sender advances tail first: the slot now holds a message not yet taken.
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 200);
  await expect(tail).toHaveAttribute('data-value', '1');
  await expect(head).toHaveAttribute('data-value', '0');
  await expect(slot).toHaveAttribute('data-occupied', 'true');
  await expect(page.getByTestId('queue-occupancy-q')).toHaveText('1 of 8 slots hold messages');

  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 236);
  await expect(slot).toHaveAttribute('data-states', 'P:O P1:S');

  // The receive completes: P1 advances head; the queue is empty again.
  await page.keyboard.press('Shift+ArrowRight');
  await waitForCycle(page, 243);
  await expect(head).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('queue-occupancy-q')).toHaveText('empty');
  await expect(page.getByTestId('log-row').filter({ hasText: 'q.head = 1' })).toHaveCount(1);

  // One cycle back, head is 0 again (and forward it is 1).
  await page.keyboard.press('ArrowLeft');
  await waitForCycle(page, 242);
  await expect(head).toHaveAttribute('data-value', '0');
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, 243);
  await expect(head).toHaveAttribute('data-value', '1');
});

test('remote ping-pong: each bus is a Gantt row of bars; a bar tells why and goes to its cycle', async ({
  page,
}) => {
  await page.goto('/#v1?b=cni-remote-pingpong&c=300');
  await waitForCycle(page, 300);
  await expect(page.getByTestId('buses-view')).toBeVisible();
  const row0 = page.getByTestId('bus-row-0');
  const bars = row0.locator('[data-testid^="bus-txn-"]');
  expect(await bars.count()).toBeGreaterThanOrEqual(4);
  await expect(row0.locator('[data-kind="RDX"]')).not.toHaveCount(0);
  await expect(page.getByTestId('bus-row-1').locator('[data-testid^="bus-txn-"]')).not.toHaveCount(
    0,
  );

  const first = bars.first();
  await first.focus();
  await expect(page.getByTestId('bus-why-0')).toContainText('write block 1 of message 0');
  await page.keyboard.press('Enter');
  await waitForCycle(page, 102);

  // Both queues of node 0 are drawn, and the picker switches to node 1's.
  await expect(page.getByTestId('queue-slot-sq-0')).toBeVisible();
  await expect(page.getByTestId('queue-slot-rq-3')).toBeVisible();
  await page.getByTestId('node-picker').selectOption('1');
  await expect(page.getByTestId('queue-slot-rq-0')).toHaveAttribute('data-states', 'P:S NI:S');
});

test('CNI4: the device registers, status bits and the handshake step', async ({ page }) => {
  await page.goto('/#v1?b=cni-remote-pingpong&set=system.ni=CNI4&c=900&views=cdr,buses');
  await waitForCycle(page, 900);
  const view = page.getByTestId('cdr-view');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('cdr-tx').locator('tbody tr')).toHaveCount(4);
  await expect(view.getByTestId('cdr-rx').locator('tbody tr')).toHaveCount(4);
  await expect(view.getByTestId('cdr-handshake').locator('[aria-current="step"]')).toContainText(
    'CLEAN',
  );
  await expect(view.getByTestId('status-register')).toContainText('txFree');
});
