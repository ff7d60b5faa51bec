/**
 * The few facts of a run's log that the page reads at once, in navigation and selectors, sent
 * with every load and exploration reply: the watchdogs' stalls (play stops at a stall; the torus
 * rings a deadlock; a model's stall notice) and, for each walkthrough note that waits for an
 * event, the first such event at or after the note's cycle (its lecture step's cycle).
 */
import type { Scenario, SimEvent } from '../../../sim-core/index';
import type { KindIndex } from './kind-index';

export type StallEvent = Extract<SimEvent, { kind: 'net.stall' | 'sim.stall' }>;

export interface LogFacts {
  /** The torus's and the models' watchdog stalls, in log order. */
  stalls: StallEvent[];
  /** The walkthrough notes' events, in log order (what lecture/steps.ts resolveSteps reads). */
  noteEvents: { cycle: number; kind: string }[];
}

const STALL_KINDS = ['net.stall', 'sim.stall'];

/** The facts of the first `upTo` events of a run of `scenario`. */
export function logFacts(kinds: KindIndex, upTo: number, scenario: Scenario): LogFacts {
  const noteEvents = scenario.walkthrough
    .flatMap((note) => {
      const cycle = note.event ? kinds.firstOfKind(note.event, note.cycle, upTo) : null;
      return cycle !== null ? [{ cycle, kind: note.event! }] : [];
    })
    .sort((a, b) => a.cycle - b.cycle);
  return { stalls: kinds.events(STALL_KINDS, upTo) as StallEvent[], noteEvents };
}
