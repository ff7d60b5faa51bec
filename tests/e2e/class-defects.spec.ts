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

test('a pasted link always wins over the address the app writes', async ({ page }) => {
  // Every address the app writes, in order.
  await page.addInitScript(() => {
    const written: string[] = [];
    (window as unknown as { written: string[] }).written = written;
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (data, unused, url) => {
        written.push(String(url));
        original(data, unused, url);
      };
    }
  });
  await page.goto('/#v1?b=write-invalidation&c=0');
  await page.getByTestId('lecture-next').click();
  await waitForCycle(page, 2);
  const pasted = '#v1?b=read-sharing&c=44&present=1';
  await page.evaluate(() => ((window as unknown as { written: string[] }).written.length = 0));
  await page.evaluate((hash) => (location.hash = hash), pasted);
  await expect(page.getByTestId('scenario-title')).toHaveText('Read sharing');
  await waitForCycle(page, 44);
  // Nothing written while the link was being opened named the old scenario.
  const written = await page.evaluate(() => (window as unknown as { written: string[] }).written);
  expect(written.filter((url) => url.includes('write-invalidation'))).toEqual([]);
  expect(new URL(page.url()).hash).toMatch(/^#v1\?b=read-sharing&c=44&.*present=1$/);
  // And a reload straight after a paste opens the pasted link.
  await page.evaluate(() => (location.hash = '#v1?b=ping-pong&c=10'));
  await page.reload();
  await expect(page.getByTestId('scenario-title')).toHaveText('Ping-pong');
  await waitForCycle(page, 10);
});

test('each scenario switch is a history entry; Back returns to the one before; the tab says which', async ({
  page,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=0');
  await expect(page).toHaveTitle('Write invalidation · NI Lab');
  // Cycles replace the entry.
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, 2);
  // The scenario menu switches: a new entry.
  await page.getByTestId('scenario-select').selectOption('dirty-sharing');
  await expect(page.getByTestId('scenario-title')).toHaveText(/Dirty sharing/);
  await expect(page).toHaveTitle(/^Dirty sharing.* · NI Lab$/);
  // The start page, then a lecture from it.
  await page.getByTestId('open-start').click();
  await expect(page).toHaveTitle('Lecture scenarios · NI Lab');
  await page.getByTestId('start-open-antipode').click();
  await expect(page.getByTestId('scenario-title')).toHaveText(/Path diversity at the antipode/);
  await expect(page).toHaveTitle(/antipode · NI Lab$/);
  // Back: the start page, then dirty sharing, then write invalidation at the cycle it was left at.
  await page.goBack();
  await expect(page.getByTestId('start-page')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('scenario-title')).toHaveText(/Dirty sharing/);
  await page.goBack();
  await expect(page.getByTestId('scenario-title')).toHaveText('Write invalidation');
  await waitForCycle(page, 2);
  await expect(page).toHaveTitle('Write invalidation · NI Lab');
  // Forward again.
  await page.goForward();
  await expect(page.getByTestId('scenario-title')).toHaveText(/Dirty sharing/);
});

