/**
 * The timeline: exact time travel by keyframes and deterministic replay (never hand-written undo).
 *
 * Every cycle that has ever run is "explored": its events are in the log. A snapshot is kept every
 * `keyframeEvery` cycles. Seeking to cycle c restores the last keyframe at or before c (only when
 * going back, or when it skips work going forward) and replays; replayed cycles re-create events
 * that are already logged, and with `verifyReplay` they are checked against the log.
 *
 * Exploring ahead of the shown cycle (`exploreTo`) runs a second simulation, the explorer, so the
 * shown one never moves: a run can be explored in slices while it is watched. Whichever of the two
 * stands at the explored frontier steps it; both step from exact states in cycle order, so the
 * log and the keyframes are the same whatever the order of seeks and explorations.
 */
import type { Simulation, SimSnapshot } from '../sim';
import { EventLog } from './event-log';
import type { SimEvent, SimEventBody } from './events';

/** How often a timeline keeps a keyframe, in cycles, unless told otherwise (a step back replays at most this many). */
export const DEFAULT_KEYFRAME_EVERY = 64;

/** Cycles between the shown run's near snapshots, and how many are kept unless told otherwise. */
const NEAR_SPACING = 8;
const NEAR_SNAPSHOTS = 8;

export interface TimelineOptions {
  keyframeEvery: number;
  /** Never explore past this cycle (a scenario that does not halt stops here). */
  maxCycles: number;
  verifyReplay?: boolean;
  /** Makes the explorer: another simulation of the same scenario (its state is restored). */
  spawn?: () => Simulation;
}

export class Timeline {
  readonly log = new EventLog();
  /** keyframes[k]: the snapshot at cycle k × keyframeEvery, kept for k a multiple of `stride`. */
  private readonly keyframes: (SimSnapshot | undefined)[] = [];
  /** Keyframes kept every `stride` × keyframeEvery cycles (doubled by thinKeyframes). */
  private stride = 1;
  /**
   * Snapshots of the shown simulation by cycle, taken where the user moves by small steps and along
   * the replay of a step back (NEAR_SPACING apart), so the next step back replays a few cycles
   * instead of up to a keyframe spacing. At most `nearLimit`, those nearest the shown cycle kept.
   */
  private readonly near = new Map<number, SimSnapshot>();
  /** How many near snapshots may be kept (the worker lowers it when a snapshot is heavy). */
  nearLimit = NEAR_SNAPSHOTS;
  /** The simulation that explores ahead; made on first use, stale while behind the frontier. */
  private explorer: Simulation | null = null;
  /** The events of the shown run's last replayed step (a model keeps none of them). */
  private shownStep: { cycle: number; events: readonly SimEventBody[] } | null = null;
  /** The simulation that recomputes the log's dropped chunks; made on first use. */
  private recomputer: Simulation | null = null;
  explored = 0;
  endCycle: number | null = null;
  /** Exploration stops here though the run goes on (its memory budget ran out); null: it may go on. */
  cap: number | null = null;

  constructor(
    private readonly sim: Simulation,
    private readonly opts: TimelineOptions,
  ) {
    this.keyframes.push(sim.snapshot());
    if (sim.halted) this.endCycle = 0;
  }

  get cycle(): number {
    return this.sim.cycle;
  }

  /** The last cycle one may visit: the halt, or the exploration limit (or where it was stopped). */
  get lastCycle(): number {
    const last = this.endCycle ?? this.opts.maxCycles;
    return this.cap === null ? last : Math.min(last, this.cap);
  }

  /** Explores nothing past the explored part from now on (the run's memory budget ran out). */
  stopExploring(): void {
    this.cap = this.explored;
  }

  /** Whether every cycle up to the last one is explored. */
  get complete(): boolean {
    return this.explored >= this.lastCycle;
  }

  /**
   * Stamps a step's events with their cycle and place in the log. A model hands over fresh event
   * objects every step and keeps none, so they are stamped where they are: a stamped copy of each
   * doubled the garbage of a long exploration.
   */
  private stamp(events: SimEventBody[], cycle: number): SimEvent[] {
    let seq = this.log.length;
    for (const e of events) {
      const stamped = e as SimEvent;
      stamped.cycle = cycle;
      stamped.seq = seq++;
    }
    return events as SimEvent[];
  }

