/**
 * The bench panel's numbers, pure: a row's value in the unit shown, the software-free part of its
 * anatomy, the papers' marks placed on the points they describe, the footnotes of hatched points.
 */
import { BENCH_ANCHORS, type BenchAnchor } from '../../../sim-core/bench/bench-anchors';
import type { BenchPoint as BenchRow } from '../../../sim-core/bench/bench-frame';
import {
  PHASE_CATEGORIES,
  PHASE_CATEGORY_INFO,
  type PhaseCategory,
} from '../../../sim-core/ledger/phase-events';
import type { Provenance } from '../../../sim-core/messaging';

export type Unit = 'ns' | 'cycles';
export type Metric = 'latency' | 'bandwidth';

/** Nanoseconds per cycle of a row at the clock it was measured at. */
const nsPerCycle = (r: BenchRow) =>
  r.latencyNs !== null && r.latencyCycles ? r.latencyNs / r.latencyCycles : null;

/** A row's latency (ns or its model's cycles) or bandwidth (MB/s or bytes a cycle). */
export function valueOf(r: BenchRow, metric: Metric, unit: Unit): number | null {
  if (metric === 'latency') return unit === 'ns' ? r.latencyNs : r.latencyCycles;
  return unit === 'ns' ? r.mbPerS : r.bytesPerCycle;
}

/** Cycles per category of a row's anatomy; without software, the software categories leave. */
export function anatomyOf(
  r: BenchRow,
  software: boolean,
): { category: PhaseCategory; cycles: number }[] {
  if (!r.anatomy) return [];
  return PHASE_CATEGORIES.filter((c) => software || !PHASE_CATEGORY_INFO[c].software).map((c) => ({
    category: c,
    cycles: r.anatomy!.byCategory[c],
  }));
}

/** A row's anatomy in the unit shown (ns at the bench's clock, or cycles). */
export function anatomyIn(r: BenchRow, software: boolean, unit: Unit) {
  const scale = unit === 'ns' ? (nsPerCycle(r) ?? 0) : 1;
  return anatomyOf(r, software).map((a) => ({ ...a, value: a.cycles * scale }));
}

export interface PlacedMark {
  anchor: BenchAnchor;
  x: number;
  y: number;
}

/** The row a mark's value is told through: its own NI at its size and provenance. */
function rowFor(rows: readonly BenchRow[], variant: string, bytes: number, provenance: Provenance) {
  return rows.find(
    (r) => r.variant === variant && r.bytes === bytes && r.provenance === provenance,
  );
}

/**
 * The papers' marks of a chart, at the rows shown (published clocks only: the values are at each
 * seed's clock). A mark whose NI, size or provenance is not shown is left out.
 */
export function placeMarks(
  rows: readonly BenchRow[],
  metric: Metric,
  unit: Unit,
  provenance: Provenance,
): PlacedMark[] {
  return BENCH_ANCHORS.filter(
    (a) => a.metric === metric && (a.provenance === null || a.provenance === provenance),
  ).flatMap((anchor) => {
    const own = rowFor(rows, anchor.variant, anchor.bytes, provenance);
    if (!own) return [];
    const v = anchor.value;
    const perCycle = nsPerCycle(own);
    let y: number | null;
    if ('times' in v) {
      const base = rowFor(rows, v.of, anchor.bytes, provenance);
      const b = base ? valueOf(base, metric, unit) : null;
      y = b === null ? null : b * v.times;
    } else if ('ns' in v) y = unit === 'ns' ? v.ns : perCycle ? v.ns / perCycle : null;
    else if ('cycles' in v)
      y = unit === 'cycles' ? v.cycles : perCycle ? v.cycles * perCycle : null;
    else {
      // Rates: MB/s over bytes a cycle is the row's own ratio (1,000 / ns a cycle).
      const ratio =
        own.mbPerS !== null && own.bytesPerCycle ? own.mbPerS / own.bytesPerCycle : null;
      const mb = 'mbPerS' in v ? v.mbPerS : ratio ? v.bytesPerCycle * ratio : null;
      const bpc = 'bytesPerCycle' in v ? v.bytesPerCycle : ratio ? v.mbPerS / ratio : null;
      y = unit === 'ns' ? mb : bpc;
    }
    return y === null || !(y > 0) ? [] : [{ anchor, x: anchor.bytes, y }];
  });
}

/** The distinct reasons hatched rows rest on, numbered in order of first use. */
export function footnotes(rows: readonly BenchRow[]): Map<string, number> {
  const notes = new Map<string, number>();
  for (const r of rows)
    for (const h of [...r.hatched, ...(r.problem ? [r.problem] : [])])
      if (!notes.has(h)) notes.set(h, notes.size + 1);
  return notes;
}

/**
 * Where the bench's worker time went: the points' ms summed, and the model that took the most
 * of it with its share (the CLI's closing line says the same of a run in Node).
 */
export function workerTime(
  points: readonly { model: string }[],
  ms: readonly number[],
): { totalMs: number; slowest: string; share: number } | null {
  const by = new Map<string, number>();
  points.forEach((p, i) => by.set(p.model, (by.get(p.model) ?? 0) + (ms[i] ?? 0)));
  const totalMs = [...by.values()].reduce((t, v) => t + v, 0);
  const [slowest, most] = [...by.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return totalMs > 0 ? { totalMs, slowest, share: most / totalMs } : null;
}
