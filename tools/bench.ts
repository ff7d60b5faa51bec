/**
 * npm run bench [-- --json] [-- --browser]: speed of the simulation core in Node, one core. A
 * benchmark, not a test: it prints numbers and the targets they are compared with; it never fails
 * the suite.
 *
 *   bus16.cyclesPerSecond   16 processors, MOESI, random loads/stores: raw simulated cycles/s
 *   bus16.stepBackMs        time to step back one cycle at cycle 100,000 (keyframes + replay)
 *   torus8.* / torus16.*    chaos router, 20-phit packets, uniform random at 0.28 / 0.16
 *                           phits/node/cycle: simulated cycles/s and phit link-hops/s
 *   cni16.cyclesPerSecond   16 nodes with CNI16Q, all-to-all 64-byte messages: cycles/s
 *   edt4k.cyclesPerSecond   edt-size-sweep's point: the EDT NI, a 4 KB ping-pong: cycles/s
 *   flash.cyclesPerSecond   two FLASH nodes sending 4 KB to each other at once (C4): cycles/s
 *   fugu16.cyclesPerSecond  fugu-skewed-gang on 16 nodes (enum-like against null, skew 30 %): cycles/s
 *   messageBench.cli.*      the default message bench (120 points) as `npm run sim -- bench` runs
 *                           it: ms for the whole table on one core, and the slowest model's share
 *   explore16.*             the app's exploration of a 100,000-cycle 16×16 link (chaos, uniform
 *                           0.16) as the worker runs it, in 30 ms slices with the log's digest:
 *                           time to the first picture (at cycle 500) and to the whole run; and the
 *                           worker's heap after a 1,000,000-cycle saturated 16×16 run (uniform
 *                           0.36), explored within its memory budget
 *
 * Each case runs in a Node process of its own (this file again, with `--case <name>`), one after
 * another: a case measured after another one inherits its heap and its compiled code (the torus
 * rows ran 15% slower after the bus rows than alone). A case warms up, then times REPETITIONS
 * runs and reports the fastest, with the median and the slowest in its text: on a shared machine
 * other work only ever slows a run down, so the fastest run is the most repeatable measure of the
 * code (the reasoning of Python's timeit), and the spread shows how disturbed the machine was.
 *
 * `npm run bench` bundles this file with esbuild first, as the app's build does, so the numbers
 * are those of shipped code rather than of an on-the-fly TypeScript loader.
 *
 * `npm run bench -- --browser` then runs the browser rows too (tools/bench-browser.ts, also
 * `npm run bench:browser`): the torus animation's frames per second and run-mode speed in
 * headless Chromium.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  applyOverrides,
  createSim,
  formatIssue,
  parseScenario,
  Session,
  type Scenario,
} from '../sim-core/index';
import { has, runTool, valueOf, type Args, type Output, type ToolSpec } from './cli';
import { Network } from '../sim-core/network/network';
import { networkConfig } from '../sim-core/network/network-config';
import { defaultCniConfig } from '../sim-core/fidelity/cni';
import { CniSystem } from '../sim-core/ni/cni/cni-system';
import type { FlashScenario } from '../sim-core/ni/flash/flash-schema';
import { FlashSystem } from '../sim-core/ni/flash/flash-system';
import { flashConfigOf } from '../sim-core/ni/flash/module';
import { builtinScenarios, findBuiltin } from '../scenarios/index';
import { SliceExplorer } from '../src/worker/slices';
import { MEMORY_BUDGET_BYTES } from '../src/worker/memory-budget';
import type { BenchRow } from './bench-row';
import { benchMessageCli } from './bench-message';

/** Timed repetitions of each case, after its warm-up. */
const REPETITIONS = 7;

/** A rate measured REPETITIONS times: the fastest, the median and the slowest. */
interface Rates {
  best: number;
  median: number;
  worst: number;
}

