/**
 * What the page keeps of the run's event log, which lives in the worker: how many events it may
 * ask about (the explored part it has been told of), which load they belong to, and the one
 * derived summaries that are read at once, in navigation and selectors: the watchdogs' stalls
 * (play stops at a stall; the torus rings a deadlock; a model's stall notice) and the events a
 * lecture's walkthrough notes wait for (their steps' cycles). Everything else a panel asks for
 * (state/log-query.ts).
 */
import type { Scenario, SimEvent } from '../../sim-core/index';
import type { SimApi } from '../worker/sim-api';

/** The log the page may ask about: the events of load `run` numbered below `events`. */
export interface LogMark {
  run: number;
  events: number;
}

export type StallEvent = Extract<SimEvent, { kind: 'net.stall' | 'sim.stall' }>;

export interface LogSummary {
  logMark: LogMark;
  /** The torus's and the models' watchdog stalls among those events, in log order. */
  stalls: StallEvent[];
  /**
   * For each walkthrough note that waits for an event, the first such event at or after the
   * note's cycle, in log order (what lecture/steps.ts resolveSteps reads).
   */
  noteEvents: { cycle: number; kind: string }[];
}

export const NO_LOG: LogSummary = { logMark: { run: 0, events: 0 }, stalls: [], noteEvents: [] };

const STALL_KINDS = ['net.stall', 'sim.stall'] as const;

let runs = 0;
/** A new load's run number. */
export const nextRun = (): number => ++runs;

/** The summary of the first `events` events of load `run` (empty if the worker fails). */
export async function summarise(
  api: SimApi,
  run: number,
  events: number,
  scenario: Pick<Scenario, 'walkthrough'> | null,
): Promise<LogSummary> {
  const wants = (scenario?.walkthrough ?? []).flatMap((note) =>
    note.event ? [{ event: note.event, from: note.cycle }] : [],
  );
  const [stalls, found] = await Promise.all([
    api.queryLog({ kind: 'events', upTo: events, kinds: STALL_KINDS }),
    wants.length > 0 ? api.queryLog({ kind: 'firstOfKind', upTo: events, wants }) : [],
  ]).catch(() => [[], []]);
  const noteEvents = wants
    .flatMap((w, i) => (found[i] != null ? [{ cycle: found[i]!, kind: w.event }] : []))
    .sort((a, b) => a.cycle - b.cycle);
  return { logMark: { run, events }, stalls: stalls as StallEvent[], noteEvents };
}

/** The cycle of the first stall in cycles from+1 … to, or null. */
export function firstStall(stalls: readonly StallEvent[], from: number, to: number): number | null {
  return stalls.find((e) => e.cycle > from && e.cycle <= to)?.cycle ?? null;
}
