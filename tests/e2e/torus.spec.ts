import { expect, test } from '@playwright/test';
import { currentCycle, pause, waitForCycle } from './helpers';

test('F4: run to the deroute, follow the derouted packet and see its derouted hop marked', async ({
  page,
}) => {
  await page.goto('/#v1?b=deroute&c=0');
  await expect(page.getByTestId('scenario-title')).toHaveText(
    'F4 · Multi-queue full: a random deroute',
  );
  await expect(page.getByTestId('torus-view')).toBeVisible();
  // Run to the deroute as a student would, event by event (81 cycles with events come first).
  for (let i = 0; i < 150 && (await currentCycle(page)) < 112; i++) {
    const before = await currentCycle(page);
    await page.getByTestId('next-event').click();
    await expect.poll(() => currentCycle(page)).toBeGreaterThan(before);
  }
  await waitForCycle(page, 112);
  await expect(page.getByTestId('narration')).toContainText('DEROUTED');
  await expect(page.getByTestId('router-view')).toContainText('random victim');

  // Click the packet's head, as a student would (the drawing is a line, not a filled box).
  await page.getByTestId('packet-11').locator('circle').first().click();
  const info = page.getByTestId('packet-info');
  await expect(info).toContainText('Packet 11');
  await expect(info).toContainText('1 derouted');
  // The path is listed router by router, the derouted hop marked in words.
  const path = info.getByTestId('packet-path');
  await expect(path.locator('li.tv-path-deroute')).toHaveCount(1);
  await expect(path.locator('li.tv-path-deroute')).toContainText('derouted');
  // The path is drawn with the derouted hop dashed and labelled.
  // (A horizontal SVG line has a zero-height box, so check that it exists, and that its label shows.)
  await expect(page.locator('line.tv-deroute')).not.toHaveCount(0);
  await expect(page.locator('.tv-deroute-label').first()).toBeVisible();
  await expect(page.locator('.tv-deroute-label').first()).toHaveText('deroute');

  // Stepping on keeps following it: at 242 it leaves router 35's multi-queue eastwards.
  await page.getByTestId('cycle-input').fill('242');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 242);
  await expect(info).toContainText('1 derouted');

  // Delivered, its path stays listed (from the event log) and drawn.
  await page.getByRole('button', { name: 'Go to the last cycle' }).click();
  await expect(info.getByTestId('packet-trail')).toContainText('Delivered to node 37');
  await expect(info.getByTestId('packet-path').locator('li.tv-path-deroute')).toHaveCount(1);
  await expect(page.locator('line.tv-deroute')).not.toHaveCount(0);
});

test('packet numbers never run together, and zooming in brings out the crowded ones', async ({
  page,
}) => {
  await page.goto('/#v1?b=deroute&c=166');
  await waitForCycle(page, 166);
  // The ids as drawn, in screen pixels (a hidden one has no box).
  const shown = () =>
    page.locator('.tv-plabel').evaluateAll((els) =>
      els
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width > 0)
        .map((r) => ({ x0: r.left, y0: r.top, x1: r.right, y1: r.bottom })),
    );
  type Box = Awaited<ReturnType<typeof shown>>[number];
  const touching = (boxes: Box[]) =>
    boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter((b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1)
        .map((b) => [a, b]),
    );
  // At fit the torus ends above the window's bottom; ids too small to read are not drawn at all.
  const atFit = await shown();
  expect(touching(atFit)).toEqual([]);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await shown()).length).toBeGreaterThan(Math.max(atFit.length, 10));
  expect(touching(await shown())).toEqual([]);
});

test('a mesh is drawn and named as a mesh, with no wrap-around stubs', async ({ page }) => {
  await page.goto('/#v1?b=one-packet&set=system.topology%3Dmesh&c=10');
  await expect(page.getByTestId('torus-kind')).toHaveText('4×4 mesh');
  await expect(page.getByRole('group', { name: /^Mesh of 4 by 4 routers/ })).toBeVisible();
  await expect(page.getByText('edge stubs wrap round')).toHaveCount(0);
});

test('F1: one packet crosses the idle 4×4 torus in 4·(j+1) + L cycles', async ({ page }) => {
  await page.goto('/#v1?b=one-packet&c=0');
  await expect(page.getByTestId('scenario-title')).toHaveText('F1 · One packet across a 4×4 torus');
  await page.keyboard.press('End');
  await waitForCycle(page, 28);
  await expect(page.getByTestId('narration')).toContainText(
    '27 cycles in the network, 3 hops, 0 derouted',
  );
  await expect(page.getByTestId('stats-network')).toContainText('delivered');
});

