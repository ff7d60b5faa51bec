/**
 * The race (the bench model's run, issue 18): one message of the workload's size and provenance
 * through every chosen NI at once. Each NI's point is measured by its own model (bench.ts, one
 * latency run each, when the race is made: the race needs no stream); the race replays the measured message on a common
 * axis of one nanosecond a cycle — each part starting when its phase slice starts, told at the
 * bench's clock — so a student watches every NI's message cross at once and the anatomy bars
 * grow. The state is the cycle alone: the lanes never change, so a snapshot is tiny.
 */
import { anatomy } from '../ledger/phase-ledger';
import { PHASE_CATEGORIES, type PhaseCategory, type PhaseSlice } from '../ledger/phase-events';
import type { ModelInstance, ModelState } from '../model';
import type { BenchClock } from './bench-clock';
import type { BenchEvent, BenchModelEvent } from './bench-events';
import type { BenchFrame, BenchLane, BenchLaneFrame, BenchMeta, BenchStats } from './bench-frame';
import { benchNis, type BenchNi } from './bench';
import { measuredRow } from './bench-points';
import type { BenchNetwork, Provenance } from '../messaging';

/** The race's state: the cycle (one a nanosecond) and how many NIs have delivered. */
export interface BenchState extends ModelState {
  delivered: number;
}

export interface BenchConfig {
  nis: BenchNi[];
  bytes: number;
  provenance: Provenance;
  clock: BenchClock;
  network: BenchNetwork;
}

const zeroCategories = (): Record<PhaseCategory, number> =>
  Object.fromEntries(PHASE_CATEGORIES.map((c) => [c, 0])) as Record<PhaseCategory, number>;

/** The slices clipped to the first `cycles` of the message. */
const clipped = (slices: readonly PhaseSlice[], cycles: number) =>
  slices.filter((s) => s.start < cycles).map((s) => ({ ...s, end: Math.min(s.end, cycles) }));

/** The first cycle of the race at which a moment `ns` into it has happened (at least 1). */
const cycleOf = (ns: number) => Math.max(1, Math.ceil(ns - 1e-9));

export class BenchRace implements ModelInstance<
  BenchState,
  BenchFrame,
  BenchStats,
  BenchModelEvent
