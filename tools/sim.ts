/**
 * npm run sim -- <scenario file or built-in id> [--seed N] [--cycles N] [--set path=value …] [--json]
 *                [--warmup N] [--window N]
 * npm run sim -- --list | --help
 * npm run sim -- bench [...]      (the message bench: tools/message-bench.ts)
 *
 * Runs the same sim-core as the app, in Node. Errors print a coded message and exit non-zero.
 * See docs/cli.md.
 */
import {
  ALL_MODELS,
  formatIssue,
  moduleOf,
  ownScenario,
  parseOverride,
  Session,
  TOPIC_NAMES,
  type InputIssue,
  type Override,
} from '../sim-core/index';
import { builtinScenarios } from '../scenarios/index';
import {
  defaultMeasurementWindow,
  windowStats,
  type Distribution,
  type WindowStats,
} from '../sim-core/network/measure';
import type { NetworkStats } from '../sim-core/network/network-frame';
import type { SomeModel } from '../sim-core/models';

type MeasuredTraffic = NonNullable<SomeModel['capabilities']['measuredTraffic']>;
import { pathToFileURL } from 'node:url';
import {
  has,
  intFlag,
  runCommand,
  runTool,
  usageText,
  valueOf,
  valuesOf,
  type Args,
  type Output,
  type ToolSpec,
} from './cli';
import { loadScenarioArg } from './scenario-source';
import { BENCH_TOOL, benchMain } from './message-bench';

interface Options {
  scenario?: string;
  seed?: number;
  cycles?: number;
  /** The network measurement window (docs/cli.md#network-statistics). */
  warmup?: number;
  window?: number;
  overrides: Override[];
  json: boolean;
  list: boolean;
  narrate: boolean;
}

export const SIM_TOOL: ToolSpec = {
  name: 'sim',
  summary:
    'runs a scenario with the same sim-core as the app and prints a summary, the narration or JSON.',
  usage: [
    '<scenario file | built-in id> [--seed N] [--cycles N] [--set path=value ...] [--json] [--narrate] [--warmup N] [--window N]',
    '--list',
    'bench [--sizes N,N,...] [--nis NAME,...] [--provenance P,...] [--clock published|common] [--json | --csv] (npm run sim -- bench --help)',
  ],
  options: [
    { name: '--list', help: 'List the built-in scenarios (id, topic, title) and exit.' },
    {
      name: '--narrate',
      help: 'Print one line for every cycle that has events, instead of the summary.',
    },
    { name: '--json', help: 'Print the results as one JSON object.' },
    {
      name: '--cycles',
      value: 'N',
      help: 'Stop at cycle N (0..10,000,000) instead of running to the halt.',
    },
    {
      name: '--seed',
      value: 'N',
      help: "Use seed N (0..4,294,967,295) instead of the scenario's seed.",
    },
    {
      name: '--set',
      value: 'path=value',
      repeat: true,
      help: 'Change one field of the scenario before it is checked; repeat for several.',
    },
    {
      name: '--warmup',
      value: 'N',
      help: 'A network: leave the first N cycles out of the statistics.',
    },
    {
      name: '--window',
      value: 'N',
      help: 'A network: measure the N cycles (1..10,000,000) after the warm-up.',
    },
  ],
  positionals: { name: 'scenario', max: 1 },
  exitCodes: [
    [0, 'the scenario ran (or --list, --help printed)'],
    [1, 'the scenario could not be loaded (CLI003, CLI005, SCN001-SCN015)'],
    [2, 'the command line is wrong (CLI001, CLI002, CLI004)'],
  ],
  docs: 'docs/cli.md',
};

const USAGE = usageText(SIM_TOOL);