test('dimension-order without a dateline deadlocks and names the cycle; with the dateline it flows', async ({
  page,
}) => {
  await page.goto('/#v1?b=dor-deadlock&c=0');
  await expect(page.getByTestId('router-select')).toHaveValue('dor-no-dateline');
  await page.getByRole('button', { name: /Deadlock/ }).click();
  await waitForCycle(page, 296);
  await expect(page.getByTestId('narration')).toContainText(
    'DEADLOCK: packet 18 at router 13 waits for S',
  );
  // A banner that stays, and the ring of waiting packets ringed on the torus.
  const banner = page.getByTestId('stall-banner');
  await expect(banner).toContainText('Deadlock since cycle 296');
  await expect(banner).toContainText(
    'packet 19 at router 1 holds frame in N and waits for output S',
  );
  const highlight = page.getByTestId('stall-highlight');
  await expect(highlight).toHaveAttribute('data-packets', '18 19 29 38');
  await expect(highlight.locator('rect.tv-stall-router')).toHaveCount(4);
  await expect(highlight.locator('path.tv-stall-packet')).toHaveCount(4);
  await expect(highlight.locator('line.tv-stall-link')).not.toHaveCount(0);
  await page.getByTestId('cycle-input').fill('400');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 400);
  await expect(banner).toContainText('Deadlock since cycle 296');
  // Before the watchdog fires there is no banner; Play stops at the deadlock.
  await page.getByTestId('cycle-input').fill('280');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 280);
  await expect(banner).toHaveCount(0);
  await page.getByTestId('play').click();
  await waitForCycle(page, 296);
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  await expect(banner).toBeVisible();
  // Same seed and traffic, with the dateline: the network keeps moving at that cycle.
  await page.getByTestId('router-select').selectOption('dor');
  await expect(page.getByTestId('router-select')).toHaveValue('dor');
  await waitForCycle(page, 296);
  await expect(page.getByTestId('narration')).not.toContainText('DEADLOCK');
  await expect(page.getByTestId('router-view')).toContainText('Dateline channel');
});

test('a load sweep runs in the worker and overlays the routers: chaos accepts more past saturation', async ({
  page,
}) => {
  await page.goto('/#v1?b=chaos-vs-dor&c=0');
  await expect(page.getByTestId('charts-view')).toBeVisible();
  await page.getByTestId('sweep-from').fill('0.2');
  await page.getByTestId('sweep-to').fill('0.6');
  await page.getByTestId('sweep-step').fill('0.2');
  await page.getByTestId('sweep-cycles').fill('800');
  await page.getByTestId('sweep-warmup').fill('200');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute(
    'aria-valuetext',
    '6 of 6 points',
    { timeout: 30_000 },
  );
  for (const router of ['chaos', 'dor']) {
    await expect(page.getByTestId(`latency-line-${router}`)).toHaveCount(1);
    await expect(page.getByTestId(`accepted-line-${router}`)).toHaveCount(1);
  }
  // The text alternative holds the numbers: at offered 0.6 chaos accepts more than dimension-order.
  const table = page.getByTestId('sweep-table').locator('tbody tr');
  await expect(table).toHaveCount(6);
  const acceptedAt = async (router: string, offered: string) => {
    const row = table
      .filter({ has: page.locator('th', { hasText: new RegExp(`^${router}$`) }) })
      .filter({
        has: page.locator('td', { hasText: new RegExp(`^${offered}$`) }),
      });
    return Number(await row.locator('td').nth(1).textContent());
  };
  expect(await acceptedAt('chaos', '0.60')).toBeGreaterThan(
    await acceptedAt('dimension-order', '0.60'),
  );
});

