/**
 * The Cranium views in a real browser. F6: the destination page fills out of order, one
 * notification for the whole message, a page line's packet drawn on the torus with its whole path
 * after delivery (derouted hops drawn as such), a live packet followed from either side, and the
 * message timeline. F10: a queue entry's packet and path, the queue's byte pointers, overflow,
 * FREEZE and underflow in the view and the log. F9: error 2 and the user error queue read.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForCycle, waitForExplored } from './helpers';

test('F6: eight packets fill the page out of order, one notification, a line shows its path', async ({
  page,
}) => {
  await page.goto('/#v1?b=cranium-out-of-order&c=0');
  await expect(page.getByTestId('scenario-title')).toContainText('F6');
  await expect(page.getByTestId('cranium-view')).toBeVisible();
  // The receiving node is shown first, its page still empty.
  await expect(page.getByTestId('cranium-node-picker')).toHaveValue('19');
  await expect(page.getByTestId('cranium-page-written-1')).toHaveText('0 written');

  // Run to the end (its cycle depends on the traffic: read it off the time controls).
  await page.keyboard.press('End');
  // The run's end is known once it is explored (it is explored while shown).
  await waitForExplored(page);
  const last = Number((await page.getByTestId('cycle-of').textContent())?.replace(/\D/g, ''));
  await waitForCycle(page, last);
  await expect(page.getByTestId('narration')).toContainText(
    'the poll of receive channel 6 reads 0',
  );

  // All eight lines written; at least one out of order.
  await expect(page.getByTestId('cranium-page-written-1')).toHaveText('8 written');
  const lines = page.locator('[data-testid^="cranium-line-1-"]');
  for (let i = 0; i < 8; i++)
    await expect(page.getByTestId(`cranium-line-1-${i}`)).not.toHaveAttribute(
      'data-state',
      'empty',
    );
  await expect(page.getByTestId('cranium-page-1')).toContainText('Lines 8–255: not written');
  expect(await lines.and(page.locator('[data-state="out-of-order"]')).count()).toBeGreaterThan(0);
  await expect(page.getByTestId('cranium-remaining-recv-6')).toContainText('0 / 8');
  await expect(page.getByTestId('cranium-proc-status')).toHaveAttribute('data-status', 'done');

  // Exactly one notification: the channel reaches 0 once, and the processor's poll reads 0 once.
  const search = page.getByRole('searchbox', { name: 'Search the event log' });
  await search.fill('recv channel 6 reaches 0');
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await search.fill('poll of receive channel 6 reads 0');
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page.getByTestId('log-row')).toHaveAttribute('data-cycle', String(last));
  await search.fill('');
  await expect(page.getByTestId('gantt-total')).toHaveText(/^\d+ cycles$/);

  // Click a line that arrived out of order: its packet's card, and its path on the torus.
  const ooo = page.locator('[data-testid^="cranium-line-1-"][data-state="out-of-order"]').first();
  await ooo.getByRole('button').click();
  const card = page.getByTestId('cranium-packet-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('Node 0 → node 19');
  const path = page.getByTestId('cranium-packet-path');
  await expect(path).toContainText(/\d+ hops/);
  // Node 19 is 2 rows and 3 columns from node 0: at least 5 hops, more if derouted.
  const hops = Number(/(\d+) hops/.exec((await path.textContent()) ?? '')?.[1]);
  expect(hops).toBeGreaterThanOrEqual(5);
  // Delivered: the torus draws the whole path it took (a trail), from start to dest.
  const trail = page.locator('g.tv-path.tv-trail');
  await expect(trail).toHaveAttribute('data-hops', String(hops));
  expect(await trail.locator('line.tv-hop').count()).toBeGreaterThanOrEqual(hops);
  await expect(page.locator('.tv-mark', { hasText: 'dest.' })).toHaveCount(1);
  await expect(page.getByTestId('packet-trail')).toContainText('Delivered to node 19');

  // With the packet card and every table shown, still no serious accessibility violations.
  await page.getByTestId('cranium-view').getByLabel('Show as tables').check();
  await page.getByTestId('gantt-view').getByLabel('Show as table').check();
  await expect(page.getByTestId('cranium-page-table-1')).toBeVisible();
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
});

test('F6: a packet followed on the torus is the Cranium packet of the page and timeline', async ({
  page,
}) => {
  await page.goto('/#v1?b=cranium-out-of-order&c=0');
  await expect(page.getByTestId('cranium-view')).toBeVisible();
  await page.keyboard.press('End');
  // The run's end is known once it is explored (it is explored while shown).
  await waitForExplored(page);
  const last = Number((await page.getByTestId('cycle-of').textContent())?.replace(/\D/g, ''));
  await waitForCycle(page, last);
  // When was packet 5 (sequence 4) in the network? The timeline's table says.
  await page.getByTestId('gantt-view').getByLabel('Show as table').check();
  const row = page.getByTestId('gantt-table').getByRole('row', { name: /packet 5, seq 4/ });
  const network = await row.getByRole('cell').nth(2).textContent();
  const [, from, to] = /^(\d+)–(\d+)/.exec(network ?? '') ?? [];
  const inFlight = Math.floor((Number(from) + Number(to)) / 2);
  expect(inFlight).toBeGreaterThan(0);
  await page.getByTestId('cycle-input').fill(String(inFlight));
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, inFlight);

  // Select it from the timeline: the card says it is in flight, and the torus follows it.
  await row.getByRole('button', { name: 'packet 5, seq 4' }).click();
  const card = page.getByTestId('cranium-packet-card');
  await expect(card).toContainText('Packet 5: message 1, sequence 4');
  await expect(card).toContainText('In flight');
  const info = page.getByTestId('packet-info');
  await expect(info).toBeVisible();
  const netId = Number((await info.locator('strong').first().textContent())?.replace(/\D/g, ''));
  expect(netId).toBeGreaterThan(0);
  // The live path: drawn as the followed packet's, not a trail.
  await expect(page.locator('g.tv-path')).not.toHaveClass(/tv-trail/);
  await expect(page.locator('g.tv-path')).toHaveAttribute('data-hops', /^\d+$/);

  // Choosing it from the torus's list selects the same Cranium packet.
  await card.getByRole('button', { name: 'Clear' }).click();
  await expect(card).toHaveCount(0);
  await page.getByLabel('Follow packet').selectOption(String(netId));
  await expect(card).toContainText('Packet 5: message 1, sequence 4');

  // The timeline shows the message's stages, the network stage of some packet under way.
  await expect(page.getByTestId('gantt-row-network').locator('.gv-open')).not.toHaveCount(0);
  await expect(page.getByTestId('gantt-row-store').locator('.gv-bar')).toHaveAttribute(
    'data-cycles',
    '10',
  );
});

test('F10: a queue entry shows its packet and its path; overflow, FREEZE and underflow are in the view and the log', async ({
  page,
}) => {
  await page.goto('/#v1?b=cranium-queue-overflow&c=200');
  await expect(page.getByTestId('cranium-view')).toBeVisible();
  await waitForCycle(page, 200);
  await expect(page.getByTestId('cranium-node-picker')).toHaveValue('5');
  await expect(page.getByTestId('cranium-flow')).toHaveAttribute('data-flow', 'FREEZE');
  await expect(page.getByTestId('cranium-queue-status-user')).toHaveText('FULL');
  // Head and Tail are the same byte address: Start, since nothing has been read yet.
  const pointers = page.getByTestId('cranium-queue-pointers-user');
  const start = (await pointers.locator('dd').nth(0).textContent())!;
  await expect(pointers.locator('dd').nth(2)).toContainText(`${start} entry 0`);
  await expect(pointers.locator('dd').nth(3)).toContainText(`${start} entry 0`);

  // Click a queue entry: its packet's card, and its whole path on the torus.
  await page.getByTestId('cranium-entry-user-1').click();
  const card = page.getByTestId('cranium-packet-card');
  await expect(card).toContainText(/→ node 5/);
  const hops = Number(
    /(\d+) hops?\b/.exec((await page.getByTestId('cranium-packet-path').textContent()) ?? '')?.[1],
  );
  expect(hops).toBeGreaterThan(0);
  const trail = page.locator('g.tv-path.tv-trail');
  await expect(trail).toHaveAttribute('data-hops', String(hops));
  await expect(page.getByTestId('packet-trail')).toContainText('Delivered to node 5');

  // The errors are interrupts in the view and rows in the log.
  await expect(page.getByTestId('cranium-interrupts')).toContainText(
    'error 5: user queue overflow',
  );
  const search = page.getByRole('searchbox', { name: 'Search the event log' });
  await search.fill('error 5');
  // The log lists the whole run: both overflows, at cycles 80 and 503. Click the second.
  await expect(page.getByTestId('log-row')).toHaveCount(2);
  await expect(page.getByTestId('log-row').first()).toHaveAttribute('data-cycle', '80');
  await page.getByTestId('log-row').nth(1).click();
  await waitForCycle(page, 503);
  await expect(page.getByTestId('cranium-flow')).toHaveAttribute('data-flow', 'FREEZE');
  await search.fill('error 6');
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await page.getByTestId('log-row').click();
  await waitForCycle(page, 711);
  await expect(page.getByTestId('cranium-interrupts')).toContainText(
    'error 6: user queue underflow',
  );
});

test('F9: stray packets raise error 2 and the receiver reads them from its user error queue', async ({
  page,
}) => {
  await page.goto('/#v1?b=cranium-forgot-sync&c=243');
  await expect(page.getByTestId('cranium-view')).toBeVisible();
  await waitForCycle(page, 243);
  await expect(page.getByTestId('cranium-node-picker')).toHaveValue('1');
  const interrupts = page.getByTestId('cranium-interrupts');
  await expect(interrupts.locator('li', { hasText: 'error 2' })).toHaveCount(4);
  const search = page.getByRole('searchbox', { name: 'Search the event log' });
  await search.fill('error 2: packet for an inactive auto-receive channel');
  await expect(page.getByTestId('log-row')).toHaveCount(4);
  await search.fill('user-error-queue entry');
  await expect(page.getByTestId('log-row')).toHaveCount(4);
  // All four read: Head has come round to Tail, four 64-byte entries past Start.
  const pointers = page.getByTestId('cranium-queue-pointers-userError');
  const start = parseInt((await pointers.locator('dd').nth(0).textContent())!, 16);
  const at4 = `0x${(start + 4 * 64).toString(16)} entry 4`;
  await expect(pointers.locator('dd').nth(2)).toHaveText(at4);
  await expect(pointers.locator('dd').nth(3)).toHaveText(at4);
  await expect(page.getByTestId('cranium-queue-status-userError')).toHaveText('empty');
});

test('F6: a derouted packet’s path draws its deroutes as such', async ({ page }) => {
  await page.goto('/#v1?b=cranium-out-of-order&c=397');
  await expect(page.getByTestId('cranium-view')).toBeVisible();
  await waitForCycle(page, 397);
  // Packet 5 (sequence 4) is derouted twice on its way (seed 1's background traffic).
  await page.getByTestId('cranium-line-1-4').getByRole('button').click();
  await expect(page.getByTestId('cranium-packet-card')).toContainText('Packet 5');
  const trail = page.locator('g.tv-path.tv-trail');
  await expect(trail).toHaveAttribute('data-hops', '9');
  await expect(trail.locator('line.tv-hop.tv-deroute')).toHaveCount(2);
  await expect(page.getByTestId('cranium-packet-path')).toContainText(/2 deroute/);
  // Table 3.1's contrast: the same arrivals through an in-order reorder buffer finish later.
  const reorder = page.getByTestId('gantt-reorder');
  await expect(reorder).toContainText("after auto-receive's cycle");
  await expect(page.getByTestId('gantt-reorder-bubbles')).toHaveText(/^[1-9]\d* bubbles?$/);
  await expect(reorder.locator('.gv-slot-out')).toHaveCount(8);
});