> {
  state: BenchState = { cycle: 0, halted: false, delivered: 0 };
  readonly lanes: BenchLane[];
  private readonly slices: (readonly PhaseSlice[])[];
  /** The race's events by the cycle they happen at. */
  private readonly schedule = new Map<number, BenchEvent[]>();
  private readonly lastCycle: number;

  constructor(readonly config: BenchConfig) {
    const points = config.nis.map((ni) =>
      measuredRow(ni, config.bytes, config.provenance, config.clock, false, config.network),
    );
    this.lanes = points.map(({ row }, i) => ({
      model: config.nis[i]!.model,
      variant: config.nis[i]!.variant,
      label: config.nis[i]!.label,
      row,
      nsPerCycle:
        row.latencyCycles && row.latencyNs !== null ? row.latencyNs / row.latencyCycles : null,
    }));
    this.slices = points.map((p) => p.slices);
    const at = (cycle: number, e: BenchEvent) =>
      this.schedule.set(cycle, [...(this.schedule.get(cycle) ?? []), e]);
    const deliveries: { lane: number; ns: number }[] = [];
    this.lanes.forEach((lane, i) => {
      const ni = lane.variant;
      if (lane.nsPerCycle === null || lane.row.latencyNs === null) {
        at(1, { kind: 'bench.unavailable', lane: i, ni, why: lane.row.problem ?? 'no latency' });
        return;
      }
      at(1, { kind: 'bench.send', lane: i, ni });
      const ns = lane.nsPerCycle;
      // A part that starts once the receiver has the message is not the race's (CNI's anatomy
      // runs to the send's completion, its latency is half a round trip).
      const within = this.slices[i]!.filter((s) => s.start * ns < lane.row.latencyNs!);
      for (const s of [...within].sort((a, b) => a.start - b.start))
        at(cycleOf(s.start * ns), {
          kind: 'bench.phase',
          lane: i,
          ni,
          category: s.category,
          actor: s.actor,
          phase: s.phase,
        });
      deliveries.push({ lane: i, ns: lane.row.latencyNs });
    });
    deliveries
      .sort((a, b) => a.ns - b.ns || a.lane - b.lane)
      .forEach((d, k) =>
        at(cycleOf(d.ns), {
          kind: 'bench.delivered',
          lane: d.lane,
          ni: this.lanes[d.lane]!.variant,
          rank: k + 1,
          ns: d.ns,
          cycles: this.lanes[d.lane]!.row.latencyCycles!,
        }),
      );
    this.lastCycle = Math.max(1, ...this.schedule.keys());
  }

  step(): BenchModelEvent[] {
    if (this.state.halted) return [];
    this.state.cycle += 1;
    if (this.state.cycle >= this.lastCycle) this.state.halted = true;
    const events: BenchModelEvent[] = [...(this.schedule.get(this.state.cycle) ?? [])];
    for (const e of [...events]) if (e.kind === 'bench.delivered') events.push(...this.check(e));
    return events;
  }

  /** The 'delivery' rule: each delivery comes once, at its latency, next in rank. */
  private check(e: Extract<BenchEvent, { kind: 'bench.delivered' }>): BenchModelEvent[] {
    this.state.delivered += 1;
    const due = cycleOf(this.lanes[e.lane]?.row.latencyNs ?? Infinity);
    if (e.rank === this.state.delivered && due === this.state.cycle) return [];
    return [
      {
        kind: 'invariant.violation',
        rule: 'delivery',
        block: e.lane,
        detail: `${e.ni} delivered as no. ${e.rank} at ${this.state.cycle} ns, expected no. ${this.state.delivered} at ${due} ns`,
      },
    ];
  }

  /** The rank of each lane delivered by now (in order of latency, ties by lane). */
  private ranks(t: number): (number | null)[] {
    const done = this.lanes
      .map((l, i) => ({ i, ns: l.row.latencyNs }))
      .filter((d): d is { i: number; ns: number } => d.ns !== null && cycleOf(d.ns) <= t)
      .sort((a, b) => a.ns - b.ns || a.i - b.i);
    const rank: (number | null)[] = this.lanes.map(() => null);
    done.forEach((d, k) => (rank[d.i] = k + 1));
    return rank;
  }

  frame(): BenchFrame {
    const t = this.state.cycle;
    const ranks = this.ranks(t);
    const lanes = this.lanes.map((lane, i): BenchLaneFrame => {
      const ns = lane.nsPerCycle;
      const total = lane.row.latencyNs;
      if (ns === null || total === null)
        return { status: 'unavailable', elapsedNs: 0, byCategoryNs: zeroCategories(), rank: null };
      const elapsedNs = Math.min(t, total);
      const a = anatomy(clipped(this.slices[i]!, elapsedNs / ns));
      const byCategoryNs = zeroCategories();
      if (a) for (const c of PHASE_CATEGORIES) byCategoryNs[c] = a.byCategory[c] * ns;
      return {
        status: ranks[i] === null ? 'sending' : 'delivered',
        elapsedNs,
        byCategoryNs,
        rank: ranks[i] ?? null,
      };
    });
    return { model: 'bench', cycle: t, halted: this.state.halted, lanes, stats: this.stats() };
  }

  stats(): BenchStats {
    const ranks = this.ranks(this.state.cycle);
    const lanes = this.lanes.map((l, i) => ({
      label: l.label,
      latencyNs: l.row.latencyNs,
      latencyCycles: l.row.latencyCycles,
      mbPerS: l.row.mbPerS,
      rank: ranks[i] ?? null,
      problem: l.row.problem,
    }));
    const first = lanes.find((l) => l.rank === 1);
    return { cycles: this.state.cycle, lanes, first: first?.label ?? null };
  }

  meta(): BenchMeta {
    return {
      model: 'bench',
      bytes: this.config.bytes,
      provenance: this.config.provenance,
      clock: this.config.clock,
      lanes: this.lanes,
      every: benchNis(),
      endNs: Math.max(0, ...this.lanes.map((l) => l.row.latencyNs ?? 0)),
      nodes: 1,
    };
  }
}
