/**
 * npm run sim -- <scenario file or built-in id> [--seed N] [--cycles N] [--set path=value …] [--json]
 *                [--warmup N] [--window N]
 * npm run sim -- --list
 *
 * Runs the same sim-core as the app, in Node. Errors print a coded message and exit non-zero.
 * See docs/cli.md.
 */
import {
  formatIssue,
  parseOverride,
  Session,
  type InputIssue,
  type Override,
  type Stats,
} from '../sim-core/index';
import { builtinScenarios } from '../scenarios/index';
import {
  defaultMeasurementWindow,
  windowStats,
  type Distribution,
  type WindowStats,
} from '../sim-core/network/measure';
import type { NetworkStats } from '../sim-core/network/network-frame';
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

/** Human-readable statistics, per model. */
function summaryLines(stats: Stats): string[] {
  if ('packetsPlaced' in stats) {
    const lines = stats.messages.map(
      (m) =>
        `message ${m.id}: node ${m.src} → node ${m.dst}, ${m.bytes} B (${m.packets} packet${m.packets === 1 ? '' : 's'}) ${m.queue ? 'to the user queue' : 'by auto-receive'}: ${m.latency >= 0 ? `latency ${m.latency} cycles, ${m.throughput.toFixed(3)} B/cycle` : `not noticed by its receiver (${m.placed} of ${m.packets} placed)`}${m.outOfOrderPairs ? `, ${m.outOfOrderPairs} out-of-order pairs` : ''}`,
    );
    lines.push(
      `packets placed ${stats.packetsPlaced}; to error or system queues ${stats.toErrorQueues}; interrupts ${stats.interrupts}`,
    );
    return [...lines, ...summaryLines(stats.network)];
  }
  if ('ni' in stats) {
    const lines = [
      `messages: sent ${stats.messages.sent}, delivered ${stats.messages.delivered}, lost ${stats.messages.lost}; user messages complete ${stats.userMessages.completed}, mean latency ${stats.userMessages.meanLatency?.toFixed(1) ?? '—'} cycles`,
    ];
    if (stats.roundTrip !== null)
      lines.push(`round trip (median of the second half of the rounds): ${stats.roundTrip} cycles`);
    if (stats.bandwidth)
      lines.push(
        `bandwidth: ${stats.bandwidth.bytesPerCycle.toFixed(3)} B/cycle = ${(stats.bandwidth.ofLocalQueue * 100).toFixed(1)}% of the local-queue 144 MB/s`,
      );
    lines.push(
      `bus transactions per delivered message: ${stats.transactionsPerMessage.toFixed(2)}`,
    );
    for (const n of stats.nodes) {
      lines.push(
        `node ${n.id} bus: busy ${n.busyCycles} cycles (${(n.utilisation * 100).toFixed(1)}%), ${Object.entries(
          n.transactions,
        )
          .map(([k, v]) => `${k} ${v}`)
          .join(
            ', ',
          )}${n.nacks ? `, NACKs ${n.nacks}` : ''}${n.headRefreshes ? `, head refreshes ${n.headRefreshes}` : ''}`,
      );
    }
    return lines;
  }
  if ('caches' in stats) {
    const lines = [
      `bus: busy ${stats.bus.busyCycles} cycles (${(stats.bus.utilisation * 100).toFixed(1)}%), ${Object.entries(
        stats.bus.transactions,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}, cache-to-cache ${stats.bus.cacheToCache}`,
    ];
    for (const c of stats.caches) {
      lines.push(
        `P${c.id}: loads ${c.loads} (${c.loadHits} hit, ${c.loadMisses} miss), stores ${c.stores} (${c.storeHits} hit, ${c.storeMisses} miss), upgrades ${c.upgrades}, write-backs ${c.writebacks}, supplied ${c.suppliedBlocks}`,
      );
    }
    return lines;
  }
  const l = stats.latency;
  return [
    `load: offered ${stats.offeredLoad.toFixed(3)}, accepted ${stats.acceptedLoad.toFixed(3)} phits/node/cycle; packets created ${stats.created}, refused ${stats.refused}, delivered ${stats.delivered}, in flight ${stats.inFlight}`,
    `latency: mean ${l.mean.toFixed(1)}, p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, max ${l.max} cycles; in the network mean ${stats.networkLatency.mean.toFixed(1)} (min ${stats.networkLatency.min})`,
    `hops ${stats.hops.mean.toFixed(2)} per packet; deroutes ${stats.deroutes.total} (${stats.deroutes.perPacket.toFixed(3)} per packet); link utilisation ${(stats.linkUtilisation * 100).toFixed(1)}%`,
  ];
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
  shape: { nodes: number; packetPhits: number },
  opts: Options,
  target: number,
): { ok: true; value: WindowStats } | { ok: false; issue: InputIssue } {
  const scenario = session.scenario;
  const end = session.cycle;
  const traffic = 'traffic' in scenario.workload ? scenario.workload.traffic : null;
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
    return session.stats() as NetworkStats;
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
      console.log(`${s.id.padEnd(28)} ${(doc.topic ?? 'coherence').padEnd(12)} ${doc.title}`);
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
  const system = scenario.system;
  const stats = session.stats();
  let measurement: WindowStats | undefined;
  if (session.meta.model === 'network') {
    const measured = measureWindow(session, session.meta, opts, target);
    if (!measured.ok) {
      console.error(formatIssue(measured.issue));
      return 2;
    }
    measurement = measured.value;
  } else if (opts.warmup !== undefined || opts.window !== undefined) {
    console.error(
      formatIssue({
        code: 'CLI002',
        path: opts.warmup !== undefined ? '--warmup' : '--window',
        message: `only a network scenario has a measurement window, and ${scenario.id} is a ${system.kind} scenario`,
      }),
    );
    return 2;
  }
  const result = {
    scenario: scenario.id,
    title: scenario.title,
    model: system.kind,
    seed: scenario.seed,
    ...(system.kind === 'bus'
      ? { protocol: system.protocol }
      : system.kind === 'network'
        ? { router: system.router }
        : system.kind === 'cranium'
          ? { router: system.router, ni: system.ni, scheduler: system.scheduler }
          : { ni: system.ni, bus: system.bus }),
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
    const what =
      system.kind === 'bus'
        ? system.protocol
        : system.kind === 'network'
          ? `${system.k}×${system.k} ${system.topology}, ${system.router} router`
          : system.kind === 'cranium'
            ? `${system.k}×${system.k} ${system.topology}, ${system.router} router, ${system.ni === 'ideal' ? 'ideal NI' : 'Cranium NI'}, ${system.memory} memory, ${system.scheduler} scheduler`
            : `${system.nodes} node${system.nodes === 1 ? '' : 's'}, ${system.ni} on the ${system.bus === 'io' ? 'I/O' : 'memory'} bus`;
    console.log(`${result.title} (${result.scenario}), ${what}, seed ${result.seed}`);
    console.log(
      `cycles ${result.cycles}${result.halted ? ' (halted)' : ''}, events ${result.events}, digest ${result.eventsDigest}, invariant violations ${result.invariantViolations}`,
    );
    const lines =
      measurement && 'created' in stats ? windowLines(measurement, stats) : summaryLines(stats);
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
