/**
 * npm run bench:browser [-- --json] [-- --seconds N] [-- --only id,id] [-- --dist folder]: the torus
 * view's speed in real headless Chromium, against the production build (`--dist`: an existing
 * build folder instead of dist/, e.g. an older build to alternate with, as docs/cli.md does). A benchmark, not a test: it prints
 * numbers and the targets they are compared with; it never fails the suite.
 *
 *   torus16.detail.*   16×16 chaos torus past saturation, ≥ 500 packets in flight, every packet
 *                      drawn (the slinky view): frames per second while playing
 *   torus8.run.*       8×8 chaos, 20-phit packets, uniform 0.28, played at the top speed
 *                      (50,000 cycles/s, for 2 s): simulated cycles/s in run mode while
 *                      animating (target: a third of the Node target of 60,000) and frames/s
 *   torus16.run.*      16×16 chaos, uniform 0.16, also at the top speed for 2 s: the same (a third of
 *                      12,000 is 4,000)
 *   torus32.heat.*     32×32: the heat-map fallback, and frames per second with it
 *   messageBench.*     the message bench's default 120 points in the worker (tools/bench-browser-message.ts)
 *   explore16.*        a 100,000-cycle 16×16 link (chaos, uniform 0.16) opened from a ready page:
 *                      time to its first picture (the cycle counter, and the torus's canvas painted
 *                      — a build that does not mark its paints has no torusPainted row); a step forward, a step back and a seek, each
 *                      timed in the page from the key to the picture, while the run is explored;
 *                      and the time until the whole run is explored (issue 22)
 *
 * Each configuration is measured twice: with the torus panel alone (ids as above) and with the
 * scenario's default panels (ids with `withPanels`: walkthrough, torus, router, event log,
 * statistics, sweeps), which follow a run at a reading pace (src/state/paced.tsx). Beside the
 * frame rate, `picturesPerSecond` counts the frames that drew another cycle: how often the torus
 * itself moved.
 *
 * It builds the app if dist/ is missing or older than the sources, starts `vite preview` on a
 * free port (and stops it, by its process id, at the end), opens each configuration as a share
 * link (a built-in scenario with `set=` overrides, at a warmed-up cycle), picks the speed, presses
 * Play and, inside the page, records requestAnimationFrame timestamps, the cycle counter and the
 * "N packets in flight" count for a few seconds.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { formatIssue } from '../sim-core/index';
import { has, startTool, valueOf } from './cli';
import { MESSAGE_BENCH_ID, measureMessageBench } from './bench-browser-message';
import type { BenchRow } from './bench-row';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROOT = process.cwd();
const TARGET_FPS = 50;

/** One configuration: a share link, the playback speed, and what to compare the numbers with. */
interface Config {
  id: string;
  what: string;
  builtin: string;
  set: Record<string, string | number>;
  /** The cycle the link opens at: past the warm-up, so the network is in a steady state. */
  at: number;
  /** Playback speed (cycles/s), one of the speed menu's values. */
  speed: number;
  /** Seconds of play per measurement, when not the default (every cycle is simulated at load). */
  seconds?: number;
  /** Simulated cycles/s in run mode must reach this (0: not a target here). */
  minCyclesPerSecond: number;
  /** Packets in flight must stay at or above this (0: not a target here). */
  minPackets: number;
  /** Whether every packet must be drawn (true) or the view must fall back to the heat map. */
  detail: boolean;
}

