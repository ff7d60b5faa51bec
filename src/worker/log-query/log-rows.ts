/**
 * The event log view's rows, worked out in the worker: which events have a row (words to show,
 * and not another process's traffic when that is hidden), which rows pass the filters, which are
 * about the selection, and the words of the few rows near the visible area. The rows that pass a
 * filter are kept and extended as the log grows, so a page that scrolls or steps asks for a
 * window of them without a pass over the log.
 */
import { faceOf, logStyle, logText, logWho } from '../../../sim-core/index';
import type { ModelMeta, SimEvent } from '../../../sim-core/index';
import { aboutTorus } from '../../../sim-core/network/torus-log-links';
import { chunkOfCycle, type EventLog } from '../../../sim-core/trace/event-log';
import type { LogLinks } from '../../../sim-core/trace/selection';
import type { LogRow, RowFilter, RowsAnswer } from './queries';

/** A torus event of a packet that is not one of the model's own: another process's traffic. */
function isOtherTraffic(e: SimEvent, own: ReadonlySet<number>): boolean {
  return e.kind.startsWith('net.') && 'packet' in e && !own.has(e.packet);
}

/**
 * The rows that pass one filter among the first `fed` events, counted by chunk of the log: a few
 * numbers per chunk, not a position per row, so a long run's filters stay small. A chunk's rows are
 * found again from its events when a window of them is asked.
 */
interface Matches {
  key: string;
  fed: number;
  /** The own-packet set's size they were found with (a grown set means starting again). */
  ownSize: number;
  /** counts[k]: rows in chunk k; before[k]: rows in the chunks before it. */
  counts: number[];
  before: number[];
  total: number;
  linked: number;
}

/** How many filters' rows are kept (the plain rows, the counted ones, the shown ones, and a spare). */
const KEPT_FILTERS = 6;
/** How many chunks' rows are kept once found (a window of rows spans one or two). */
const KEPT_CHUNK_ROWS = 8;

