/**
 * What the page keeps of the run's event log, which lives in the worker: how many events it may
 * ask about (the explored part it has been told of), which load they belong to, and the few facts
 * of those events it reads at once (worker/log-query/log-facts.ts: stalls, walkthrough notes'
 * events), which come with every load and exploration reply. Everything else a panel asks for
 * (state/log-query.ts).
 */
import type { LogFacts } from '../worker/log-query/log-facts';

export type { StallEvent } from '../worker/log-query/log-facts';

/** The log the page may ask about: the events of load `run` numbered below `events`. */
export interface LogMark {
  run: number;
  events: number;
}

export interface LogSummary extends LogFacts {
  logMark: LogMark;
}

export const NO_LOG: LogSummary = { logMark: { run: 0, events: 0 }, stalls: [], noteEvents: [] };

let runs = 0;
/** A new load's run number. */
export const nextRun = (): number => ++runs;

/** What the page keeps of a reply's log: its `logged` events of load `run`, and their facts. */
export function summaryOf(run: number, reply: LogFacts & { logged: number }): LogSummary {
  return {
    logMark: { run, events: reply.logged },
    stalls: reply.stalls,
    noteEvents: reply.noteEvents,
  };
}

/** The cycle of the first stall in cycles from+1 … to, or null. */
export function firstStall(
  stalls: readonly LogFacts['stalls'][number][],
  from: number,
  to: number,
): number | null {
  return stalls.find((e) => e.cycle > from && e.cycle <= to)?.cycle ?? null;
}