const CONFIGS: Config[] = [
  {
    id: 'torus16.detail',
    what: '16×16 chaos, uniform 0.36 (past saturation)',
    builtin: 'chaos-vs-dor',
    set: { 'system.k': 16, 'system.router': 'chaos', 'workload.traffic.load': 0.36 },
    at: 1500,
    speed: 1000,
    minCyclesPerSecond: 0,
    minPackets: 500,
    detail: true,
  },
  {
    id: 'torus8.run',
    what: '8×8 chaos, 20 phits, uniform 0.28',
    builtin: 'chaos-vs-dor',
    set: { 'system.k': 8, 'system.router': 'chaos', 'workload.traffic.load': 0.28 },
    at: 500,
    // The top speed, so the row shows what run mode can do rather than what it was asked for;
    // 2 s of it is already 100,000 cycles, all simulated when the scenario loads.
    speed: 50_000,
    seconds: 2,
    minCyclesPerSecond: 20_000,
    minPackets: 0,
    detail: true,
  },
  {
    id: 'torus16.run',
    what: '16×16 chaos, 20 phits, uniform 0.16',
    builtin: 'chaos-vs-dor',
    set: { 'system.k': 16, 'system.router': 'chaos', 'workload.traffic.load': 0.16 },
    at: 500,
    // The top speed too: what run mode can do, against a third of the Node target.
    speed: 50_000,
    seconds: 2,
    minCyclesPerSecond: 4000,
    minPackets: 0,
    detail: true,
  },
  {
    id: 'torus32.heat',
    what: '32×32 chaos, uniform 0.1',
    builtin: 'chaos-vs-dor',
    set: { 'system.k': 32, 'system.router': 'chaos', 'workload.traffic.load': 0.1 },
    at: 300,
    speed: 1000,
    minCyclesPerSecond: 0,
    minPackets: 0,
    detail: false,
  },
];