  /** Steps `sim`, which stands at the explored frontier, one new cycle. */
  private stepLive(sim: Simulation): void {
    const stamped = this.stamp(sim.step(), sim.cycle);
    const c = sim.cycle;
    this.log.append(c, stamped);
    this.explored = c;
    if (c % (this.opts.keyframeEvery * this.stride) === 0)
      this.keyframes[c / this.opts.keyframeEvery] = sim.snapshot();
    if (sim.halted && this.endCycle === null) this.endCycle = c;
  }

  private stepReplay(sim: Simulation): void {
    const events = sim.step();
    if (sim === this.sim) this.shownStep = { cycle: sim.cycle, events };
    // The recomputer replays to rebuild dropped events: there is nothing to check it against.
    if (!this.opts.verifyReplay || sim === this.recomputer) return;
    const c = sim.cycle;
    const logged = this.log.eventsAt(c);
    const again = JSON.stringify(events);
    const before = JSON.stringify(logged.map(({ cycle: _c, seq: _s, ...body }) => body));
    if (again !== before) throw new Error(`replay diverged from the log at cycle ${c}`);
  }

  /**
   * Brings `sim` to `goal` ≤ explored: the keyframe (or, for the shown run, the near snapshot)
   * before it when that skips work, then replay.
   */
  private replayTo(sim: Simulation, goal: number): void {
    let k = Math.min(Math.floor(goal / this.opts.keyframeEvery), this.keyframes.length - 1);
    while (this.keyframes[k] === undefined) k--;
    let from = k * this.opts.keyframeEvery;
    let snapshot = this.keyframes[k]!;
    const shown = sim === this.sim;
    if (shown)
      for (const [cycle, near] of this.near)
        if (cycle <= goal && cycle > from) [from, snapshot] = [cycle, near];
    const back = goal < sim.cycle;
    if (back || from > sim.cycle) sim.restore(snapshot);
    while (sim.cycle < goal) {
      this.stepReplay(sim);
      if (shown && back && sim.cycle % NEAR_SPACING === 0) this.keepNear();
    }
  }

  /** Keeps a near snapshot of the shown run where it stands, dropping the farthest one. */
  private keepNear(): void {
    const here = this.sim.cycle;
    if (this.nearLimit === 0 || this.near.has(here) || here % this.keyframeSpacing === 0) return;
    this.near.set(here, this.sim.snapshot());
    while (this.near.size > this.nearLimit) {
      let farthest = here;
      for (const cycle of this.near.keys())
        if (Math.abs(cycle - here) > Math.abs(farthest - here)) farthest = cycle;
      this.near.delete(farthest);
    }
  }

  /** A small move of the shown run: keeps a near snapshot where it stands, unless one is close below. */
  private nearSmallMove(goal: number): void {
    const here = this.sim.cycle;
    if (Math.abs(goal - here) > NEAR_SPACING || here % this.keyframeSpacing < NEAR_SPACING) return;
    for (const cycle of this.near.keys()) if (cycle <= here && here - cycle < NEAR_SPACING) return;
    this.keepNear();
  }

  /** How many near snapshots may be kept (0: none); the worker weighs them with the keyframes. */
  setNearLimit(limit: number): void {
    this.nearLimit = Math.max(0, limit);
    for (const cycle of [...this.near.keys()].slice(limit)) this.near.delete(cycle);
  }

  /** The near snapshots kept now. */
  get nearCount(): number {
    return this.near.size;
  }

  private halts(sim: Simulation): boolean {
    return sim.halted && this.endCycle !== null && sim.cycle >= this.endCycle;
  }

  /** Moves the simulation to `target` (clamped to 0 … lastCycle); returns the cycle reached. */
  seek(target: number): number {
    let goal = Math.max(0, Math.min(Math.floor(target), this.lastCycle));
    // Ahead of the frontier and not standing on it: the explorer goes first, the shown run replays.
    if (this.opts.spawn && goal > this.explored && this.sim.cycle !== this.explored) {
      this.exploreTo(goal);
      goal = Math.min(goal, this.lastCycle);
    }
    this.nearSmallMove(goal);
    this.replayTo(this.sim, Math.min(goal, this.explored));
    while (this.sim.cycle < goal && !this.halts(this.sim)) this.stepLive(this.sim);
    return this.sim.cycle;
  }

