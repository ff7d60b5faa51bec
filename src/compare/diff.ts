/**
 * Compare mode's differences (pure): two event logs aligned by cycle, and two sets of statistics
 * side by side. Within a cycle, events are matched by kind and text (never by sequence number or
 * position in the run, which shift as soon as the runs differ once); the alignment keeps each
 * log's order (a longest common subsequence), so a row holds the same event on both sides, or an
 * event only one side has.
 */
import type { SimEvent } from '../../sim-core/index';
import { flatten, type Cell } from '../export/csv';

export interface DiffEvent {
  seq: number;
  kind: string;
  text: string;
}

/**
 * One line of the aligned logs: the same event on both sides (`same`), two different events at
 * the same place (a changed event: both set, not `same`), or an event only one side has.
 */
export interface DiffRow {
  a: DiffEvent | null;
  b: DiffEvent | null;
  same: boolean;
}

export interface CycleDiff {
  cycle: number;
  rows: DiffRow[];
  /** Some row is not the same event on both sides. */
  differs: boolean;
}

/** Above this many cells the per-cycle alignment matches greedily instead of by LCS. */
const LCS_LIMIT = 250_000;

const keyOf = (e: DiffEvent) => `${e.kind}\u0000${e.text}`;

function align(a: DiffEvent[], b: DiffEvent[]): DiffRow[] {
  if (a.length * b.length > LCS_LIMIT) return alignGreedy(a, b);
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the longest common subsequence of a[i…] and b[j…].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        keyOf(a[i]!) === keyOf(b[j]!)
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const rows: DiffRow[] = [];
  let onlyA: DiffEvent[] = [];
  let onlyB: DiffEvent[] = [];
  const flush = () => {
    rows.push(...pair(onlyA, onlyB));
    onlyA = [];
    onlyB = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && keyOf(a[i]!) === keyOf(b[j]!)) {
      flush();
      rows.push({ a: a[i++]!, b: b[j++]!, same: true });
    } else if (j >= m || (i < n && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) onlyA.push(a[i++]!);
    else onlyB.push(b[j++]!);
  }
  flush();
  return rows;
}

/**
 * Unmatched events between two matches: an event of A and one of B of the same kind share a
 * row (the same step went differently: "P0 M→O" against "P0 M→S"); the rest stand alone.
 */
function pair(onlyA: DiffEvent[], onlyB: DiffEvent[]): DiffRow[] {
  const rows: DiffRow[] = [];
  const left = [...onlyB];
  for (const e of onlyA) {
    const k = left.findIndex((f) => f.kind === e.kind);
    if (k >= 0) rows.push({ a: e, b: left.splice(k, 1)[0]!, same: false });
    else rows.push({ a: e, b: null, same: false });
  }
  for (const f of left) rows.push({ a: null, b: f, same: false });
  return rows;
}

/** Matches equal events in order of A, then lists what is left of B (for very busy cycles). */
function alignGreedy(a: DiffEvent[], b: DiffEvent[]): DiffRow[] {
  const free = new Map<string, DiffEvent[]>();
  for (const e of b) free.set(keyOf(e), [...(free.get(keyOf(e)) ?? []), e]);
  const used = new Set<DiffEvent>();
  const rows: DiffRow[] = [];
  const unmatched: DiffEvent[] = [];
  for (const e of a) {
    const match = free.get(keyOf(e))?.shift();
    if (match) {
      used.add(match);
      rows.push({ a: e, b: match, same: true });
    } else unmatched.push(e);
  }
  rows.push(
    ...pair(
      unmatched,
      b.filter((e) => !used.has(e)),
    ),
  );
  return rows;
}

/** Puts an event in words; null leaves it out of the comparison. */
export type EventWords = (e: SimEvent) => string | null;

/** An event of a log in words (or whatever stands for them: a hash of its words). */
export interface WordedEvent extends DiffEvent {
  cycle: number;
}

/** The events of a log that have words, in words. */
export function inWords(log: readonly SimEvent[], text: EventWords): WordedEvent[] {
  return log.flatMap((e) => {
    const words = text(e);
    return words === null ? [] : [{ cycle: e.cycle, seq: e.seq, kind: e.kind, text: words }];
  });
}

function byCycle(log: readonly WordedEvent[], from: number, to: number) {
  const out = new Map<number, DiffEvent[]>();
  for (const e of log) {
    if (e.cycle < from || e.cycle > to) continue;
    const list = out.get(e.cycle) ?? [];
    list.push({ seq: e.seq, kind: e.kind, text: e.text });
    out.set(e.cycle, list);
  }
  return out;
}

/**
 * The two logs aligned cycle by cycle over from…to (every cycle that has an event on either
 * side, in order). `textA`/`textB` put each side's events in words (null: left out).
 */
export function diffLogs(
  a: readonly SimEvent[],
  b: readonly SimEvent[],
  textA: EventWords,
  textB: EventWords = textA,
  from = 0,
  to = Number.POSITIVE_INFINITY,
): CycleDiff[] {
  return diffWorded(inWords(a, textA), inWords(b, textB), from, to);
}

/**
 * diffLogs of two logs already in words — or in hashes of their words, which align the same
 * (compare mode aligns the whole runs so, and puts only the cycles it shows in words).
 */
export function diffWorded(
  a: readonly WordedEvent[],
  b: readonly WordedEvent[],
  from = 0,
  to = Number.POSITIVE_INFINITY,
): CycleDiff[] {
  const left = byCycle(a, from, to);
  const right = byCycle(b, from, to);
  const cycles = [...new Set([...left.keys(), ...right.keys()])].sort((x, y) => x - y);
  return cycles.map((cycle) => {
    const rows = align(left.get(cycle) ?? [], right.get(cycle) ?? []);
    return { cycle, rows, differs: rows.some((r) => !r.same) };
  });
}

/** How many events of A and of B are not matched on the other side, and in how many cycles. */
export function countOnly(diff: readonly CycleDiff[]): { a: number; b: number; cycles: number } {
  let a = 0;
  let b = 0;
  let cycles = 0;
  for (const c of diff) {
    if (c.differs) cycles++;
    for (const r of c.rows) {
      if (r.same) continue;
      if (r.a) a++;
      if (r.b) b++;
    }
  }
  return { a, b, cycles };
}

export interface StatRow {
  name: string;
  a: Cell;
  b: Cell;
  /** B − A for two numbers, else null. */
  delta: number | null;
  differs: boolean;
}

/** Two statistics objects flattened to rows (A's order, then what only B has). */
export function diffStats(a: unknown, b: unknown): StatRow[] {
  const left = flatten(a);
  const right = new Map(flatten(b));
  const leftMap = new Map(left);
  const names = [...leftMap.keys(), ...[...right.keys()].filter((k) => !leftMap.has(k))];
  return names.map((name) => {
    const va = leftMap.get(name);
    const vb = right.get(name);
    const delta = typeof va === 'number' && typeof vb === 'number' ? vb - va : null;
    return { name, a: va, b: vb, delta, differs: !Object.is(va, vb) };
  });
}