function optionsOf(args: Args): { ok: true; opts: Options } | { ok: false; issue: InputIssue } {
  const opts: Options = {
    overrides: [],
    json: has(args, '--json'),
    list: has(args, '--list'),
    narrate: has(args, '--narrate'),
  };
  if (args.positionals[0] !== undefined) opts.scenario = args.positionals[0];
  const ints: [string, number, number, (v: number) => void][] = [
    ['--seed', 0, 0xffffffff, (v) => (opts.seed = v)],
    ['--cycles', 0, 10_000_000, (v) => (opts.cycles = v)],
    ['--warmup', 0, 10_000_000, (v) => (opts.warmup = v)],
    ['--window', 1, 10_000_000, (v) => (opts.window = v)],
  ];
  for (const [flag, min, max, set] of ints) {
    if (!has(args, flag)) continue;
    const v = intFlag(flag, valueOf(args, flag), min, max);
    if (typeof v !== 'number') return { ok: false, issue: v };
    set(v);
  }
  for (const [text] of valuesOf(args, '--set')) {
    const parsed = parseOverride(text ?? '');
    if (!parsed.ok)
      return {
        ok: false,
        issue: {
          ...parsed.error,
          code: 'CLI002',
          path: '--set',
          message: parsed.error.path
            ? `${parsed.error.path}: ${parsed.error.message}`
            : parsed.error.message,
        },
      };
    opts.overrides.push(parsed.value);
  }
  return { ok: true, opts };
}

const fmtDistribution = (d: Distribution): string =>
  `mean ${d.mean.toFixed(1)}, p50 ${d.p50}, p95 ${d.p95}, p99 ${d.p99}, max ${d.max} cycles`;

/** A network run's statistics: loads, latencies, hops and deroutes over the window. */
function windowLines(m: WindowStats, whole: NetworkStats): string[] {
  return [
    `measured cycles ${m.warmup + 1}–${m.warmup + m.window} (warm-up ${m.warmup}): offered ${m.offeredLoad.toFixed(3)}, accepted ${m.acceptedLoad.toFixed(3)} phits/node/cycle; packets created ${m.packets}, delivered ${m.delivered}, unfinished at the end ${m.unfinished}`,
    `latency (creation → delivery): ${fmtDistribution(m.latency)}`,
    `network latency (injection → delivery): ${fmtDistribution(m.networkLatency)}`,
    `hops mean ${m.hops.mean.toFixed(2)}, max ${m.hops.max}; deroutes ${m.deroutes.total} (${m.deroutes.perPacket.toFixed(3)} per packet)`,
    `whole run: packets created ${whole.created}, refused ${whole.refused}, delivered ${whole.delivered}, in flight ${whole.inFlight}; link utilisation ${(whole.linkUtilisation * 100).toFixed(1)}%`,
  ];
}

/**
 * The measurement window of a network run (the session is at its last cycle): from the flags,
 * else the default; checked against the cycles run. Leaves the session where it was.
 */
function measureWindow(
  session: Session,
  measured: MeasuredTraffic,
  opts: Options,
  target: number,
): { ok: true; value: WindowStats } | { ok: false; issue: InputIssue } {
  const scenario = session.scenario;
  const end = session.cycle;
  const torus = moduleOf(session.meta.model).capabilities.torus!.meta(session.meta);
  const shape = { nodes: torus.topology.attached ** 2, packetPhits: torus.packetPhits };
  const until = measured.until(ownScenario(scenario));
  const traffic = until === null ? null : { until };
  // A run stopped early (--cycles) is measured up to where it stopped.
  const defaults = defaultMeasurementWindow(
    traffic && { until: Math.min(traffic.until, end) },
    end,
  );
  const warmup = opts.warmup ?? defaults.warmup;
  const window =
    opts.window ??
    (opts.warmup === undefined
      ? defaults.window
      : Math.max(1, (traffic ? Math.min(traffic.until, end) : end) - warmup));
  if (warmup + window > target) {
    return {
      ok: false,
      issue: {
        code: 'CLI002',
        path: opts.window === undefined ? '--warmup' : '--window',
        message: `the measurement window (warm-up ${warmup}, window ${window}) ends at cycle ${warmup + window}, after the last cycle run (${target})`,
      },
    };
  }
  const events = session.eventsUpToNow();
  const countsAt = (cycle: number) => {
    session.seek(cycle);
    return measured.torusStats(session.stats());
  };
  const atStart = countsAt(warmup);
  const atEnd = countsAt(warmup + window);
  countsAt(end);
  return { ok: true, value: windowStats({ warmup, window }, shape, atStart, atEnd, events) };
}

