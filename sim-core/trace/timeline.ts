/**
 * The timeline: exact time travel by keyframes and deterministic replay (never hand-written undo).
 *
 * Every cycle that has ever run is "explored": its events are in the log. A snapshot is kept every
 * `keyframeEvery` cycles. Seeking to cycle c restores the last keyframe at or before c (only when
 * going back, or when it skips work going forward) and replays; replayed cycles re-create events
 * that are already logged, and with `verifyReplay` they are checked against the log.
 */
import type { Simulation, SimSnapshot } from '../sim';
import type { SimEvent, SimEventBody } from './events';

/** How often a timeline keeps a keyframe, in cycles, unless told otherwise (a step back replays at most this many). */
export const DEFAULT_KEYFRAME_EVERY = 64;

export interface TimelineOptions {
  keyframeEvery: number;
  /** Never explore past this cycle (a scenario that does not halt stops here). */
  maxCycles: number;
  verifyReplay?: boolean;
}

export class Timeline {
  readonly log: SimEvent[] = [];
  /** firstEvent[c]: index in `log` of the first event of cycle c; firstEvent[c + 1] ends it. */
  private readonly firstEvent: number[] = [0, 0];
  private readonly keyframes: SimSnapshot[] = [];
  explored = 0;
  endCycle: number | null = null;

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

  /** The last cycle one may visit: the halt, or the exploration limit. */
  get lastCycle(): number {
    return this.endCycle ?? this.opts.maxCycles;
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

  private stepLive(): void {
    const stamped = this.stamp(this.sim.step(), this.sim.cycle);
    this.log.push(...stamped);
    const c = this.sim.cycle;
    this.firstEvent[c + 1] = this.log.length;
    this.explored = c;
    if (c % this.opts.keyframeEvery === 0)
      this.keyframes[c / this.opts.keyframeEvery] = this.sim.snapshot();
    if (this.sim.halted && this.endCycle === null) this.endCycle = c;
  }

  private stepReplay(): void {
    const events = this.sim.step();
    if (!this.opts.verifyReplay) return;
    const c = this.sim.cycle;
    const logged = this.eventsAt(c);
    const again = JSON.stringify(events);
    const before = JSON.stringify(logged.map(({ cycle: _c, seq: _s, ...body }) => body));
    if (again !== before) throw new Error(`replay diverged from the log at cycle ${c}`);
  }

  /** Moves the simulation to `target` (clamped to 0 … lastCycle); returns the cycle reached. */
  seek(target: number): number {
    const goal = Math.max(0, Math.min(Math.floor(target), this.lastCycle));
    const k = Math.min(Math.floor(goal / this.opts.keyframeEvery), this.keyframes.length - 1);
    const keyCycle = k * this.opts.keyframeEvery;
    if (goal < this.sim.cycle || keyCycle > this.sim.cycle) this.sim.restore(this.keyframes[k]!);
    while (this.sim.cycle < goal) {
      if (this.sim.cycle < this.explored) this.stepReplay();
      else this.stepLive();
      if (this.sim.halted && this.endCycle !== null && this.sim.cycle >= this.endCycle) break;
    }
    return this.sim.cycle;
  }

  /** Explores ahead to `target` (or the halt), then returns to where it was. */
  exploreTo(target: number): void {
    const here = this.sim.cycle;
    this.seek(target);
    this.seek(here);
  }

  eventsAt(cycle: number): SimEvent[] {
    if (cycle < 0 || cycle > this.explored) return [];
    return this.log.slice(this.firstEvent[cycle] ?? 0, this.firstEvent[cycle + 1] ?? 0);
  }

  /** The first explored cycle after `cycle` that has events, or null. */
  nextEventCycle(cycle: number): number | null {
    const from = this.firstEvent[cycle + 1];
    if (from === undefined || from >= this.log.length) return null;
    return this.log[from]!.cycle;
  }

  /** The last cycle before `cycle` that has events, or null. */
  prevEventCycle(cycle: number): number | null {
    const before = (this.firstEvent[Math.min(cycle, this.explored + 1)] ?? this.log.length) - 1;
    return before >= 0 ? this.log[before]!.cycle : null;
  }

  keyframeCount(): number {
    return this.keyframes.length;
  }
}
