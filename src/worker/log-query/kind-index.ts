/**
 * The log's events by kind, kept up as the log grows: each kind's event positions in log order.
 * A panel that reads a few kinds (stalls, violations, a model's history) gets just those events,
 * without a pass over the whole log per question.
 */
import type { SimEvent } from '../../../sim-core/index';

/** Index of the first of `positions` whose event is at or after `cycle`. */
function firstFrom(log: readonly SimEvent[], positions: readonly number[], cycle: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[positions[mid]!]!.cycle < cycle) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first of `positions` at or past `seq`. */
function firstAt(positions: readonly number[], seq: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid]! < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class KindIndex {
  private readonly byKind = new Map<string, number[]>();
  private fed = 0;

  constructor(private readonly log: readonly SimEvent[]) {}

  private catchUp(): void {
    const log = this.log;
    for (; this.fed < log.length; this.fed++) {
      const kind = log[this.fed]!.kind;
      let positions = this.byKind.get(kind);
      if (!positions) this.byKind.set(kind, (positions = []));
      positions.push(this.fed);
    }
  }

  /** How many positions the index holds (one per event it has seen). */
  get entries(): number {
    return this.fed;
  }

  /** The events of `kinds` among the first `upTo` of the log, in log order. */
  events(kinds: readonly string[], upTo: number): SimEvent[] {
    return this.eventsWhere(kinds, upTo, () => true);
  }

  /** The events of `kinds` among the first `upTo` that `keep` keeps, in log order. */
  eventsWhere(kinds: readonly string[], upTo: number, keep: (e: SimEvent) => boolean): SimEvent[] {
    this.catchUp();
    const out: SimEvent[] = [];
    for (const kind of new Set(kinds)) {
      const positions = this.byKind.get(kind) ?? [];
      const end = firstAt(positions, upTo);
      for (let i = 0; i < end; i++) {
        const e = this.log[positions[i]!]!;
        if (keep(e)) out.push(e);
      }
    }
    if (kinds.length > 1) out.sort((a, b) => a.seq - b.seq);
    return out;
  }

  /** The cycle of the first event of `kind` at or after cycle `from` among the first `upTo`, or null. */
  firstOfKind(kind: string, from: number, upTo: number): number | null {
    this.catchUp();
    const positions = this.byKind.get(kind) ?? [];
    const i = firstFrom(this.log, positions, from);
    const seq = positions[i];
    return seq !== undefined && seq < upTo ? this.log[seq]!.cycle : null;
  }
}