interface Measured {
  fps: number;
  /** The longest gap between two animation frames, ms. */
  worstFrameMs: number;
  /** Animation frames in which the drawn cycle changed, per second. */
  updatesPerSecond: number;
  cyclesPerSecond: number;
  packetsMin: number;
  packetsMedian: number;
  heatOnly: boolean;
  startCycle: number;
  endCycle: number;
  seconds: number;
}

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** Builds dist/ with vite unless it is newer than every source it is built from. */
function ensureBuild(log: (s: string) => void): void {
  const built = join(ROOT, 'dist', 'index.html');
  const sources = ['src', 'sim-core', 'scenarios', 'index.html', 'vite.config.ts', 'package.json'];
  const newest = Math.max(...sources.map((s) => newestMtime(join(ROOT, s))));
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return;
  log('dist/ is missing or older than the sources: building it (npx vite build) …');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function startPreview(port: number, dist: string): Promise<ChildProcess> {
  // vite's own entry point run by node, so the process id is the server's (no npx shell between).
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      '--outDir',
      dist,
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error('vite preview exited');
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('vite preview did not start');
}

/** The share link, with traffic and limit far enough out that the run lasts the whole window. */
function linkOf(c: Config, seconds: number): string {
  const horizon = c.at + Math.ceil((c.speed * seconds * 1.3) / 1000) * 1000 + 1000;
  const set = { ...c.set, 'workload.traffic.until': horizon, 'limits.maxCycles': horizon };
  const sets = Object.entries(set).map(([k, v]) => `set=${encodeURIComponent(`${k}=${v}`)}`);
  return `#v1?b=${c.builtin}&${sets.join('&')}&c=${c.at}`;
}

const cycleIs = (page: Page, cycle: number) =>
  page.waitForFunction(
    (at) =>
      (document.querySelector('[data-testid="cycle-input"]') as HTMLInputElement | null)?.value ===
      String(at),
    cycle,
    { timeout: 600_000 },
  );

/** Plays from `c.at` for `seconds` and measures inside the page; pauses again afterwards. */
async function playAndMeasure(page: Page, c: Config, seconds: number): Promise<Measured> {
  const input = page.getByTestId('cycle-input');
  await input.fill(String(c.at));
  await input.press('Enter');
  await cycleIs(page, c.at);
  await page.getByTestId('play').click();
  const m = await page.evaluate(async (ms) => {
    const cycleInput = document.querySelector<HTMLInputElement>('[data-testid="cycle-input"]')!;
    const view = document.querySelector('[data-testid="torus-view"]')!;
    const readPackets = () => {
      const m = /(\d+) packets in flight/.exec(
        view.querySelector('.nv-toolbar')?.textContent ?? '',
      );
      return m ? Number(m[1]) : -1;
    };
    // Start with the first frame after Play.
    await new Promise((r) => requestAnimationFrame(r));
    const times: number[] = [];
    const cycles: number[] = [];
    const packets: number[] = [];
    await new Promise<void>((resolve) => {
      const tick = (t: number) => {
        times.push(t);
        cycles.push(Number(cycleInput.value));
        packets.push(readPackets());
        if (t - times[0]! < ms) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    // The speed from the first to the last frame that showed a new cycle: both ends are then
    // seen the same way (a new picture arrives between two frames), and a run that ends inside
    // the window is measured only while it was going.
    let first = 1;
    while (first < cycles.length && cycles[first] === cycles[0]) first++;
    let last = cycles.length - 1;
    while (last > first && cycles[last - 1] === cycles[last]) last--;
    const span = last > first ? (times[last]! - times[first]!) / 1000 : 0;
    let updates = 0;
    let worst = 0;
    for (let i = 1; i < times.length; i++) {
      if (cycles[i] !== cycles[i - 1]) updates++;
      worst = Math.max(worst, times[i]! - times[i - 1]!);
    }
    const sorted = packets.filter((p) => p >= 0).sort((a, b) => a - b);
    return {
      fps: (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000),
      worstFrameMs: worst,
      updatesPerSecond: span > 0 ? updates / span : 0,
      cyclesPerSecond: span > 0 ? (cycles[last]! - cycles[first]!) / span : 0,
      packetsMin: sorted[0] ?? -1,
      packetsMedian: sorted[Math.floor(sorted.length / 2)] ?? -1,
      heatOnly: document.querySelector('svg.tv-heat-only') !== null,
      startCycle: cycles[Math.min(first, cycles.length - 1)]!,
      endCycle: cycles[last]!,
      seconds: span,
    };
  }, seconds * 1000);
  const play = page.getByTestId('play');
  if ((await play.getAttribute('aria-pressed')) === 'true') await play.click();
  return m;
}

/** Unticks every open panel but the torus; returns the names of those it closed. */
async function torusAlone(page: Page): Promise<string[]> {
  const boxes = page.getByRole('group', { name: 'Panels' }).getByRole('checkbox');
  const closed: string[] = [];
  for (const box of await boxes.all()) {
    const name = ((await box.evaluate((el) => el.parentElement?.textContent)) ?? '').trim();
    if (name !== 'Torus' && (await box.isChecked())) {
      // A click in the page: a long narration may cover the panel list.
      await box.evaluate((el) => (el as HTMLInputElement).click());
      closed.push(name);
    }
  }
  return closed;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en');

/** The long link of the exploration rows: 100,000 cycles of a 16×16 torus, opened at cycle 500. */
const EXPLORE_CYCLES = 100_000;
const EXPLORE_LINK =
  '#v1?b=chaos-vs-dor&set=system.k%3D16&set=system.router%3Dchaos' +
  `&set=workload.traffic.load%3D0.16&set=workload.traffic.until%3D${EXPLORE_CYCLES}` +
  `&set=limits.maxCycles%3D${EXPLORE_CYCLES}&c=500`;

/**
 * In the page: starts timing the next key press, from its event's time stamp to the first
 * animation frame that shows `cycle` in the input `shownBy` (the cycle counter, or the scrubber
 * while the counter holds a typed cycle) — what the user sees, without the test driver's round
 * trips (which added 30–40 ms on a busy machine). `window.keyToPicture` resolves to the ms.
 */
function timeKeyToPicture([cycle, shownBy]: [number, string]): void {
  const input = document.querySelector<HTMLInputElement>(shownBy);
  (window as unknown as { keyToPicture: Promise<number> }).keyToPicture = new Promise((resolve) => {
    let keyAt = -1;
    addEventListener('keydown', (e) => (keyAt = e.timeStamp), { capture: true, once: true });
    const frame = (t: number) => {
      if (keyAt >= 0 && input?.value === String(cycle)) resolve(t - keyAt);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Where a step's cycle shows: the cycle counter. */
const COUNTER = '[data-testid="cycle-input"]';
/** Cycles the seek row jumps to (typed in the cycle counter): explored by then, far apart. */
const SEEKS = [2_100, 740, 1_577, 95, 2_431, 1_203, 1_999, 330, 2_250, 1_066];

/** Presses `key` and returns the ms from the key press to the frame showing `cycle` in `shownBy`. */
async function timedKey(page: Page, key: string, cycle: number, shownBy: string): Promise<number> {
  await page.evaluate(timeKeyToPicture, [cycle, shownBy] as [number, string]);
  await page.keyboard.press(key);
  return Math.round(
    await page.evaluate(
      () => (window as unknown as { keyToPicture: Promise<number> }).keyToPicture,
    ),
  );
}

/** The median of some times, with the slowest, for a row's text. */
function medianOf(times: number[]): { median: number; slowest: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, slowest: sorted.at(-1)! };
}

/**
 * Opens the long link from a ready page (the start page, loaded), then: the time to the link's
 * first picture; ten steps forward, timed in the page from the key press to the frame that shows the
 * cycle, while the run is
 * still explored (after it, with a build that explores everything first); the time until the
 * whole run is explored (its events digest shown, no exploration bar left).
 */
async function measureExploration(browser: Browser, base: string): Promise<BenchRow[]> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.getByTestId('cycle-input').waitFor();
  await cycleIs(page, 0);
  const t0 = Date.now();
  await page.goto(base + EXPLORE_LINK);
  await cycleIs(page, 500);
  const firstPicture = Date.now() - t0;
  const torusPainted = await page
    .waitForSelector('canvas[data-painted-cycle="500"]', { state: 'attached', timeout: 10_000 })
    .then(
      () => Date.now() - t0,
      () => null,
    );
  const exploring = async () => (await page.getByTestId('exploration').count()) > 0;
  const steps: number[] = [];
  for (let i = 1; i <= 10; i++) {
    await page.waitForTimeout(200);
    steps.push(await timedKey(page, 'ArrowRight', 500 + i, COUNTER));
  }
  const backSteps: number[] = [];
  for (let i = 9; i >= 0; i--) {
    await page.waitForTimeout(200);
    backSteps.push(await timedKey(page, 'ArrowLeft', 500 + i, COUNTER));
  }
  const seeks: number[] = [];
  for (const cycle of SEEKS) {
    await page.waitForTimeout(200);
    await page.getByTestId('cycle-input').fill(String(cycle));
    seeks.push(await timedKey(page, 'Enter', cycle, '.scrubber'));
  }
  const stillExploring = await exploring();
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="exploration"]') === null &&
      (document.querySelector('[data-events-digest]')?.getAttribute('data-events-digest') ?? '') !==
        '',
    null,
    { timeout: 600_000 },
  );
  const full = Date.now() - t0;
  await context.close();
  const run = `16×16 chaos, uniform 0.16, ${fmt(EXPLORE_CYCLES)} cycles, opened at cycle 500`;
  return [
    {
      id: 'explore16.firstPictureMs',
      what: `${run}: from the link to its first picture (the cycle counter shows 500)`,
      value: firstPicture,
      unit: 'ms',
      target: '≤ 1000',
      meets: firstPicture <= 1000,
    },
    ...(torusPainted === null
      ? []
      : [
          {
            id: 'explore16.torusPaintedMs',
            what: `${run}: from the link until the torus's canvas is painted at cycle 500`,
            value: torusPainted,
            unit: 'ms',
            target: '≤ 1000',
            meets: torusPainted <= 1000,
          },
        ]),
    ...(
      [
        ['stepMs', 'a step forward (→)', steps],
        ['stepBackMs', 'a step back (←)', backSteps],
        ['seekMs', 'a seek to a cycle typed in the cycle counter (Enter)', seeks],
      ] as const
    ).map(([name, what, times]): BenchRow => {
      const { median, slowest } = medianOf(times);
      return {
        id: `explore16.${name}`,
        what: `${run}: ${what}, key to picture, median of ${times.length} (slowest ${slowest} ms), ${
          stillExploring ? 'while the run is explored' : 'the run explored in full meanwhile'
        }`,
        value: median,
        unit: 'ms',
        target: '≤ 50',
        meets: median <= 50,
      };
    }),
    {
      id: 'explore16.fullExploreMs',
      what: `${run}: from the link until the whole run is explored (its digest shown)`,
      value: full,
      unit: 'ms',
      target: 'as fast as possible',
      meets: true,
    },
  ];
}

function rowsOf(c: Config, m: Measured, panels: string | null): BenchRow[] {
  const id = panels === null ? c.id : `${c.id}.withPanels`;
  const what = `${c.what}, ${panels === null ? 'torus panel alone' : `with ${panels}`}`;
  const rows: BenchRow[] = [
    {
      id: `${id}.fps`,
      what:
        `${what}: animation frames/s playing at ${fmt(c.speed)} cycles/s ` +
        `(${m.updatesPerSecond.toFixed(0)} of them drew a new cycle; longest frame ${m.worstFrameMs.toFixed(0)} ms)`,
      value: Number(m.fps.toFixed(1)),
      unit: 'frames/s',
      target: `≥ ${TARGET_FPS}`,
      meets: m.fps >= TARGET_FPS,
    },
    {
      id: `${id}.picturesPerSecond`,
      what: `${what}: new pictures of the network per second (frames that drew another cycle)`,
      value: Number(m.updatesPerSecond.toFixed(1)),
      unit: 'pictures/s',
      target: 'as many as possible',
      meets: true,
    },
    {
      id: `${id}.cyclesPerSecond`,
      what: `${what}: simulated cycles/s in run mode (cycles ${m.startCycle}…${m.endCycle} in ${m.seconds.toFixed(1)} s)`,
      value: Math.round(m.cyclesPerSecond),
      unit: 'cycles/s',
      target: c.minCyclesPerSecond > 0 ? `≥ ${fmt(c.minCyclesPerSecond)}` : 'as set',
      meets: m.cyclesPerSecond >= c.minCyclesPerSecond,
    },
  ];
  if (c.minPackets > 0 || !c.detail)
    rows.push({
      id: `${id}.packetsInFlight`,
      what: `${what}: packets in flight, least seen (median ${m.packetsMedian}), drawn ${
        m.heatOnly ? 'as the heat map with a dot each' : 'one by one'
      }`,
      value: m.packetsMin,
      unit: 'packets',
      target: `${c.minPackets > 0 ? `≥ ${c.minPackets}, ` : ''}${c.detail ? 'each drawn' : 'heat map'}`,
      meets: m.packetsMin >= c.minPackets && m.heatOnly === !c.detail,
    });
  return rows;
}

function print(rows: BenchRow[]): void {
  for (const r of rows) {
    console.log(
      `${r.id.padEnd(44)} ${String(r.value).padStart(8)} ${r.unit.padEnd(10)} target ${r.target.padEnd(20)} ${r.meets ? 'ok' : 'MISSED'}   ${r.what}`,
    );
  }
}

const args = startTool(
  {
    name: 'bench:browser',
    summary:
      "measures the torus animation's frames per second and run-mode speed in headless Chromium.",
    usage: ['[--json] [--seconds S] [--only ID,ID...] [--dist FOLDER]'],
    options: [
      { name: '--json', help: 'One JSON object per row (the header goes to stderr).' },
      {
        name: '--seconds',
        value: 'S',
        help: 'Seconds of play per measurement (default 5, some rows more).',
      },
      {
        name: '--only',
        value: 'IDS',
        help: `Only these configurations: ${[...CONFIGS.map((c) => c.id), 'explore16', MESSAGE_BENCH_ID].join(', ')}.`,
      },
      {
        name: '--dist',
        value: 'FOLDER',
        help: 'Measure this build folder as it is (default: dist/, built first when stale).',
      },
    ],
    exitCodes: [
      [0, 'the benchmarks ran (a missed target prints MISSED, never fails)'],
      [1, 'the browser or the build could not be started'],
      [2, 'the command line is wrong (CLI001, CLI002)'],
    ],
    docs: 'docs/cli.md ("In the browser")',
  },
  process.argv.slice(2),
);

async function main(): Promise<void> {
  const json = has(args, '--json');
  const secondsText = valueOf(args, '--seconds');
  const seconds = secondsText === undefined ? 5 : Number(secondsText);
  const onlyText = valueOf(args, '--only');
  const only = onlyText === undefined ? null : onlyText.split(',');
  const secondsArg = secondsText === undefined ? -1 : 0;
  const distText = valueOf(args, '--dist');
  const dist = distText ?? 'dist';
  const log = (s: string) => (json ? console.error(s) : console.log(s));
  if (!(seconds > 0)) {
    console.error(
      formatIssue({
        code: 'CLI002',
        path: '--seconds',
        message: `expected a positive number, got ${JSON.stringify(secondsText)}`,
      }),
    );
    process.exit(2);
  }
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH to one`,
    );

  if (distText === undefined) ensureBuild(log);
  else if (!existsSync(join(ROOT, dist, 'index.html')))
    throw new Error(`--dist: no build in ${dist}`);
  const port = await freePort();
  const server = await startPreview(port, dist);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    log(
      `NI Lab browser benchmarks — Chromium ${browser.version()} headless, 1600×1000, ` +
        `${seconds} s of play per measurement unless said otherwise\n`,
    );
    const base = `http://127.0.0.1:${port}/`;
    if (!only || only.includes(MESSAGE_BENCH_ID)) {
      const rows = await measureMessageBench(browser, base);
      if (json) for (const r of rows) console.log(JSON.stringify(r));
      else print(rows);
      log('');
    }
    if (!only || only.includes('explore16')) {
      const rows = await measureExploration(browser, base);
      if (json) for (const r of rows) console.log(JSON.stringify(r));
      else print(rows);
      log('');
    }
    for (const c of CONFIGS) {
      if (only && !only.includes(c.id)) continue;
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      const page = await context.newPage();
      const t0 = Date.now();
      // Every cycle up to the limit is simulated when the scenario loads: this takes a while.
      const secs = secondsArg >= 0 ? seconds : (c.seconds ?? seconds);
      await page.goto(base + linkOf(c, secs));
      await page.getByTestId('torus-view').waitFor({ timeout: 600_000 });
      await cycleIs(page, c.at);
      const loaded = (Date.now() - t0) / 1000;
      await page.getByLabel('Playback speed in cycles per second').selectOption(String(c.speed));
      const withPanels = await playAndMeasure(page, c, secs);
      const panels = await torusAlone(page);
      const alone = await playAndMeasure(page, c, secs);
      const rows = [
        ...rowsOf(c, alone, null),
        ...rowsOf(c, withPanels, panels.join(', ').toLowerCase() || 'no other panel'),
      ];
      if (json) for (const r of rows) console.log(JSON.stringify(r));
      else {
        print(rows);
        log(`${''.padEnd(44)} (scenario loaded and explored in ${loaded.toFixed(1)} s)\n`);
      }
      await context.close();
    }
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