test('predict, then see: the reveal shows the predicted state, and the card agrees with every panel', async ({
  page,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=150');
  await waitForCycle(page, 150);
  await page.getByTestId('predict-kind').selectOption('cacheState');
  await page.getByTestId('predict-now').click();
  await expect(page.getByTestId('predict-prompt')).toContainText("in P1's cache now (cycle 150)");
  await page.getByTestId('predict-option-M').check();
  await page.getByTestId('predict-check').click();
  await expect(page.getByTestId('predict-verdict')).toContainText('Right: M');
  await waitForCycle(page, 195);
  // P1 reached M and, in the same cycle, P0's read moved it on to O: the panel shows both.
  const p1 = page.getByTestId('line-P1-1-0');
  await expect(p1.locator('[data-state]')).toHaveAttribute('data-state', 'O');
  await expect(p1.getByTestId('line-passage')).toHaveText('this cycle: SM_D → M → O');
  const explanation = page.getByTestId('predict-explanation');
  await expect(explanation).toContainText('P1 holds it in M at cycle 195');
  await expect(explanation).toContainText('M × OtherRd → O');
  await expect(explanation).toContainText('SM_D → M → O');
});

test('words: one packet, one cycle per second, a write-back that completes', async ({ page }) => {
  await page.goto('/#v1?b=antipode&c=3');
  await waitForCycle(page, 3);
  await expect(page.getByTestId('panel-torus')).toContainText('1 packet in flight');
  await expect(
    page
      .getByLabel('Playback speed in cycles per second')
      .locator('option', { hasText: /^1 cycle\/s$/ }),
  ).toHaveCount(1);
  await page.goto('/#v1?b=evictions-writeback&c=196');
  await waitForCycle(page, 196);
  await expect(page.getByTestId('narration')).toContainText(
    "P0's write-back of 0x0 completes: memory holds the block and the bus is free",
  );
});

test('the invariants checked each cycle are named, and hold (or are off where a scenario says so)', async ({
  page,
}) => {
  await page.goto('/#v1?b=write-invalidation&c=120');
  await waitForCycle(page, 120);
  const status = page.getByTestId('invariants');
  await expect(status).toHaveAttribute('data-state', 'hold');
  await expect(status).toContainText('All 3 invariants hold');
  await status.locator('summary').click();
  const list = page.getByTestId('invariants-list');
  await expect(list).toContainText(
    'Checked as it runs: single writer · latest value · protocol table. All hold up to cycle 120.',
  );
  await expect(list.locator('li')).toHaveCount(3);
  await expect(list.locator('li').first()).toContainText('At most one cache may write a block');
  await page.goto('/#v1?b=antipode&c=40');
  await page.getByTestId('invariants').locator('summary').click();
  await expect(page.getByTestId('invariants-list')).toContainText(
    'packets conserved · frame capacity · right destination',
  );
  await page.goto('/#v1?b=antipode&set=checks.invariants%3Dfalse&c=5');
  await expect(page.getByTestId('invariants')).toHaveAttribute('data-state', 'off');
  await expect(page.getByTestId('invariants')).toContainText('Invariant checks off');
});

test('linked views: a selected cache line, queue slot or packet marks its log rows, and a log row selects its subject', async ({
  page,
}) => {
  const log = page.getByTestId('event-log');
  const linkedRows = log.locator('[data-testid="log-row"][data-linked="true"]');
  // A cache line: block 0x40.
  await page.goto('/#v1?b=write-invalidation&c=44');
  await waitForCycle(page, 44);
  await page.getByTestId('line-P0-1-0').click();
  await expect(page.getByTestId('log-linked')).toContainText('about block 0x40');
  await expect(linkedRows.first()).toBeVisible();
  await page.getByTestId('log-only-linked').check();
  const shown = await log.locator('[data-testid="log-row"]').count();
  expect(shown).toBeGreaterThan(3);
  await expect(linkedRows).toHaveCount(shown);
  await page.getByTestId('log-only-linked').uncheck();
  await page.getByRole('button', { name: 'Clear the selection' }).click();
  await expect(page.getByTestId('log-linked')).toHaveCount(0);
  // A log row selects its block in the caches.
  await log.locator('[data-testid="log-row"][data-cycle="44"]').first().click();
  await expect(page.getByTestId('line-P0-1-0')).toHaveAttribute('aria-selected', 'true');

  // A packet, both ways.
  await page.goto('/#v1?b=antipode&c=20');
  await waitForCycle(page, 20);
  const follow = page.locator('select.tv-follow');
  await follow.selectOption({ index: 1 });
  const packet = await follow.inputValue();
  await expect(page.getByTestId('log-linked')).toContainText(`about packet ${packet}`);
  await expect(linkedRows.first()).toContainText(`packet ${packet}`);
  await follow.selectOption('');
  await log.getByText(`packet ${packet} arrives at node 10`).click();
  await expect(follow).toHaveValue(packet);
  await expect(page.getByTestId('log-linked')).toContainText(`about packet ${packet}`);

  // A queue slot.
  await page.goto('/#v1?b=cni-local-queue&c=200');
  await waitForCycle(page, 200);
  await page.getByTestId('queue-slot-q-1').click();
  await expect(page.getByTestId('log-linked')).toContainText('about slot 1 of queue q on node 0');
  await expect(linkedRows.first()).toBeVisible();
  await expect(page.getByTestId('queue-slot-q-1')).toHaveClass(/qv-selected/);
});