/** Runs the tool on parsed flags; prints through `io`. Exported for the tests and the fuzz suite. */
export function simMain(args: Args, io: Output, maxCycles = Infinity): number {
  const parsed = optionsOf(args);
  if (!parsed.ok) {
    io.err(formatIssue(parsed.issue));
    return 2;
  }
  const { opts } = parsed;
  if (opts.list) {
    for (const s of builtinScenarios) {
      const doc = s.doc as { title: string; topic?: string };
      io.out(`${s.id.padEnd(28)} ${(doc.topic ?? TOPIC_NAMES[0]).padEnd(12)} ${doc.title}`);
    }
    return 0;
  }
  if (opts.scenario === undefined) {
    io.err(
      formatIssue({
        code: 'CLI004',
        path: '<scenario>',
        message: `a scenario file or built-in id is required\n${USAGE}`,
      }),
    );
    return 2;
  }
  const loaded = loadScenarioArg(opts.scenario, opts.overrides, opts.seed);
  if (!loaded.ok) {
    for (const issue of loaded.error) io.err(formatIssue(issue));
    // Exit 2 for a misused command line (a bad --set), 1 for a scenario that does not load.
    return loaded.error.some((i) => i.code === 'CLI002') ? 2 : 1;
  }
  const scenario = loaded.value;
  const session = new Session(scenario, { keyframeEvery: 1024 });
  // `maxCycles` lets a caller that must stay quick (the fuzz suite) cap any run.
  const target = Math.min(opts.cycles ?? scenario.limits.maxCycles, maxCycles);
  if (opts.narrate) {
    for (let c = 1; c <= target && c <= session.timeline.lastCycle; c++) {
      const view = session.seek(c);
      if (view.events.length > 0) io.out(`${String(c).padStart(7)}  ${view.narration}`);
      if (view.endCycle !== null && c >= view.endCycle) break;
    }
  } else session.seek(target);
  const module = moduleOf(scenario.system.kind);
  const stats = session.stats();
  const measured = module.capabilities.measuredTraffic;
  let measurement: WindowStats | undefined;
  if (measured) {
    const result = measureWindow(session, measured, opts, target);
    if (!result.ok) {
      io.err(formatIssue(result.issue));
      return 2;
    }
    measurement = result.value;
  } else if (opts.warmup !== undefined || opts.window !== undefined) {
    const kinds = ALL_MODELS.filter((m) => m.capabilities.measuredTraffic).map((m) => m.kind);
    io.err(
      formatIssue({
        code: 'CLI002',
        path: opts.warmup !== undefined ? '--warmup' : '--window',
        message: `only a ${kinds.join(' or ')} scenario has a measurement window, and ${scenario.id} is a ${module.kind} scenario`,
      }),
    );
    return 2;
  }
  const own = ownScenario(scenario);
  const result = {
    scenario: scenario.id,
    title: scenario.title,
    model: module.kind,
    seed: scenario.seed,
    ...module.settings(own),
    cycles: session.cycle,
    halted: session.timeline.endCycle !== null && session.cycle >= session.timeline.endCycle,
    events: session.eventsUpToNow().length,
    eventsDigest: session.eventsDigest(),
    invariantViolations: session.eventsUpToNow().filter((e) => e.kind === 'invariant.violation')
      .length,
    stats,
    ...(measurement ? { measurement } : {}),
  };
  if (opts.json) io.out(JSON.stringify(result, null, 2));
  else if (!opts.narrate) {
    io.out(`${result.title} (${result.scenario}), ${module.describe(own)}, seed ${result.seed}`);
    io.out(
      `cycles ${result.cycles}${result.halted ? ' (halted)' : ''}, events ${result.events}, digest ${result.eventsDigest}, invariant violations ${result.invariantViolations}`,
    );
    const lines =
      measurement && measured
        ? windowLines(measurement, measured.torusStats(stats))
        : module.summary(stats);
    for (const line of lines) io.out(line);
  }
  return 0;
}

export const runSim = (argv: readonly string[], io: Output, maxCycles = Infinity): number =>
  runCommand(SIM_TOOL, argv, (args, out) => simMain(args, out, maxCycles), io);

/** The first argument that runs the message bench, with its own flags and help. */
const BENCH_COMMAND = 'bench';

export const runMessageBench = (argv: readonly string[], io: Output): number =>
  runCommand(BENCH_TOOL, argv, (args, out) => benchMain(args, out), io);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const argv = process.argv.slice(2);
  if (argv[0] === BENCH_COMMAND)
    runTool(BENCH_TOOL, argv.slice(1), (args, io) => benchMain(args, io, () => performance.now()));
  else runTool(SIM_TOOL, argv, simMain);
}