/** Index of the last of the non-decreasing `values` at or before `value` (0 when none is). */
function lastAtOrBefore(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (values[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export class LogRows {
  private readonly links: LogLinks<ModelMeta>;
  /** The rows of the filters asked last, by filter, least recently asked first. */
  private readonly kept = new Map<string, Matches>();
  /** Rows (positions) of a few chunks by filter, least recently found first. */
  private readonly chunkRows = new Map<string, number[]>();
  private own: { fed: number; set: Set<number> } | null = null;

  constructor(
    private readonly log: EventLog,
    private readonly meta: ModelMeta,
  ) {
    this.links = faceOf(meta.model).logLinks as unknown as LogLinks<ModelMeta>;
  }

  /** The model's own torus packets among the first `upTo` events (null: it has no others). */
  private ownPackets(upTo: number): ReadonlySet<number> | null {
    const ownOf = this.links.ownPackets;
    if (!ownOf) return null;
    if (!this.own || this.own.fed > upTo) this.own = { fed: 0, set: new Set() };
    while (this.own.fed < upTo) {
      const k = this.log.chunkOfIndex(this.own.fed);
      const [first, end] = this.log.chunkRange(k);
      const stop = Math.min(end, upTo);
      const events = this.log.chunk(k).slice(this.own.fed - first, stop - first);
      for (const packet of ownOf(events)) this.own.set.add(packet);
      this.own.fed = stop;
    }
    return this.own.set;
  }

  private textOf(e: SimEvent): string | null {
    return logText(e, this.meta);
  }

  private isLinked(e: SimEvent, filter: RowFilter): boolean {
    const { selection, followed } = filter;
    if (!selection) return false;
    return (
      this.links.about(e, selection, this.meta) ||
      (followed !== null && aboutTorus(e, { kind: 'packet', packet: followed }))
    );
  }

  /** Whether `e` is a row of `filter` (all rows with words: `plain`), and whether it is linked. */
  private judge(
    e: SimEvent,
    filter: RowFilter,
    plain: boolean,
    own: ReadonlySet<number> | null,
  ): { row: boolean; linked: boolean } {
    const no = { row: false, linked: false };
    if (own && isOtherTraffic(e, own)) return no;
    if (!plain && !filter.transitions && logStyle(e) === 'transition') return no;
    const text = this.textOf(e);
    if (text === null) return no;
    if (plain) return { row: true, linked: false };
    const linked = this.isLinked(e, filter);
    if (filter.onlyLinked && filter.selection && !linked) return { row: false, linked };
    const row =
      filter.search === '' ||
      `${e.cycle} ${logWho(e, this.meta)} ${text}`.toLowerCase().includes(filter.search);
    return { row, linked };
  }

  /** The rows among the first `upTo` events that pass `filter` (all of them: `plain`). */
  private matches(upTo: number, filter: RowFilter, plain: boolean): Matches {
    const own = filter.hideOther ? this.ownPackets(upTo) : null;
    const key = plain ? JSON.stringify({ hideOther: filter.hideOther }) : JSON.stringify(filter);
    let m = this.kept.get(key);
    if (!m || m.fed > upTo || m.ownSize !== (own?.size ?? 0)) {
      m = { key, fed: 0, ownSize: own?.size ?? 0, counts: [], before: [], total: 0, linked: 0 };
      for (const chunkKey of [...this.chunkRows.keys()])
        if (chunkKey.startsWith(`${key}#`)) this.chunkRows.delete(chunkKey);
    }
    while (m.fed < upTo) {
      const k = this.log.chunkOfIndex(m.fed);
      const [first, end] = this.log.chunkRange(k);
      const events = this.log.chunk(k);
      for (let c = m.counts.length; c <= k; c++) {
        m.counts[c] = 0;
        m.before[c] = m.total;
      }
      const stop = Math.min(end, upTo);
      for (let i = m.fed; i < stop; i++) {
        const { row, linked } = this.judge(events[i - first]!, filter, plain, own);
        if (linked) m.linked++;
        if (row) {
          m.counts[k]!++;
          m.total++;
        }
      }
      // A chunk's rows found before it was complete are found again.
      this.chunkRows.delete(`${key}#${k}`);
      m.fed = stop;
    }
    // The filters asked last are kept (a page asks the same ones again at every step).
    this.kept.delete(key);
    this.kept.set(key, m);
    if (this.kept.size > KEPT_FILTERS) this.kept.delete(this.kept.keys().next().value!);
    return m;
  }

  /** The positions of chunk `k`'s rows of `m` (found again from the chunk's events). */
  private rowsOfChunk(m: Matches, k: number, filter: RowFilter, plain: boolean): number[] {
    const id = `${m.key}#${k}`;
    let rows = this.chunkRows.get(id);
    if (rows === undefined) {
      const own = filter.hideOther ? this.ownPackets(m.fed) : null;
      const [first, end] = this.log.chunkRange(k);
      const events = this.log.chunk(k);
      rows = [];
      for (let i = first; i < Math.min(end, m.fed); i++)
        if (this.judge(events[i - first]!, filter, plain, own).row) rows.push(i);
    }
    this.chunkRows.delete(id);
    this.chunkRows.set(id, rows);
    if (this.chunkRows.size > KEPT_CHUNK_ROWS)
      this.chunkRows.delete(this.chunkRows.keys().next().value!);
    return rows;
  }

  /** The position of row `r` of `m` (0 ≤ r < m.total). */
  private rowAt(m: Matches, r: number, filter: RowFilter, plain: boolean): number {
    const k = lastAtOrBefore(m.before, r);
    return this.rowsOfChunk(m, k, filter, plain)[r - m.before[k]!]!;
  }

  /** How many rows of `m` are of cycles before `cycle`. */
  private rowsBefore(m: Matches, cycle: number, filter: RowFilter, plain: boolean): number {
    const k = chunkOfCycle(cycle);
    if (k >= m.counts.length) return m.total;
    const rows = this.rowsOfChunk(m, k, filter, plain);
    let n = 0;
    while (n < rows.length && this.log.cycleOf(rows[n]!) < cycle) n++;
    return m.before[k]! + n;
  }

  /** How many chunk entries the kept filters hold (weighed in the run's memory budget). */
  keptRows(): number {
    let entries = 0;
    for (const m of this.kept.values()) entries += 2 * m.counts.length;
    for (const rows of this.chunkRows.values()) entries += rows.length;
    return entries;
  }

  answer(upTo: number, filter: RowFilter, start: number, end: number, cycle: number): RowsAnswer {
    const bound = Math.max(0, Math.min(upTo, this.log.length));
    const all = this.matches(bound, filter, true);
    const plainFilter =
      filter.transitions && filter.search === '' && (!filter.onlyLinked || !filter.selection);
    // Linked rows are counted over every row, whatever the other filters show.
    const countedFilter = { ...filter, transitions: true, search: '', onlyLinked: false };
    const counted = filter.selection ? this.matches(bound, countedFilter, false) : null;
    const [shown, shownFilter, shownPlain] =
      plainFilter && !filter.selection
        ? ([all, filter, true] as const)
        : plainFilter
          ? ([counted!, countedFilter, false] as const)
          : ([this.matches(bound, filter, false), filter, false] as const);
    const from = Math.max(0, Math.min(start, shown.total));
    const to = Math.max(from, Math.min(end, shown.total));
    const rows: LogRow[] = [];
    for (let r = from; r < to; r++) {
      const e = this.log.at(this.rowAt(shown, r, shownFilter, shownPlain))!;
      rows.push({
        e,
        who: logWho(e, this.meta),
        text: this.textOf(e) ?? '',
        style: logStyle(e),
        linked: this.isLinked(e, filter),
      });
    }
    return {
      all: all.total,
      matched: shown.total,
      first: this.rowsBefore(shown, cycle, shownFilter, shownPlain),
      after: this.rowsBefore(shown, cycle + 1, shownFilter, shownPlain),
      start: from,
      rows,
      linked: counted ? counted.linked : null,
      tellsOwn: this.links.ownPackets !== undefined,
    };
  }
}
