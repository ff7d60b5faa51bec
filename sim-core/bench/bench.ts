/**
 * The message bench (round2-spec §A.3, issue 18): the same message through every NI NI Lab
 * models. Derived from the list of models like the fidelity rows: every model whose module has
 * the `messaging` capability (sim-core/messaging.ts) brings its NIs; for each chosen NI, size and
 * provenance the bench runs the adapter's own scenario to its halt and reads back the latency, its
 * anatomy and the stream's bandwidth. Deterministic: the same request gives the same table.
 */
import { anatomy } from '../ledger/phase-ledger';
import type { PhaseCategory, PhaseSlice } from '../ledger/phase-events';
import {
  OWN_NETWORK,
  type BenchNetwork,
  type MessageRequest,
  type MessageRun,
  type MessagingAdapter,
  type Provenance,
} from '../messaging';
import { ownScenario, type Clocks, type ModelModule, type ModelTypes } from '../model';
import { scenarioFormat } from '../scenario/format-slot';
import type { EventStamp } from '../trace/common-events';
import { benchNsPerCycle, type BenchClock } from './bench-clock';

export const BENCH_SIZES = [8, 64, 256, 1024, 4096] as const;
export const DEFAULT_PROVENANCES: readonly Provenance[] = ['produce', 'prepared-clean'];

export interface BenchRequest {
  /** Variant names (as the adapters list them); empty: every NI. */
  nis: readonly string[];
  sizes: readonly number[];
  provenances: readonly Provenance[];
  clock: BenchClock;
  /** Absent: each model's own network. */
  network?: BenchNetwork;
}

export interface BenchNi {
  model: string;
  variant: string;
  label: string;
}

export interface BenchRow extends BenchNi {
  bytes: number;
  provenance: Provenance;
  latencyCycles: number | null;
  latencyNs: number | null;
  /** The stream's payload bytes per cycle, and as MB/s at the chosen clock. */
  bytesPerCycle: number | null;
  mbPerS: number | null;
  /** Cycles per category of the measured message (overlaps counted once), and the overlap. */
  anatomy: { byCategory: Record<PhaseCategory, number>; overlap: number } | null;
  /** Settings the point rests on that the seed does not give (drawn hatched). */
  hatched: string[];
  /** The latency run, to open in its model's views at the measured message's end. */
  open: { scenario: Record<string, unknown>; cycle: number } | null;
  /** Why a number is missing (a run that failed or a point the model cannot make). */
  problem: string | null;
}

type Adapter = MessagingAdapter<object, { kind: string }>;

type SomeModel = ModelModule<ModelTypes>;

const adapterOf = (m: SomeModel): Adapter | undefined =>
  m.capabilities.messaging as Adapter | undefined;

/** A model's module by its kind, from the list the scenario format left (format-slot.ts). */
function moduleOf(kind: string): SomeModel {
  const module = scenarioFormat().modules.find((m) => m.kind === kind);
  if (!module) throw new Error(`no model "${kind}"`);
  return module;
}

/** Every NI the bench can run, model by model in the list's order. */
export function benchNis(): BenchNi[] {
  return scenarioFormat().modules.flatMap((m) =>
    (adapterOf(m)?.variants ?? []).map((v) => ({ model: m.kind, variant: v.name, label: v.label })),
  );
}

interface Run {
  record: MessageRun<object, { kind: string }>;
  clocks: Clocks | null;
}

/**
 * Runs a scenario document to its halt or its cycle limit; throws what the format says is wrong.
 * `keep` names the event kinds to keep (absent: all); each keeps its stamp in the whole run.
 */
export function runDocument(
  doc: Record<string, unknown>,
  keep?: readonly string[],
  /** Jump the cycles the model proves quiet (ModelInstance.skipQuiet); false: step each one. */
  skipQuiet = true,
): Run {
  const parsed = scenarioFormat().parse(doc);
  if (!parsed.ok) throw new Error(parsed.error.map((e) => `${e.path}: ${e.message}`).join('; '));
  const scenario = parsed.value;
  const module = moduleOf(scenario.system.kind);
  const config = module.configOf(ownScenario(scenario));
  const model = module.create(config);
  const events: ({ kind: string } & EventStamp)[] = [];
  const kept = keep && new Set(keep);
  let seq = 0;
  const maxCycles = scenario.limits.maxCycles;
  while (!model.state.halted && model.state.cycle < maxCycles) {
    if (skipQuiet && model.skipQuiet) {
      model.skipQuiet(maxCycles - model.state.cycle);
      if (model.state.cycle >= maxCycles) break;
    }
    for (const e of model.step()) {
      if (kept && !kept.has(e.kind)) {
        seq += 1;
        continue;
      }
      const stamped = e as { kind: string } & EventStamp;
      stamped.cycle = model.state.cycle;
      stamped.seq = seq++;
      events.push(stamped);
    }
  }
  if (!model.state.halted)
    throw new Error(`the run did not halt within ${scenario.limits.maxCycles} cycles`);
  const meta = module.meta(config, model);
  return {
    record: { stats: model.stats(), events },
    clocks: module.capabilities.clocks?.(meta) ?? null,
  };
}

const problemOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs already made, by their document: a point whose scenario is another's (a bandwidth run that
 * is the latency run; a provenance the model does not tell apart) reuses it.
 */
export type RunCache = Map<string, Run>;

function runOnce(doc: Record<string, unknown>, cache: RunCache, keep: readonly string[]): Run {
  const key = JSON.stringify(doc);
  const known = cache.get(key);
  if (known) return known;
  const run = runDocument(doc, keep);
  cache.set(key, run);
  return run;
}

