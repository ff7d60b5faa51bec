/**
 * The JSON trace of a range of cycles (pure): the events of cycles from…to of the whole run's
 * log, and, when asked, the frame (the complete state) after each of those cycles. Frames are
 * large (a torus frame is tens of kilobytes), so a trace with frames is capped at
 * MAX_TRACE_FRAMES cycles; an events-only trace may span the whole run.
 */
import type { Frame, SimEvent } from '../../sim-core/index';

export const TRACE_FORMAT = 'ni-lab-trace';
export const TRACE_VERSION = 1;
export const MAX_TRACE_FRAMES = 500;

export interface CycleRange {
  from: number;
  to: number;
}

export type RangeReading = { ok: true; range: CycleRange } | { ok: false; message: string };

/**
 * Reads the from/to inputs: whole numbers, from ≤ to, clamped to 0…lastCycle; with frames the
 * range may be at most MAX_TRACE_FRAMES cycles long. While the run is still being explored,
 * lastCycle is the explored part's end (`exploring`), and the message says so.
 */
export function readRange(
  fromText: string,
  toText: string,
  lastCycle: number,
  withFrames: boolean,
  exploring = false,
): RangeReading {
  const parse = (t: string) => (/^\s*\d{1,10}\s*$/.test(t) ? Number(t) : NaN);
  const from = parse(fromText);
  const to = parse(toText);
  if (Number.isNaN(from) || Number.isNaN(to))
    return { ok: false, message: 'Cycles are whole numbers, 0 or more.' };
  if (from > to) return { ok: false, message: `“From” (${from}) is after “to” (${to}).` };
  if (from > lastCycle)
    return {
      ok: false,
      message: exploring
        ? `The run is explored to cycle ${lastCycle} so far; “from” is after it (try again in a moment).`
        : `The run ends at cycle ${lastCycle}; “from” is after it.`,
    };
  const range = { from, to: Math.min(to, lastCycle) };
  if (withFrames && range.to - range.from + 1 > MAX_TRACE_FRAMES)
    return {
      ok: false,
      message: `With frames, a trace covers at most ${MAX_TRACE_FRAMES} cycles (or choose events only).`,
    };
  return { ok: true, range };
}

/** Index of the first event at or after `cycle` (the log is in cycle order). */
function firstAtOrAfter(log: readonly SimEvent[], cycle: number): number {
  let lo = 0;
  let hi = log.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[mid]!.cycle < cycle) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The events of cycles from…to inclusive, in log order. */
export function eventsInRange(log: readonly SimEvent[], range: CycleRange): SimEvent[] {
  return log.slice(firstAtOrAfter(log, range.from), firstAtOrAfter(log, range.to + 1));
}

export interface Trace {
  format: typeof TRACE_FORMAT;
  version: typeof TRACE_VERSION;
  scenario: string;
  title: string;
  seed: number;
  /** The share link that reopens this scenario (null when too long for a link). */
  link: string | null;
  from: number;
  to: number;
  /** 'events': events only; 'events+frames': also the state after each cycle of the range. */
  contents: 'events' | 'events+frames';
  events: SimEvent[];
  frames?: { cycle: number; frame: Frame }[];
}

export function buildTrace(
  about: { scenario: string; title: string; seed: number; link: string | null },
  log: readonly SimEvent[],
  range: CycleRange,
  frames?: { cycle: number; frame: Frame }[],
): Trace {
  return {
    format: TRACE_FORMAT,
    version: TRACE_VERSION,
    ...about,
    from: range.from,
    to: range.to,
    contents: frames ? 'events+frames' : 'events',
    events: eventsInRange(log, range),
    ...(frames ? { frames } : {}),
  };
}
