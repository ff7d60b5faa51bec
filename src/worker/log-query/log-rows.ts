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
import type { LogLinks } from '../../../sim-core/trace/selection';
import type { LogRow, RowFilter, RowsAnswer } from './queries';

/** A torus event of a packet that is not one of the model's own: another process's traffic. */
function isOtherTraffic(e: SimEvent, own: ReadonlySet<number>): boolean {
  return e.kind.startsWith('net.') && 'packet' in e && !own.has(e.packet);
}

/** Rows (log positions) of the events that pass one filter, among the first `fed` events. */
interface Matches {
  key: string;
  fed: number;
  /** The own-packet set they were found with (a grown set means starting again). */
  ownSize: number;
  rows: number[];
  linked: number;
}

/** How many filters' rows are kept (the plain rows, the counted ones, the shown ones, and a spare). */
const KEPT_FILTERS = 6;

/** Index of the first of `rows` whose event is at or after `cycle`. */
function firstAtOrAfter(log: readonly SimEvent[], rows: readonly number[], cycle: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log[rows[mid]!]!.cycle < cycle) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class LogRows {
  private readonly links: LogLinks<ModelMeta>;
  /** The rows of the filters asked last, by filter, least recently asked first. */
  private readonly kept = new Map<string, Matches>();
  private own: { fed: number; set: ReadonlySet<number> } | null = null;

  constructor(
    private readonly log: readonly SimEvent[],
    private readonly meta: ModelMeta,
  ) {
    this.links = faceOf(meta.model).logLinks as unknown as LogLinks<ModelMeta>;
  }

  /** The model's own torus packets among the first `upTo` events (null: it has no others). */
  private ownPackets(upTo: number): ReadonlySet<number> | null {
    if (!this.links.ownPackets) return null;
    if (this.own?.fed !== upTo)
      this.own = { fed: upTo, set: this.links.ownPackets(this.log.slice(0, upTo)) };
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

  /** The rows among the first `upTo` events that pass `filter` (all of them: `plain`). */
  private matches(upTo: number, filter: RowFilter, plain: boolean): Matches {
    const own = filter.hideOther ? this.ownPackets(upTo) : null;
    const key = plain ? JSON.stringify({ hideOther: filter.hideOther }) : JSON.stringify(filter);
    let m = this.kept.get(key);
    if (!m || m.fed > upTo || m.ownSize !== (own?.size ?? 0))
      m = { key, fed: 0, ownSize: own?.size ?? 0, rows: [], linked: 0 };
    for (let i = m.fed; i < upTo; i++) {
      const e = this.log[i]!;
      if (own && isOtherTraffic(e, own)) continue;
      if (!plain && !filter.transitions && logStyle(e) === 'transition') continue;
      const text = this.textOf(e);
      if (text === null) continue;
      const linked = !plain && this.isLinked(e, filter);
      if (linked) m.linked++;
      if (plain) {
        m.rows.push(i);
        continue;
      }
      if (filter.onlyLinked && filter.selection && !linked) continue;
      if (
        filter.search !== '' &&
        !`${e.cycle} ${logWho(e, this.meta)} ${text}`.toLowerCase().includes(filter.search)
      )
        continue;
      m.rows.push(i);
    }
    m.fed = upTo;
    // The filters asked last are kept (a page asks the same ones again at every step).
    this.kept.delete(key);
    this.kept.set(key, m);
    if (this.kept.size > KEPT_FILTERS) this.kept.delete(this.kept.keys().next().value!);
    return m;
  }

  /** How many row positions the kept filters hold (weighed in the run's memory budget). */
  keptRows(): number {
    let rows = 0;
    for (const m of this.kept.values()) rows += m.rows.length;
    return rows;
  }

  answer(upTo: number, filter: RowFilter, start: number, end: number, cycle: number): RowsAnswer {
    const bound = Math.max(0, Math.min(upTo, this.log.length));
    const all = this.matches(bound, filter, true);
    const plainFilter =
      filter.transitions && filter.search === '' && (!filter.onlyLinked || !filter.selection);
    // Linked rows are counted over every row, whatever the other filters show.
    const counted = filter.selection
      ? this.matches(bound, { ...filter, transitions: true, search: '', onlyLinked: false }, false)
      : null;
    const shown =
      plainFilter && !filter.selection
        ? all
        : plainFilter
          ? counted!
          : this.matches(bound, filter, false);
    const from = Math.max(0, Math.min(start, shown.rows.length));
    const to = Math.max(from, Math.min(end, shown.rows.length));
    const rows: LogRow[] = [];
    for (let r = from; r < to; r++) {
      const e = this.log[shown.rows[r]!]!;
      rows.push({
        e,
        who: logWho(e, this.meta),
        text: this.textOf(e) ?? '',
        style: logStyle(e),
        linked: this.isLinked(e, filter),
      });
    }
    return {
      all: all.rows.length,
      matched: shown.rows.length,
      first: firstAtOrAfter(this.log, shown.rows, cycle),
      after: firstAtOrAfter(this.log, shown.rows, cycle + 1),
      start: from,
      rows,
      linked: counted ? counted.linked : null,
      tellsOwn: this.links.ownPackets !== undefined,
    };
  }
}
