/**
 * Side-by-side mode and exports in Chromium: MOESI against MESI on the same seed with one time
 * control, differences highlighted, the URL form of a comparison, leaving it; a PNG of a view, the
 * event log as CSV and the JSON trace of a range of cycles, checked byte by byte.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { currentCycle, pause, waitForCycle } from './helpers';

const golden = (id: string) =>
  readFileSync(`tests/golden/${id}.events.jsonl`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { cycle: number; seq: number; kind: string });

async function bCycle(page: Page): Promise<number> {
  return Number(await page.getByTestId('compare-mode').getAttribute('data-b-cycle'));
}

async function download(page: Page, click: () => Promise<void>, path: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  await file.saveAs(path);
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

test('compare MOESI with MESI side by side: one time control, differences highlighted', async ({
  page,
}) => {
  await page.goto('/#v1?b=dirty-sharing&c=0');
  await waitForCycle(page, 0);

  await page.getByTestId('compare').click();
  await page.getByTestId('compare-field').selectOption('protocol');
  await page.getByTestId('compare-value').selectOption('MESI');
  await page.getByTestId('compare-open').click();

  const mode = page.getByTestId('compare-mode');
  await expect(mode).toBeVisible();
  await expect(page.getByTestId('compare-label-a')).toHaveText('A: MOESI');
  await expect(page.getByTestId('compare-label-b')).toHaveText('B: MESI');
  await expect(page.getByTestId('compare-A-caches')).toBeVisible();
  await expect(page.getByTestId('compare-B-caches')).toBeVisible();
  await expect(page).toHaveURL(/&vs=system\.protocol%3DMESI/);

  // One time control: stepping moves A and B together.
  await page.getByTestId('step-forward').click();
  await page.getByTestId('step-forward').click();
  await waitForCycle(page, 2);
  await expect.poll(() => bCycle(page)).toBe(2);
  await page.getByTestId('cycle-input').fill('120');
  await page.getByTestId('cycle-input').press('Enter');
  await waitForCycle(page, 120);
  await expect.poll(() => bCycle(page)).toBe(120);
  await page.getByTestId('step-back').click();
  await waitForCycle(page, 119);
  await expect.poll(() => bCycle(page)).toBe(119);

  // At cycle 52 MOESI's P0 goes M→O and supplies the block; MESI's flushes and goes M→S.
  const a = page.getByTestId('compare-A-caches');
  const b = page.getByTestId('compare-B-caches');
  await expect(a.locator('[data-testid="line-P0-1-0"] [data-state]')).toHaveAttribute(
    'data-state',
    'O',
  );
  await expect(b.locator('[data-testid="line-P0-1-0"] [data-state]')).toHaveAttribute(
    'data-state',
    'S',
  );
  const cacheToCache = page
    .getByTestId('compare-stat')
    .filter({ has: page.getByRole('rowheader', { name: /bus: blocks supplied cache to cache/ }) });
  await expect(cacheToCache).toHaveAttribute('data-differs', 'true');
  await expect(cacheToCache).toHaveClass(/cmp-differs/);
  await expect(cacheToCache.locator('td')).toHaveText(['2', '1', '−1']);
  // Every statistic in words: no raw key (camelCase, dotted path) in the table.
  const names = await page.getByTestId('compare-stat').locator('th').allTextContents();
  expect(names.filter((n) => /[a-z][A-Z]|\w\.\w/.test(n))).toEqual([]);
  await expect(page.getByTestId('compare-log-summary')).toContainText('first at cycle 52');
  const differing = page.locator('[data-testid="compare-log-row"][data-differs="true"]');
  await expect(differing.first()).toBeVisible();
  await expect(page.getByTestId('compare-log')).toContainText('M→O');
  await expect(page.getByTestId('compare-log')).toContainText('M→S');

  // "Previous difference" seeks both sides.
  await page.getByTestId('compare-prev-diff').click();
  await waitForCycle(page, 102);
  await expect.poll(() => bCycle(page)).toBe(102);

  // Leaving returns to the normal app; the link no longer carries B.
  await page.getByTestId('compare-close').click();
  await expect(mode).toHaveCount(0);
  await expect(page.getByTestId('panel-caches')).toBeVisible();
  await expect(page).not.toHaveURL(/vs=/);
});

test('a shared comparison link opens side by side: dimension-order against chaos', async ({
  page,
}) => {
  await page.goto('/#v1?b=chaos-vs-dor&c=200&vs=system.router%3Dchaos');
  await waitForCycle(page, 200);
  await expect(page.getByTestId('compare-label-a')).toHaveText('A: dor');
  await expect(page.getByTestId('compare-label-b')).toHaveText('B: chaos');
  await expect(page.getByTestId('compare-A-torus')).toBeVisible();
  await expect(page.getByTestId('compare-B-torus')).toBeVisible();
  await expect.poll(() => bCycle(page)).toBe(200);
  await expect(
    page.locator('[data-testid="compare-stat"][data-differs="true"]').first(),
  ).toBeVisible();

  // Play moves both; pausing leaves them on the same cycle.
  await page.getByTestId('play').click();
  await expect.poll(() => currentCycle(page)).toBeGreaterThan(200);
  const cycle = await pause(page);
  await expect.poll(() => bCycle(page)).toBe(cycle);

  // A malformed comparison in a link is reported, and the app opens without it.
  await page.goto('/#v1?b=dirty-sharing&c=3&vs=nonsense');
  await expect(page.getByTestId('problem')).toContainText('LNK005');
  await waitForCycle(page, 3);
  await expect(page.getByTestId('compare-mode')).toHaveCount(0);
});

test('export a PNG of a view, the event log as CSV and a JSON trace of a cycle range', async ({
  page,
}, testInfo) => {
  await page.goto('/#v1?b=dirty-sharing&c=120&views=caches,bus,log,stats');
  await waitForCycle(page, 120);

  // PNG of the caches view.
  const caches = page.getByTestId('panel-caches');
  await caches.getByTestId('export-caches').click();
  const png = await download(
    page,
    () => caches.getByTestId('export-png').click(),
    testInfo.outputPath('caches.png'),
  );
  expect(png.name).toBe('dirty-sharing-caches-c120.png');
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // Twice the panel's size: a width of several hundred pixels, not an empty image.
  expect(png.bytes.readUInt32BE(16)).toBeGreaterThan(400);
  expect(png.bytes.length).toBeGreaterThan(5000);

  // SVG of the bus view: a vector drawing with no foreignObject.
  const bus = page.getByTestId('panel-bus');
  await bus.getByTestId('export-bus').click();
  const svg = await download(
    page,
    () => bus.getByTestId('export-svg').click(),
    testInfo.outputPath('bus.svg'),
  );
  expect(svg.name).toBe('dirty-sharing-bus-c120.svg');
  const svgText = svg.bytes.toString('utf8');
  expect(svgText.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svgText).not.toContain('foreignObject');

  // CSV of the whole event log: one row per event of the run.
  const events = golden('dirty-sharing');
  const log = page.getByTestId('panel-log');
  await log.getByTestId('export-log').click();
  const csv = await download(
    page,
    () => log.getByTestId('export-log-csv').click(),
    testInfo.outputPath('log.csv'),
  );
  expect(csv.name).toBe('dirty-sharing-log-c120.csv');
  const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe('cycle,seq,kind,text');
  expect(lines).toHaveLength(events.length + 1);
  expect(lines[1]!.startsWith(`${events[0]!.cycle},${events[0]!.seq},${events[0]!.kind},`)).toBe(
    true,
  );

  // Statistics as CSV.
  const stats = page.getByTestId('panel-stats');
  await stats.getByTestId('export-stats').click();
  const statsCsv = await download(
    page,
    () => stats.getByTestId('export-stats-csv').click(),
    testInfo.outputPath('stats.csv'),
  );
  expect(statsCsv.bytes.toString('utf8')).toContain('statistic,value\r\ncycles,120\r\n');

  // JSON trace of cycles 40…60, events only.
  await log.getByTestId('export-log').click();
  await log.getByTestId('export-trace').click();
  await log.getByTestId('trace-from').fill('40');
  await log.getByTestId('trace-to').fill('60');
  const trace = await download(
    page,
    () => log.getByTestId('trace-download').click(),
    testInfo.outputPath('trace.json'),
  );
  expect(trace.name).toBe('dirty-sharing-trace-c40-60.json');
  const parsed = JSON.parse(trace.bytes.toString('utf8')) as {
    format: string;
    contents: string;
    from: number;
    to: number;
    events: { cycle: number; seq: number }[];
    frames?: unknown[];
  };
  expect(parsed).toMatchObject({ format: 'ni-lab-trace', contents: 'events', from: 40, to: 60 });
  const expected = events.filter((e) => e.cycle >= 40 && e.cycle <= 60).map((e) => e.seq);
  expect(parsed.events.map((e) => e.seq)).toEqual(expected);
  expect(parsed.frames).toBeUndefined();

  // With frames: the state after each cycle of the range; the view stays where it was.
  await log.getByTestId('export-log').click();
  await log.getByTestId('export-trace').click();
  await log.getByTestId('trace-from').fill('50');
  await log.getByTestId('trace-to').fill('52');
  await log.getByTestId('trace-frames').check();
  const framed = await download(
    page,
    () => log.getByTestId('trace-download').click(),
    testInfo.outputPath('trace-frames.json'),
  );
  const withFrames = JSON.parse(framed.bytes.toString('utf8')) as {
    contents: string;
    frames: { cycle: number; frame: { model: string } }[];
  };
  expect(withFrames.contents).toBe('events+frames');
  expect(withFrames.frames.map((f) => f.cycle)).toEqual([50, 51, 52]);
  expect(withFrames.frames[0]!.frame.model).toBe('bus');
  await waitForCycle(page, 120);

  // A bad range is refused with a message, not a file.
  await log.getByTestId('export-log').click();
  await log.getByTestId('export-trace').click();
  await log.getByTestId('trace-from').fill('60');
  await log.getByTestId('trace-to').fill('40');
  await log.getByTestId('trace-download').click();
  await expect(log.getByRole('alert')).toContainText('after');
});

test('export a PNG of the torus of configuration B in compare mode', async ({ page }, testInfo) => {
  await page.goto('/#v1?b=chaos-vs-dor&c=150&vs=system.router%3Dchaos');
  await waitForCycle(page, 150);
  await expect.poll(() => bCycle(page)).toBe(150);
  const torus = page.getByTestId('compare-B-torus');
  await torus.getByTestId('export-torus').click();
  const png = await download(
    page,
    () => torus.getByTestId('export-png').click(),
    testInfo.outputPath('torus.png'),
  );
  expect(png.name).toBe('chaos-vs-dor-B-torus-c150.png');
  expect([...png.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(png.bytes.length).toBeGreaterThan(20_000);
});

test('the torus exports as vector SVG: its canvas layer as paths and text, no bitmap', async ({
  page,
}, testInfo) => {
  // Playing paints every packet on the canvas; a paused picture with many packets does too.
  await page.goto('/#v1?b=hotspot&c=400&views=torus');
  await waitForCycle(page, 400);
  const torus = page.getByTestId('panel-torus');
  await torus.getByTestId('export-torus').click();
  const svg = await download(
    page,
    () => torus.getByTestId('export-svg').click(),
    testInfo.outputPath('torus.svg'),
  );
  const text = svg.bytes.toString('utf8');
  expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(text).not.toContain('<image');
  expect(text).not.toContain('foreignObject');
  // The canvas layer as vectors: links (one path per width), router squares with round corners,
  // the processing nodes' dots (whole circles) and the wrap-stub numbers as text.
  expect((text.match(/<path /g) ?? []).length, 'paths').toBeGreaterThan(20);
  expect(/<path d="M[^"]*A4 4 0 0 1/.test(text), 'rounded router squares').toBe(true);
  expect(/A5 5 0 1 0/.test(text), 'node dots').toBe(true);
  expect(
    /<text [^>]*dominant-baseline="middle"[^>]*>[xy]\d+<\/text>/.test(text),
    'stub labels',
  ).toBe(true);
});

test('an open Export menu shows whole, even below a short panel', async ({ page }) => {
  await page.goto('/#v1?b=one-packet&c=5');
  await waitForCycle(page, 5);
  const notes = page.getByTestId('panel-notes');
  await notes.getByTestId('export-notes').click();
  await notes.getByTestId('export-trace').click();
  // The menu reaches below the panel's edge, and is still there for the pointer: not clipped
  // into the panel's scroll box.
  const menu = notes.locator('.px-menu');
  const reach = await menu.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const panel = el.closest('section')!.getBoundingClientRect();
    const under = document.elementFromPoint(r.left + r.width / 2, r.bottom - 3);
    return { below: r.bottom - panel.bottom, found: under !== null && el.contains(under) };
  });
  expect(reach.below).toBeGreaterThan(0);
  expect(reach.found).toBe(true);
});