const spread = (r: Rates) =>
  `median ${Math.round(r.median).toLocaleString('en')}, slowest ${Math.round(r.worst).toLocaleString('en')}`;

function busScenario(): Scenario {
  const parsed = parseScenario({
    version: 1,
    id: 'bench-bus16',
    title: '16 processors, random loads and stores',
    seed: 42,
    system: { nodes: 16, protocol: 'MOESI', cache: { sizeBytes: 1024, associativity: 2 } },
    workload: {
      random: { opsPerProcessor: 40_000, blocks: 48, storeFraction: 0.3, computeMax: 6 },
    },
    limits: { maxCycles: 200_000 },
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

const now = () => performance.now();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Runs `step` for `cycles` cycles REPETITIONS times; the rates in cycles/s. */
function rates(cycles: number, step: () => void): Rates {
  const measured: number[] = [];
  for (let r = 0; r < REPETITIONS; r++) {
    const t0 = now();
    for (let i = 0; i < cycles; i++) step();
    measured.push(cycles / ((now() - t0) / 1000));
  }
  return { best: Math.max(...measured), median: median(measured), worst: Math.min(...measured) };
}

function benchBusCycles(): BenchRow[] {
  const sim = createSim(busScenario());
  for (let i = 0; i < 2_000; i++) sim.step(); // warm the JIT on the same code path
  const cps = rates(20_000, () => sim.step());
  return [
    {
      id: 'bus16.cyclesPerSecond',
      what: `16-processor MOESI bus, random loads/stores (${spread(cps)})`,
      value: Math.round(cps.best),
      unit: 'cycles/s',
      target: 'as fast as possible',
      meets: true,
    },
  ];
}

function benchStepBack(): BenchRow[] {
  const at = 100_000;
  const session = new Session(busScenario());
  session.seek(at);
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) {
    session.seek(at - i);
    const t0 = now();
    session.seek(at - i - 1);
    samples.push(now() - t0);
  }
  const ms = median(samples);
  return [
    {
      id: 'bus16.stepBackMs',
      what: `step back one cycle at cycle 100,000 (${session.timeline.keyframeCount()} keyframes)`,
      value: Number(ms.toFixed(3)),
      unit: 'ms',
      target: '≤ 50 ms',
      meets: ms <= 50,
    },
  ];
}

/** Phits carried across links so far. */
const linkHops = (net: Network) => net.state.linkPhits.flat().reduce((a, b) => a + b, 0);

function benchTorus(
  name: string,
  k: number,
  load: number,
  cycles: number,
  target: number,
  reference: number,
): BenchRow[] {
  const net = new Network(
    networkConfig(
      { kind: 'torus', k, attached: k },
      {
        traffic: {
          pattern: 'uniform',
          load,
          until: 1_000_000,
          hotspot: { node: 0, fraction: 0 },
        },
        seed: 42,
        stallWatchdog: 100_000,
      },
    ),
  );
  for (let i = 0; i < 1_000; i++) net.step(); // warm up to a steady state first
  const hopsBefore = linkHops(net);
  const cps = rates(cycles, () => net.step());
  // Phits per cycle over all the timed runs, at the fastest run's speed.
  const hopsPerCycle = (linkHops(net) - hopsBefore) / (cycles * REPETITIONS);
  const size = `${k}×${k}`;
  return [
    {
      id: `${name}.cyclesPerSecond`,
      what: `${size} torus, chaos, 20 phits, uniform ${load} (${spread(cps)}; a C++ reference simulator: ≈ ${reference.toLocaleString('en')})`,
      value: Math.round(cps.best),
      unit: 'cycles/s',
      target: `≥ ${target.toLocaleString('en')}`,
      meets: cps.best >= target,
    },
    {
      id: `${name}.phitHopsPerSecond`,
      what: `${size} torus: phits carried across links per second`,
      value: Math.round(hopsPerCycle * cps.best),
      unit: 'phits/s',
      target: 'as fast as possible',
      meets: true,
    },
  ];
}

/** 16 nodes with CNI16Q on memory buses, every node sending 64-byte messages to every other. */
function benchCni(): BenchRow[] {
  const cfg = defaultCniConfig('CNI16Q', 'memory', { kind: 'alltoall', bytes: 64, rounds: 200 });
  const sim = new CniSystem({ ...cfg, nodes: 16 });
  for (let i = 0; i < 1_000; i++) sim.step();
  const cps = rates(10_000, () => {
    if (!sim.state.halted) sim.step();
  });
  return [
    {
      id: 'cni16.cyclesPerSecond',
      what: `16 nodes, CNI16Q on memory buses, all-to-all 64-byte messages (${spread(cps)})`,
      value: Math.round(cps.best),
      unit: 'cycles/s',
      target: 'as fast as possible',
      meets: !sim.state.halted,
    },
  ];
}

/** edt-size-sweep's 4 KB point: two hosts, the EDT NI, a ping-pong of 4 KB messages. */
function benchEdt(): BenchRow[] {
  const doc = findBuiltin('edt-size-sweep')!.doc as { workload: { via: object } };
  const parsed = parseScenario({
    ...doc,
    workload: { via: { ...doc.workload.via, rounds: 12 } },
    limits: { maxCycles: 2_000_000 },
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const sim = createSim(parsed.value);
  for (let i = 0; i < 2_000; i++) sim.step();
  const cps = rates(20_000, () => {
    if (!sim.halted) sim.step();
  });
  return [
    {
      id: 'edt4k.cyclesPerSecond',
      what: `edt-size-sweep: EDT NI, 4 KB ping-pong, both hosts' buses (${spread(cps)})`,
      value: Math.round(cps.best),
      unit: 'cycles/s',
      target: 'as fast as possible',
      meets: !sim.halted,
    },
  ];
}

/** A bidirectional 4 KB transfer run to its end, again and again (one run is ~2,250 cycles). */
function benchFlash(): BenchRow[] {
  const parsed = parseScenario({
    version: 1,
    id: 'bench-flash',
    title: 'bidirectional 4 KB',
    system: { kind: 'flash' },
    workload: {
      transfers: [
        { from: 0, to: 1, bytes: 4096 },
        { from: 1, to: 0, bytes: 4096 },
      ],
    },
  });
  if (!parsed.ok) throw new Error('bench-flash: invalid scenario');
  const cfg = flashConfigOf(parsed.value as FlashScenario);
  let finished = true;
  const transfer = () => {
    const sim = new FlashSystem(cfg);
    while (!sim.state.halted) sim.step();
    finished &&= sim.stats().transfers.every((t) => t.status === 'done');
    return sim.state.cycle;
  };
  for (let i = 0; i < 5; i++) transfer();
  const measured: number[] = [];
  for (let r = 0; r < REPETITIONS; r++) {
    const t0 = now();
    let cycles = 0;
    for (let i = 0; i < 10; i++) cycles += transfer();
    measured.push(cycles / ((now() - t0) / 1000));
  }
  const cps = {
    best: Math.max(...measured),
    median: median(measured),
    worst: Math.min(...measured),
  };
  return [
    {
      id: 'flash.cyclesPerSecond',
      what: `two FLASH nodes, 4 KB each way at once, C4, with the phase ledger (${spread(cps)})`,
      value: Math.round(cps.best),
      unit: 'cycles/s',
      target: 'as fast as possible',
      meets: finished,
    },
  ];
}

/** fugu-skewed-gang on 16 nodes, with enough messages that no timed run reaches the halt. */
function benchFugu(): BenchRow[] {
  const doc = builtinScenarios.find((s) => s.id === 'fugu-skewed-gang')!.doc;
  const applied = applyOverrides(doc, [
    { path: 'system.nodes', value: 16 },
    { path: 'workload.apps.0.messages', value: 5_000 },
    { path: 'limits.maxCycles', value: 2_000_000 },
  ]);
  if (!applied.ok) throw new Error(applied.error.message);
  const parsed = parseScenario(applied.value);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const sim = createSim(parsed.value);
  for (let i = 0; i < 2_000; i++) sim.step();
  const cps = rates(20_000, () => sim.step());
  return [
    {
      id: 'fugu16.cyclesPerSecond',
      what: `fugu-skewed-gang on 16 nodes: enum-like against null, gang-scheduled, skew 30 % (${spread(cps)})`,
      value: Math.round(cps.best),
      unit: 'cycles/s',
      target: 'as fast as possible',
      meets: !sim.halted,
    },
  ];
}

/** chaos-vs-dor on a 16×16 chaos torus at `load` for `cycles` cycles (traffic and limit). */
function longTorus(load: number, cycles: number): Scenario {
  const set = {
    'system.k': 16,
    'system.router': 'chaos',
    'workload.traffic.load': load,
    'workload.traffic.until': cycles,
    'limits.maxCycles': cycles,
  };
  const overrides = Object.entries(set).map(([path, value]) => ({ path, value }));
  const applied = applyOverrides(findBuiltin('chaos-vs-dor')!.doc, overrides);
  if (!applied.ok) throw new Error(formatIssue(applied.error));
  const parsed = parseScenario(applied.value);
  if (!parsed.ok) throw new Error(parsed.error.map(formatIssue).join('\n'));
  return parsed.value;
}

/** The worker's load and background exploration of the 100,000-cycle link, in Node. */
function benchExploreTime(): BenchRow[] {
  const scenario = longTorus(0.16, 100_000);
  const t0 = now();
  const session = new Session(scenario);
  const slices = new SliceExplorer(session);
  session.seek(500);
  // The worker's load explores on only until 150 ms after it began (sim-service.ts).
  const headStart = 150 - (now() - t0);
  if (headStart > 0) slices.run(headStart);
  session.view();
  const first = now() - t0;
  // The log stays in the worker: a slice replies with how far it got, not with events.
  while (!session.complete) slices.run(30);
  const digest = slices.finalDigest();
  const full = (now() - t0) / 1000;
  return [
    {
      id: 'explore16.firstPictureMs',
      what: `100,000-cycle 16×16 link: load and seek cycle 500 (and what is left of the 150 ms head start), in Node`,
      value: Math.round(first),
      unit: 'ms',
      target: '≤ 1000',
      meets: first <= 1000,
    },
    {
      id: 'explore16.fullExploreSeconds',
      what: `100,000-cycle 16×16 link explored in full in 30 ms slices, with the log's digest (${session.timeline.log.length.toLocaleString('en')} events, digest ${digest})`,
      value: Number(full.toFixed(1)),
      unit: 's',
      target: 'as fast as possible',
      meets: true,
    },
  ];
}

/** The worker's heap after exploring a 1,000,000-cycle saturated 16×16 run (budget permitting). */
function benchExploreMemory(): BenchRow[] {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const t0 = now();
  const session = new Session(longTorus(0.36, 1_000_000));
  const slices = new SliceExplorer(session);
  while (!session.complete) slices.run(30);
  gc?.();
  const mb = (process.memoryUsage().heapUsed - before) / (1024 * 1024);
  const budget = MEMORY_BUDGET_BYTES / (1024 * 1024);
  const { timeline } = session;
  const stop = slices.stopped
    ? `stopped by the ${budget} MB budget at cycle ${timeline.explored.toLocaleString('en')} (SIM002)`
    : `explored to the end in ${((now() - t0) / 1000).toFixed(0)} s`;
  const held = `${timeline.log.eventsHeld.toLocaleString('en')} of ${timeline.log.length.toLocaleString('en')} events held`;
  return [
    {
      id: 'explore16.memory1MMegabytes',
      what: `1,000,000-cycle 16×16 torus at uniform 0.36: the worker's heap after exploring, ${stop}; ${held}, keyframes every ${timeline.keyframeSpacing.toLocaleString('en')} cycles${gc ? '' : ' (no --expose-gc: garbage included)'}`,
      value: Math.round(mb),
      unit: 'MB',
      target: `≤ ${budget}`,
      meets: mb <= budget && !slices.stopped,
    },
  ];
}

const CASES: Record<string, () => BenchRow[]> = {
  bus16: benchBusCycles,
  stepBack: benchStepBack,
  torus8: () => benchTorus('torus8', 8, 0.28, 10_000, 60_000, 28_000),
  torus16: () => benchTorus('torus16', 16, 0.16, 2_500, 12_000, 5_800),
  cni16: benchCni,
  edt4k: benchEdt,
  flash: benchFlash,
  fugu16: benchFugu,
  messageBench: () => benchMessageCli(now),
  exploreTime: benchExploreTime,
  exploreMemory: benchExploreMemory,
};

/** Runs one case in a fresh Node process and returns its rows. */
function runIsolated(name: string): BenchRow[] {
  const self = fileURLToPath(import.meta.url);
  // --expose-gc: the memory row weighs the heap after a collection.
  const child = spawnSync(process.execPath, ['--expose-gc', self, '--case', name], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`bench case ${name} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as BenchRow[];
}

const BENCH_TOOL: ToolSpec = {
  name: 'bench',
  summary: 'measures the speed of sim-core in Node on one core (each case in its own process).',
  usage: ['[--json] [--browser]'],
  options: [
    { name: '--json', help: 'One JSON object per row.' },
    { name: '--browser', help: 'Then run the browser rows too (npm run bench:browser).' },
    {
      name: '--case',
      value: 'NAME',
      help: `Run one case and print its rows as JSON (the bench runs each case so): ${Object.keys(CASES).join(', ')}.`,
    },
  ],
  exitCodes: [
    [0, 'the benchmarks ran (a missed target never fails: it prints MISSED)'],
    [1, 'a case failed to run'],
    [2, 'the command line is wrong (CLI001, CLI002)'],
  ],
  docs: 'docs/cli.md ("Benchmarks")',
};

function main(args: Args, io: Output): number {
  const only = valueOf(args, '--case');
  if (only !== undefined) {
    const run = CASES[only];
    if (!run) {
      io.err(
        formatIssue({
          code: 'CLI002',
          path: '--case',
          message: `expected one of ${Object.keys(CASES).join(', ')}, got ${JSON.stringify(only.slice(0, 40))}`,
        }),
      );
      return 2;
    }
    io.out(JSON.stringify(run()));
    return 0;
  }
  const json = has(args, '--json');
  const browser = has(args, '--browser');
  if (!json) io.out(`NI Lab benchmarks — Node ${process.version}, one core\n`);
  for (const name of Object.keys(CASES)) {
    for (const r of runIsolated(name)) {
      if (json) io.out(JSON.stringify(r));
      else
        io.out(
          `${r.id.padEnd(26)} ${String(r.value).padStart(12)} ${r.unit.padEnd(9)} target ${r.target.padEnd(20)} ${r.meets ? 'ok' : 'MISSED'}   ${r.what}`,
        );
    }
  }
  if (!json && !browser)
    io.out(
      `\nEach case ran in its own process: the fastest of ${REPETITIONS} timed repetitions after a warm-up.` +
        '\nThe torus animation in headless Chromium (frames/s, run-mode cycles/s): npm run bench -- --browser',
    );
  if (browser) {
    if (!json) io.out('');
    spawnSync('npm', ['run', '-s', 'bench:browser', '--', ...(json ? ['--json'] : [])], {
      stdio: 'inherit',
    });
  }
  return 0;
}

runTool(BENCH_TOOL, process.argv.slice(2), main);