test('a router load sweep can be cancelled, and stops', async ({ page }) => {
  await page.goto('/#v1?b=chaos-vs-dor&c=0');
  await page.getByTestId('sweep-from').fill('0.05');
  await page.getByTestId('sweep-to').fill('1');
  await page.getByTestId('sweep-step').fill('0.05');
  await page.getByTestId('sweep-cycles').fill('5000');
  await page.getByTestId('sweep-warmup').fill('200');
  await page.getByTestId('sweep-run').click();
  await expect(page.getByTestId('sweep-status')).toContainText('Running…');
  await page.getByTestId('sweep-cancel').click();
  const status = page.getByTestId('sweep-status');
  await expect(status).toContainText('Cancelled.');
  const [done = -1, total = -1] = ((await status.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(done).toBeGreaterThanOrEqual(0);
  expect(done).toBeLessThan(total);
  // Stopped: no point arrives after the cancel.
  await page.waitForTimeout(1000);
  await expect(status).toHaveText(`${done} of ${total} points Cancelled.`);
  await expect(page.getByTestId('sweep-run')).toBeEnabled();
  // The points measured so far can be read as a table.
  await page.getByTestId('sweep-table-toggle').check();
  await expect(page.getByTestId('sweep-table')).toBeVisible();
  await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(done);
});

test('the torus as tables, and the network settings through the share link', async ({ page }) => {
  await page.goto('/#v1?b=contention&c=20');
  await page.getByTestId('torus-table-toggle').check();
  const routers = page.getByTestId('torus-router-table').locator('tbody tr');
  await expect(routers).toHaveCount(await page.locator('.tv-router').count());
  const packets = page.getByTestId('torus-packet-table').locator('tbody tr');
  await expect(packets).not.toHaveCount(0);

  await page.getByTestId('network-settings').locator('summary').click();
  await page.getByTestId('net-k').fill('40');
  await page.getByTestId('net-apply').click();
  await expect(page.getByText('SCN003 system.k')).toBeVisible();
  await page.getByTestId('net-k').fill('6');
  await page.getByTestId('net-apply').click();
  await expect(page.getByTestId('torus-kind')).toHaveText('6×6 torus');
  await page.getByTestId('net-topology').selectOption('mesh');
  await expect(page.getByTestId('torus-kind')).toHaveText('6×6 mesh');
  await expect(page).toHaveURL(/set=system\.k%3D6/);
  await expect(page).toHaveURL(/set=system\.topology%3Dmesh/);
});

test('after playing, the paused picture is painted in full, not from the layer cached while playing', async ({
  page,
}) => {
  await page.goto('/#v1?b=hotspot&c=300');
  await waitForCycle(page, 300);
  const canvas = page.getByTestId('torus-view').locator('canvas');
  // Chromium hands the canvas to a worker of its own; its pixels are the last picture painted.
  await expect(canvas).toHaveAttribute('data-painter', 'worker');
  const pixels = () => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const blank = await canvas.evaluate((c: HTMLCanvasElement) =>
    Object.assign(document.createElement('canvas'), {
      width: c.width,
      height: c.height,
    }).toDataURL(),
  );
  await page.getByLabel('Playback speed in cycles per second').selectOption('50');
  await page.getByTestId('play').click();
  await expect.poll(() => currentCycle(page)).toBeGreaterThan(330);
  const paused = await pause(page);
  const afterPause = await pixels();
  expect(afterPause).not.toBe(blank);
  // The same cycle drawn afresh: one step forward and one back.
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, paused + 1);
  await page.getByTestId('step-back').click();
  await waitForCycle(page, paused);
  await page.waitForTimeout(300);
  expect(await pixels()).toBe(afterPause);
});

test('while playing, the panels of words follow at a reading pace; paused, all show the cycle', async ({
  page,
}) => {
  await page.goto('/#v1?b=hotspot&c=300');
  await waitForCycle(page, 300);
  const narration = page.getByTestId('narration');
  const stats = page.getByTestId('panel-stats');
  await expect(narration).toContainText('Cycle 300');
  await expect(stats).toContainText('Counts up to cycle 300.');
  await page.getByLabel('Playback speed in cycles per second').selectOption('200');
  await page.getByTestId('play').click();
  // They keep moving while it plays (four times a second), behind the cycle counter or with it.
  await expect
    .poll(async () => Number(/Cycle (\d+)/.exec(await narration.innerText())?.[1]))
    .toBeGreaterThan(330);
  const shown = Number(/Cycle (\d+)/.exec(await narration.innerText())?.[1]);
  expect(shown).toBeLessThanOrEqual(await currentCycle(page));
  const paused = await pause(page);
  // Paused, every panel shows the cycle at once.
  await expect(narration).toContainText(`Cycle ${paused}`);
  await expect(stats).toContainText(`Counts up to cycle ${paused}.`);
  await page.getByTestId('step-forward').click();
  await expect(narration).toContainText(`Cycle ${paused + 1}`);
  await expect(stats).toContainText(`Counts up to cycle ${paused + 1}.`);
});

test('every router is named by its own label and described in its own words', async ({ page }) => {
  await page.goto('/#v1?b=antipode&c=0');
  const intro = page.locator('.intro-meta');
  const routing = page.getByTestId('router-routing');
  await expect(intro).toContainText('Torus network: 4×4 torus · router: chaos ·');
  await expect(routing).toContainText('chaos: Sends a packet out of any free output');
  // The intro once called these two routers "dimension-order".
  for (const [choice, label, words] of [
    ['minimal', 'minimal adaptive (escape channels)', 'escape channel with a dateline'],
    ['minimal-no-escape', 'minimal adaptive, no escape (can deadlock)', 'can deadlock'],
    ['deflection', 'deflection (hot potato)', 'deflected'],
    ['dor-no-dateline', 'dimension-order, no dateline', 'X first, then Y'],
  ] as const) {
    await page.getByTestId('router-select').selectOption(choice);
    await expect(intro).toContainText(`router: ${label}`);
    await expect(intro).not.toContainText(
      choice === 'dor-no-dateline' ? 'with dateline' : 'dimension-order',
    );
    await expect(routing).toContainText(words);
  }
});