  /** Explores ahead to `target` (or the halt) without moving the shown cycle. */
  exploreTo(target: number): void {
    const goal = Math.min(Math.floor(target), this.lastCycle);
    if (goal <= this.explored) return;
    if (!this.opts.spawn) {
      const here = this.sim.cycle;
      this.seek(goal);
      this.seek(here);
      return;
    }
    const explorer = (this.explorer ??= this.opts.spawn());
    // Stale after the shown run stepped the frontier itself: catch up from the log's keyframes.
    if (explorer.cycle !== this.explored) this.replayTo(explorer, this.explored);
    while (explorer.cycle < goal && !this.halts(explorer)) this.stepLive(explorer);
  }

  /**
   * The events of an explored cycle. Those of the cycle the shown run just replayed come from that
   * step (stamped as logged), so a seek never recomputes the log's dropped chunk for them.
   */
  eventsAt(cycle: number): SimEvent[] {
    const step = this.shownStep;
    if (step?.cycle !== cycle || step.cycle !== this.sim.cycle || cycle > this.explored)
      return this.log.eventsAt(cycle);
    let seq = this.log.firstAtCycle(cycle);
    return step.events.map((e) => ({ ...e, cycle, seq: seq++ }) as SimEvent);
  }

  /** The first explored cycle after `cycle` that has events, or null. */
  nextEventCycle(cycle: number): number | null {
    const from = this.log.firstAtCycle(cycle + 1);
    return from < this.log.length ? this.log.cycleOf(from) : null;
  }

  /** The last cycle before `cycle` that has events, or null. */
  prevEventCycle(cycle: number): number | null {
    const before = this.log.firstAtCycle(Math.min(cycle, this.explored + 1)) - 1;
    return before >= 0 ? this.log.cycleOf(before) : null;
  }

  /**
   * Holds at most `maxEvents` of the log's events in memory from now on; the others are recomputed
   * by replay when read (a run needs a way to make another simulation for it: `spawn`).
   */
  boundLog(maxEvents: number): void {
    if (this.opts.spawn) this.log.bound(maxEvents, (first, last) => this.replayCycles(first, last));
  }

  /** Whether the log recomputes dropped events with a simulation of its own (weighed as a keyframe). */
  get recomputes(): boolean {
    return this.recomputer !== null;
  }

  /** The events of cycles `first` … `last` (explored), replayed by the recomputer and stamped. */
  private replayCycles(first: number, last: number): SimEvent[] {
    const sim = (this.recomputer ??= this.opts.spawn!());
    this.replayTo(sim, first - 1);
    const out: SimEvent[] = [];
    let seq = this.log.firstAtCycle(first);
    while (sim.cycle < last) {
      const events = sim.step() as SimEvent[];
      for (const e of events) {
        e.cycle = sim.cycle;
        e.seq = seq++;
        out.push(e);
      }
    }
    return out;
  }

  keyframeCount(): number {
    let count = 0;
    for (let k = 0; k < this.keyframes.length; k += this.stride) if (this.keyframes[k]) count++;
    return count;
  }

  /** Cycles between two keyframes now. */
  get keyframeSpacing(): number {
    return this.opts.keyframeEvery * this.stride;
  }

  /**
   * Keeps every other keyframe, from now on too: half the keyframes' memory, for a step back that
   * replays up to twice as many cycles (a run's memory budget asks for it). Exact as before.
   */
  thinKeyframes(): void {
    this.stride *= 2;
    for (let k = 0; k < this.keyframes.length; k++)
      if (k % this.stride !== 0) this.keyframes[k] = undefined;
  }

  /** The keyframe kept last (to weigh a run's memory by). */
  newestKeyframe(): SimSnapshot {
    let k = this.keyframes.length - 1;
    while (this.keyframes[k] === undefined) k--;
    return this.keyframes[k]!;
  }
}
