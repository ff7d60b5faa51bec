/**
 * Reading the phase ledger back: a message's slices out of an event log, and its anatomy (time
 * per category, overlap counted once). The phases view, the message bench and the fidelity rows
 * all sum latency here, so they can never disagree.
 */
import { PHASE_CATEGORIES, type PhaseCategory, type PhaseSlice } from './phase-events';

/** Every slice in a log, in the order they were emitted. */
export function phaseSlices(log: readonly { kind: string }[]): PhaseSlice[] {
  return log.filter((e): e is PhaseSlice & { kind: 'phase' } => e.kind === 'phase');
}

/** The messages that have slices, in order of their first slice's start. */
export function ledgerMessages(slices: readonly PhaseSlice[]): number[] {
  const first = new Map<number, number>();
  for (const s of slices) first.set(s.message, Math.min(first.get(s.message) ?? s.start, s.start));
  return [...first.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([m]) => m);
}

/** A slice as seen at a cycle: cut at that cycle, or null before it starts. */
export function sliceAt(slice: PhaseSlice, cycle: number): PhaseSlice | null {
  if (slice.start > cycle) return null;
  return slice.end <= cycle ? slice : { ...slice, end: cycle };
}

/** Cycles covered by a set of intervals, overlaps counted once. */
function covered(intervals: readonly { start: number; end: number }[]): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let total = 0;
  let reach = -Infinity;
  for (const { start, end } of sorted) {
    if (end <= reach) continue;
    total += end - Math.max(start, reach);
    reach = end;
  }
  return total;
}

export interface Anatomy {
  /** First start and last end over the slices: the message's latency as the ledger sees it. */
  start: number;
  end: number;
  /** Cycles per category, each category's overlapping slices counted once. */
  byCategory: Readonly<Record<PhaseCategory, number>>;
  /** Cycles per seed breakdown part (slices without a part are left out). */
  byPart: ReadonlyMap<string, number>;
  /**
   * Cycles during which two or more categories ran at once: the overlap a design buys (EDT's
   * fetch under the user's writes). Latency = Σ byCategory − overlap + idle gaps.
   */
  overlap: number;
}

/** A message's anatomy from its slices (all of them one message's). */
export function anatomy(slices: readonly PhaseSlice[]): Anatomy | null {
  if (slices.length === 0) return null;
  const byCategory = Object.fromEntries(
    PHASE_CATEGORIES.map((c) => [c, covered(slices.filter((s) => s.category === c))]),
  ) as Record<PhaseCategory, number>;
  const byPart = new Map<string, number>();
  for (const part of new Set(slices.map((s) => s.part))) {
    if (part !== null) byPart.set(part, covered(slices.filter((s) => s.part === part)));
  }
  const sum = PHASE_CATEGORIES.reduce((t, c) => t + byCategory[c], 0);
  return {
    start: slices.reduce((m, s) => Math.min(m, s.start), Infinity),
    end: slices.reduce((m, s) => Math.max(m, s.end), -Infinity),
    byCategory,
    byPart,
    overlap: sum - covered(slices),
  };
}