/** A point measured in its model's own cycles, before its cycles are told as time. */
export interface Measurement {
  row: Omit<BenchRow, 'latencyNs' | 'mbPerS'>;
  /** The measured message's phase slices, from its first cycle (the race replays them). */
  slices: PhaseSlice[];
  clocks: Clocks | null;
  problems: string[];
  /** The network the point's message crossed. */
  network: BenchNetwork;
}

/** Runs a point's latency run and its bandwidth run (one run when they are the same). */
export function measurePoint(
  ni: BenchNi,
  bytes: number,
  provenance: Provenance,
  cache: RunCache = new Map(),
  /** False: the latency run alone (the race needs no stream). */
  withBandwidth = true,
  network: BenchNetwork = OWN_NETWORK,
): Measurement {
  const module = moduleOf(ni.model);
  const adapter = adapterOf(module)!;
  const req: MessageRequest = {
    variant: ni.variant,
    bytes,
    provenance,
    ...(network.kind === 'own' ? {} : { network }),
  };
  const row: Measurement['row'] = {
    ...ni,
    bytes,
    provenance,
    latencyCycles: null,
    bytesPerCycle: null,
    anatomy: null,
    hatched: adapter.defaults(req),
    open: null,
    problem: null,
  };
  const latencyScenario = adapter.scenario(req, 'latency');
  if ('unsupported' in latencyScenario)
    return { row, slices: [], clocks: null, problems: [latencyScenario.unsupported], network };
  const problems: string[] = [];
  let slices: PhaseSlice[] = [];
  let clocks: Clocks | null = null;
  try {
    const latencyRun = runOnce(latencyScenario.doc, cache, adapter.events);
    clocks = latencyRun.clocks;
    const measured = adapter.latency(req, latencyRun.record);
    if (typeof measured === 'string') problems.push(measured);
    else {
      const a = anatomy(measured.slices);
      row.latencyCycles = measured.cycles;
      row.anatomy = a && { byCategory: { ...a.byCategory }, overlap: a.overlap };
      row.open = { scenario: latencyScenario.doc, cycle: measured.end };
      slices = measured.slices.map((s) => ({
        ...s,
        start: s.start - measured.start,
        end: s.end - measured.start,
      }));
    }
  } catch (e) {
    problems.push(`latency run: ${problemOf(e)}`);
  }
  const streamScenario = withBandwidth ? adapter.scenario(req, 'bandwidth') : null;
  if (streamScenario === null) return { row, slices, clocks, problems, network };
  if ('unsupported' in streamScenario) problems.push(streamScenario.unsupported);
  else {
    try {
      const run = runOnce(streamScenario.doc, cache, adapter.events);
      clocks ??= run.clocks;
      const bpc = adapter.bandwidth(req, run.record);
      if (typeof bpc === 'string') problems.push(bpc);
      else row.bytesPerCycle = bpc;
    } catch (e) {
      problems.push(`bandwidth run: ${problemOf(e)}`);
    }
  }
  return { row, slices, clocks, problems, network };
}

/** A measured point told at a clock setting (bench-clock.ts). */
export function rowAt(m: Measurement, clock: BenchClock): BenchRow {
  const row: BenchRow = { ...m.row, latencyNs: null, mbPerS: null };
  const problems = [...m.problems];
  if (m.clocks) {
    const ns = benchNsPerCycle(
      m.clocks,
      clock,
      row.anatomy?.byCategory ?? null,
      m.network.kind !== 'own',
    );
    if (row.latencyCycles !== null) row.latencyNs = row.latencyCycles * ns;
    // Bytes per cycle over ns per cycle is bytes per ns: GB/s, times 1,000 for MB/s.
    if (row.bytesPerCycle !== null) row.mbPerS = (row.bytesPerCycle / ns) * 1000;
  } else if (problems.length === 0)
    problems.push('the model has no clocks: its cycles cannot be told as time');
  return { ...row, problem: problems.length ? problems.join('; ') : null };
}

/** One point of the bench: its latency run and its bandwidth run (one run when they are the same). */
export function benchRow(
  ni: BenchNi,
  bytes: number,
  provenance: Provenance,
  clock: BenchClock,
  cache: RunCache = new Map(),
  network: BenchNetwork = OWN_NETWORK,
): BenchRow {
  return rowAt(measurePoint(ni, bytes, provenance, cache, true, network), clock);
}

/** The points a request runs, NI by NI, size by size, provenance by provenance. */
export function benchPlan(
  request: BenchRequest,
): { ni: BenchNi; bytes: number; provenance: Provenance }[] {
  const chosen = new Set(request.nis.map((n) => n.toLowerCase()));
  const nis = benchNis().filter((n) => chosen.size === 0 || chosen.has(n.variant.toLowerCase()));
  return nis.flatMap((ni) =>
    request.sizes.flatMap((bytes) =>
      request.provenances.map((provenance) => ({ ni, bytes, provenance })),
    ),
  );
}

/** The whole table; `progress` hears of each point as it is done (the CLI's timing, the worker's bar). */
export function runBench(
  request: BenchRequest,
  progress: (row: BenchRow, done: number, of: number) => void = () => {},
): BenchRow[] {
  const plan = benchPlan(request);
  // Provenance is the innermost loop: only one NI and size's runs are kept at a time.
  const cache: RunCache = new Map();
  let point = '';
  return plan.map((p, i) => {
    if (`${p.ni.variant} ${p.bytes}` !== point) cache.clear();
    point = `${p.ni.variant} ${p.bytes}`;
    const row = benchRow(p.ni, p.bytes, p.provenance, request.clock, cache, request.network);
    progress(row, i + 1, plan.length);
    return row;
  });
}
