/**
 * A Session is one loaded scenario with its timeline: the operations every front end needs
 * (seek, step, next/previous event, run ahead) and the summaries the CLI prints. The worker and
 * in-process transports, the CLI and the tests all drive this same class.
 */
import { hash53 } from './kernel/hash';
import type { Scenario } from './scenario/schema';
import { createSim, type Frame, type ModelMeta, type Simulation, type Stats } from './sim';
import type { SimEvent } from './trace/events';
import { narrateCycle } from './trace/narrate';
import { DEFAULT_KEYFRAME_EVERY, Timeline } from './trace/timeline';

export interface SessionOptions {
  keyframeEvery?: number;
  verifyReplay?: boolean;
}

export interface SessionView {
  cycle: number;
  /** The cycle the run halted at, once known. */
  endCycle: number | null;
  /** The last cycle one may visit (the halt, or the scenario's cycle limit). */
  lastCycle: number;
  explored: number;
  frame: Frame;
  /** The events of this cycle: what the step into it did. */
  events: SimEvent[];
  /** One line for people: what this cycle did, or what is still going on in a quiet cycle. */
  narration: string;
}

export class Session {
  readonly sim: Simulation;
  readonly timeline: Timeline;
  readonly meta: ModelMeta;

  constructor(
    readonly scenario: Scenario,
    opts: SessionOptions = {},
  ) {
    this.sim = createSim(scenario);
    this.meta = this.sim.meta();
    this.timeline = new Timeline(this.sim, {
      keyframeEvery: opts.keyframeEvery ?? DEFAULT_KEYFRAME_EVERY,
      maxCycles: scenario.limits.maxCycles,
      verifyReplay: opts.verifyReplay ?? false,
      spawn: () => createSim(scenario),
    });
  }

  get cycle(): number {
    return this.timeline.cycle;
  }

  view(): SessionView {
    const events = this.timeline.eventsAt(this.cycle);
    const frame = this.sim.frame();
    return {
      cycle: this.cycle,
      endCycle: this.timeline.endCycle,
      lastCycle: this.timeline.lastCycle,
      explored: this.timeline.explored,
      frame,
      events,
      // Events that narrate to nothing (cache hits, work) must not leave the narration blank.
      narration: narrateCycle(events, frame, this.meta),
    };
  }

  seek(cycle: number): SessionView {
    this.timeline.seek(cycle);
    return this.view();
  }

  step(delta: number): SessionView {
    return this.seek(this.cycle + delta);
  }

  /** Forward to the next cycle that has events, exploring as needed (or to the last cycle). */
  nextEvent(): SessionView {
    for (;;) {
      const next = this.timeline.nextEventCycle(this.cycle);
      if (next !== null) return this.seek(next);
      if (this.timeline.explored >= this.timeline.lastCycle)
        return this.seek(this.timeline.lastCycle);
      this.timeline.exploreTo(Math.min(this.timeline.explored + 4096, this.timeline.lastCycle));
    }
  }

  prevEvent(): SessionView {
    const prev = this.timeline.prevEventCycle(this.cycle);
    return this.seek(prev ?? 0);
  }

  /** Explores to the halt or the cycle limit without moving the current cycle. */
  exploreAll(): void {
    this.timeline.exploreTo(this.timeline.lastCycle);
  }

  /**
   * Explores up to `cycles` more cycles (to the halt or the limit at most) without moving the
   * current cycle: one slice of an exploration that runs while the run is watched.
   */
  exploreAhead(cycles: number): void {
    this.timeline.exploreTo(Math.min(this.timeline.explored + cycles, this.timeline.lastCycle));
  }

  /** Whether the whole run (to the halt or the limit) is explored. */
  get complete(): boolean {
    return this.timeline.complete;
  }

  stats(): Stats {
    return this.sim.stats();
  }

  /** Every event up to the current cycle. */
  eventsUpToNow(): SimEvent[] {
    const log = this.timeline.log;
    return log.slice(0, log.firstAtCycle(this.cycle + 1));
  }

  /** Hash of the full event log up to the current cycle: two runs agree iff digests agree. */
  eventsDigest(): string {
    return digestEvents(this.eventsUpToNow());
  }
}

export function digestEvents(events: readonly SimEvent[]): string {
  return hash53(events.map((e) => JSON.stringify(e)).join('\n'));
}
