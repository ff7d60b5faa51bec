/**
 * The one event log's query layer: answers the page's questions (queries.ts) about a loaded run's
 * log in the worker, where the log lives. One instance per loaded run; its indexes grow with the
 * log as exploration appends to it.
 */
import {
  eventText,
  logText,
  type ModelMeta,
  type Scenario,
  type SimEvent,
} from '../../../sim-core/index';
import { hash53 } from '../../../sim-core/kernel/hash';
import type { EventLog } from '../../../sim-core/trace/event-log';
import type { Timeline } from '../../../sim-core/trace/timeline';
import { logCsv } from '../../../sim-core/trace/log-csv';
import { KindIndex } from './kind-index';
import { logFacts, type LogFacts } from './log-facts';
import { LogRows } from './log-rows';
import type { LogAnswer, LogQuery } from './queries';

/** Position of the log's first event at or after `cycle`, at most `end`. */
const firstAtOrAfter = (log: EventLog, cycle: number, end: number): number =>
  Math.min(log.firstAtCycle(cycle), end);

/** The torus's events of a packet's way: injection, hops and delivery. */
const PACKET_KINDS = ['net.inject', 'net.route', 'net.deliver'];

export class LogQueries {
  private readonly kinds: KindIndex;
  private readonly rows: LogRows;

  constructor(
    private readonly timeline: Timeline,
    private readonly meta: ModelMeta,
  ) {
    this.kinds = new KindIndex(timeline.log);
    this.rows = new LogRows(timeline.log, meta);
  }

  /** The first `upTo` events' bound, within the log. */
  private bound(upTo: number): number {
    return Math.max(0, Math.min(Math.floor(upTo), this.timeline.log.length));
  }

  /** The events of cycles from…to among the first `upTo`, in log order. */
  private range(upTo: number, from: number, to: number): SimEvent[] {
    const log = this.timeline.log;
    const end = this.bound(upTo);
    return log.slice(firstAtOrAfter(log, from, end), firstAtOrAfter(log, to + 1, end));
  }

  /** How many positions the indexes hold (by kind, the kept filters' rows): a memory figure. */
  indexEntries(): number {
    return this.kinds.entries + this.rows.keptRows();
  }

  /** The facts of the whole log so far, for a load's or a slice's reply. */
  facts(scenario: Scenario): LogFacts {
    return logFacts(this.kinds, this.timeline.log.length, scenario);
  }

  answer<Q extends LogQuery>(query: Q): LogAnswer<Q> {
    return this.answerAny(query) as LogAnswer<Q>;
  }

  private answerAny(q: LogQuery): LogAnswer<LogQuery> {
    switch (q.kind) {
      case 'rows':
        return this.rows.answer(this.bound(q.upTo), q.filter, q.start, q.end, q.cycle);
      case 'events':
        return this.kinds.events(q.kinds, this.bound(q.upTo));
      case 'firstOfKind':
        return q.wants.map((w) => this.kinds.firstOfKind(w.event, w.from, this.bound(q.upTo)));
      case 'nextEventCycle': {
        const end = this.bound(q.upTo);
        const next = firstAtOrAfter(this.timeline.log, q.after + 1, end);
        return next < end ? this.timeline.log.cycleOf(next) : null;
      }
      case 'packetEvents':
        return this.kinds.packetEvents(PACKET_KINDS, q.packet, this.bound(q.upTo));
      case 'range':
        return this.range(q.upTo, q.from, q.to);
      case 'atCycles':
        return [...new Set(q.cycles)]
          .sort((x, y) => x - y)
          .flatMap((c) => this.range(q.upTo, c, c));
      case 'wordHashes':
        return this.range(q.upTo, q.from, q.to).flatMap((e) => {
          const words = logText(e, this.meta);
          return words === null
            ? []
            : [{ cycle: e.cycle, seq: e.seq, kind: e.kind, text: hash53(words) }];
        });
      case 'csv':
        return logCsv(this.timeline.log.range(0, this.bound(q.upTo)), (e) =>
          eventText(e, this.meta),
        );
    }
  }
}
