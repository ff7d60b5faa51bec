/**
 * The coherent-NI views in a real browser: a message through a local cachable queue (slot states,
 * tail then head), time travel back, the bus Gantt rows and their table, CNI4's device registers,
 * messages buffered by software flow control, and CNI16Qm's device cache.
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

test('E8: a blocked sender buffers messages in user memory, and the queue view counts them', async ({
  page,
}) => {
  await page.goto('/#v1?b=cni-bursts&views=queue,log');
  await waitForCycle(page, 0);
  // Go to the first message buffered by software flow control, from the event log.
  await page.getByRole('searchbox', { name: 'Search the event log' }).fill('in user memory');
  const row = page.getByTestId('log-row').first();
  const text = (await row.textContent())!;
  const node = /P@(\d+) buffers/.exec(text)?.[1] ?? '0';
  await row.click();
  await page.getByTestId('node-picker').selectOption(node);
  const buffered = page.getByTestId('app-buffered');
  await expect(buffered).toHaveAttribute('title', /Software flow control/);
  await expect(buffered.locator('dt')).toContainText('buffered in user memory');
  await expect
    .poll(async () => Number(await buffered.locator('dd').textContent()))
    .toBeGreaterThan(0);
});

test('E9: CNI16Qm’s device cache shows the receive-queue block and NI state of each frame', async ({
  page,
}) => {
  await page.goto('/#v1?b=cni-overflow-snarfing&c=1500&views=queue');
  await waitForCycle(page, 1500);
  const cache = page.getByTestId('device-cache');
  await expect(cache.locator('li')).toHaveCount(16);
  // Direct mapped: frame i holds a block whose index in the queue is i modulo 16.
  const frame0 = page.getByTestId('device-frame-0');
  await expect(frame0).toContainText('rq[0].0');
  await expect(frame0).toHaveAttribute('data-state', /^[MOESI]/);
  await expect(frame0).toHaveAttribute('aria-label', /frame 0: rq\[0\]\.0 \(slot 0\), NI state/);
  // A queue without a memory home has no device cache to show.
  await page.goto('/#v1?b=cni-remote-pingpong&c=900&views=queue');
  await waitForCycle(page, 900);
  await expect(page.getByTestId('queue-slot-sq-0')).toBeVisible();
  await expect(page.getByTestId('device-cache')).toHaveCount(0);
});

test('Buses: "Show as table" lists the bars; a narrow bar carries its kind’s pattern', async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await page.goto('/#v1?b=cni-virtual-polling&c=400&views=buses');
  await waitForCycle(page, 400);
  const row = page.getByTestId('bus-row-0');
  const bars = row.locator('[data-testid^="bus-txn-"]');
  await expect(row.getByTestId('bus-table')).toHaveCount(0);
  await page.getByLabel('Show as table').check();
  const table = row.getByTestId('bus-table');
  await expect(table.locator('tbody tr')).toHaveCount(await bars.count());
  await expect(table.locator('tbody tr').first()).toContainText('UCR8');
  // At this width an INV bar is too narrow for its name: no text, its pattern instead.
  const inv = row.locator('[data-kind="INV"]').first();
  await expect(inv.locator('text')).toHaveCount(0);
  await expect(inv.locator('rect.bv-pattern')).toHaveAttribute('fill', /url\(#.*-txn-INV\)/);
  // A row of the table goes to its transaction's cycle.
  const go = table.locator('tbody tr').first().getByRole('button');
  const granted = Number((await go.textContent())!.split('–')[0]);
  await go.click();
  await waitForCycle(page, granted);
});
