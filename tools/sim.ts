/**
 * npm run sim -- <scenario file or built-in id> [--seed N] [--cycles N] [--set path=value …] [--json]
 *                [--warmup N] [--window N]
 * npm run sim -- --list
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
import { loadScenarioArg } from './scenario-source';

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

const USAGE =
  'usage: npm run sim -- <scenario file | built-in id> [--seed N] [--cycles N] [--set path=value ...] [--json] [--narrate]\n                      [--warmup N] [--window N]\n       npm run sim -- --list';

function parseArgs(argv: string[]): { ok: true; opts: Options } | { ok: false; issue: InputIssue } {
  const opts: Options = { overrides: [], json: false, list: false, narrate: false };
  const intArg = (
    flag: string,
    raw: string | undefined,
    max: number,
    min = 0,
  ): number | InputIssue => {
    if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) > max || Number(raw) < min) {
      return {
        code: 'CLI002',
        path: flag,
        message: `expected an integer ${min}..${max}, got ${raw === undefined ? 'nothing' : JSON.stringify(raw)}`,
      };
    }
    return Number(raw);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') opts.json = true;
    else if (a === '--list') opts.list = true;
    else if (a === '--narrate') opts.narrate = true;
    else if (a === '--seed' || a === '--cycles') {
      const v = intArg(a, argv[++i], a === '--seed' ? 0xffffffff : 10_000_000);
      if (typeof v !== 'number') return { ok: false, issue: v };
      if (a === '--seed') opts.seed = v;
      else opts.cycles = v;
    } else if (a === '--warmup' || a === '--window') {
      const v = intArg(a, argv[++i], 10_000_000, a === '--window' ? 1 : 0);
      if (typeof v !== 'number') return { ok: false, issue: v };
      if (a === '--warmup') opts.warmup = v;
      else opts.window = v;
    } else if (a === '--set') {
      const parsed = parseOverride(argv[++i] ?? '');
      if (!parsed.ok)
        return { ok: false, issue: { ...parsed.error, code: 'CLI002', path: '--set' } };
      opts.overrides.push(parsed.value);
    } else if (a.startsWith('--')) {
      return { ok: false, issue: { code: 'CLI001', path: a, message: `unknown option\n${USAGE}` } };
    } else if (opts.scenario === undefined) opts.scenario = a;
    else
      return {
        ok: false,
        issue: {
          code: 'CLI001',
          path: a,
          message: `unexpected argument (one scenario at a time)\n${USAGE}`,
        },
      };
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

function main(argv: string[]): number {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    console.error(formatIssue(parsed.issue));
    return 2;
  }
  const { opts } = parsed;
  if (opts.list) {
    for (const s of builtinScenarios) {
      const doc = s.doc as { title: string; topic?: string };
      console.log(`${s.id.padEnd(28)} ${(doc.topic ?? TOPIC_NAMES[0]).padEnd(12)} ${doc.title}`);
    }
    return 0;
  }
  if (opts.scenario === undefined) {
    console.error(
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
    for (const issue of loaded.error) console.error(formatIssue(issue));
    // Exit 2 for a misused command line, 1 for a scenario that does not validate.
    return loaded.error.some((i) => i.code.startsWith('CLI')) ? 2 : 1;
  }
  const scenario = loaded.value;
  const session = new Session(scenario, { keyframeEvery: 1024 });
  const target = opts.cycles ?? scenario.limits.maxCycles;
  if (opts.narrate) {
    for (let c = 1; c <= target && c <= session.timeline.lastCycle; c++) {
      const view = session.seek(c);
      if (view.events.length > 0) console.log(`${String(c).padStart(7)}  ${view.narration}`);
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
      console.error(formatIssue(result.issue));
      return 2;
    }
    measurement = result.value;
  } else if (opts.warmup !== undefined || opts.window !== undefined) {
    const kinds = ALL_MODELS.filter((m) => m.capabilities.measuredTraffic).map((m) => m.kind);
    console.error(
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
  if (opts.json) console.log(JSON.stringify(result, null, 2));
  else if (!opts.narrate) {
    console.log(
      `${result.title} (${result.scenario}), ${module.describe(own)}, seed ${result.seed}`,
    );
    console.log(
      `cycles ${result.cycles}${result.halted ? ' (halted)' : ''}, events ${result.events}, digest ${result.eventsDigest}, invariant violations ${result.invariantViolations}`,
    );
    const lines =
      measurement && measured
        ? windowLines(measurement, measured.torusStats(stats))
        : module.summary(stats);
    for (const line of lines) console.log(line);
  }
  return 0;
}

// A reader that stops early (`| head`) is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});
process.exitCode = main(process.argv.slice(2));
