/**
 * The log's events by kind, kept up as the log grows: for each kind, the log's chunks that hold an
 * event of it. A panel that reads a few kinds (stalls, violations, a model's history) reads just
 * those chunks, without a pass over the whole log per question; the index holds a few numbers per
 * chunk, not a position per event, so a long run's index stays small.
 */
import type { SimEvent } from '../../../sim-core/index';
import type { EventLog } from '../../../sim-core/trace/event-log';

/** Index of the first of the sorted `values` at or past `value`. */
function firstAtOrPast(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class KindIndex {
  private readonly chunksOf = new Map<string, number[]>();
  /** The least and greatest torus packet named by each chunk's events (a packet's chunks). */
  private readonly packetLow: number[] = [];
  private readonly packetHigh: number[] = [];
  /** How many of the log's events the index has seen. */
  private fed = 0;
  private entryCount = 0;

  constructor(private readonly log: EventLog) {}

  private catchUp(): void {
    const log = this.log;
    while (this.fed < log.length) {
      const k = log.chunkOfIndex(this.fed);
      const [first, end] = log.chunkRange(k);
      const events = log.chunk(k);
      for (let i = this.fed - first; i < end - first; i++) {
        const e = events[i]!;
        const kind = e.kind;
        if ('packet' in e && typeof e.packet === 'number') {
          this.packetLow[k] = Math.min(this.packetLow[k] ?? e.packet, e.packet);
          this.packetHigh[k] = Math.max(this.packetHigh[k] ?? e.packet, e.packet);
        }
        let chunks = this.chunksOf.get(kind);
        if (!chunks) this.chunksOf.set(kind, (chunks = []));
        if (chunks[chunks.length - 1] !== k) {
          chunks.push(k);
          this.entryCount++;
        }
      }
      this.fed = end;
    }
  }

  /** How many entries the index holds (a chunk per kind it has events of, two per chunk for packets). */
  get entries(): number {
    return this.entryCount + 2 * this.packetLow.length;
  }

  /** The events of `kinds` among the first `upTo` of the log, in log order. */
  events(kinds: readonly string[], upTo: number): SimEvent[] {
    return this.eventsWhere(kinds, upTo, () => true);
  }

  /** The events of `kinds` about torus packet `packet` among the first `upTo`, in log order. */
  packetEvents(kinds: readonly string[], packet: number, upTo: number): SimEvent[] {
    return this.eventsWhere(
      kinds,
      upTo,
      (e) => 'packet' in e && e.packet === packet,
      (k) => (this.packetLow[k] ?? Infinity) <= packet && packet <= (this.packetHigh[k] ?? -1),
    );
  }

  /**
   * The events of `kinds` among the first `upTo` that `keep` keeps, in log order, read from the
   * chunks that hold those kinds and that `mayHold` allows.
   */
  eventsWhere(
    kinds: readonly string[],
    upTo: number,
    keep: (e: SimEvent) => boolean,
    mayHold: (chunk: number) => boolean = () => true,
  ): SimEvent[] {
    this.catchUp();
    const wanted = new Set(kinds);
    const chunks = new Set<number>();
    for (const kind of wanted)
      for (const k of this.chunksOf.get(kind) ?? []) if (mayHold(k)) chunks.add(k);
    const out: SimEvent[] = [];
    for (const k of [...chunks].sort((a, b) => a - b)) {
      const [first, end] = this.log.chunkRange(k);
      if (first >= upTo) break;
      const events = this.log.chunk(k);
      const stop = Math.min(end, upTo) - first;
      for (let i = 0; i < stop; i++) {
        const e = events[i]!;
        if (wanted.has(e.kind) && keep(e)) out.push(e);
      }
    }
    return out;
  }

  /** The cycle of the first event of `kind` at or after cycle `from` among the first `upTo`, or null. */
  firstOfKind(kind: string, from: number, upTo: number): number | null {
    this.catchUp();
    const chunks = this.chunksOf.get(kind) ?? [];
    const start = this.log.firstAtCycle(from);
    for (let c = firstAtOrPast(chunks, this.log.chunkOfIndex(start)); c < chunks.length; c++) {
      const k = chunks[c]!;
      const [first, end] = this.log.chunkRange(k);
      const events = this.log.chunk(k);
      for (let i = Math.max(start, first); i < Math.min(end, upTo); i++)
        if (events[i - first]!.kind === kind) return events[i - first]!.cycle;
      if (end >= upTo) return null;
    }
    return null;
  }
}
