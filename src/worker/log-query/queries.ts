/**
 * What the page may ask of the run's one event log, which lives in the worker (issue 22): the
 * event log view's rows, the events of a few kinds (a panel's history, stalls, violations), the
 * first event of a kind after a cycle, the next event's cycle, and the events of a cycle range
 * (exports, compare's aligned logs). Every query names `upTo`, the events the page has been told
 * of (the exploration's published count), so answers agree with what the page shows while the
 * worker explores on.
 */
import type { LogStyle, SimEvent } from '../../../sim-core/index';
import type { Selection } from '../../../sim-core/trace/selection';

/** The event log view's filters: what the page's boxes and the selection ask for. */
export interface RowFilter {
  /** Show protocol transitions. */
  transitions: boolean;
  /** Lower-cased search text ('' for none), matched in "cycle who text". */
  search: string;
  /** Leave out network traffic of packets that are not the model's own (a shared torus). */
  hideOther: boolean;
  /** The views' selection, whose rows are marked (and counted); null: none. */
  selection: Selection;
  /** The torus packet that carries the selection (a Cranium packet's), whose rows are marked too. */
  followed: number | null;
  /** Show only the rows about the selection. */
  onlyLinked: boolean;
}

export interface LogRow {
  e: SimEvent;
  who: string;
  text: string;
  style: LogStyle;
  /** About the selection. */
  linked: boolean;
}

/** A question about the log; asked as a LogQuery, bounded to the events the page knows of. */
export type LogQuestion =
  | {
      kind: 'rows';
      filter: RowFilter;
      /** Rows start … end - 1 of the filtered rows (the ones near the visible area). */
      start: number;
      end: number;
      /** The current cycle, whose rows' place is answered. */
      cycle: number;
    }
  /** The events of some kinds, in log order. */
  | { kind: 'events'; kinds: readonly string[] }
  /** For each want, the cycle of the first event of its kind at or after its cycle. */
  | { kind: 'firstOfKind'; wants: readonly { event: string; from: number }[] }
  /** The first cycle after `after` that has events. */
  | { kind: 'nextEventCycle'; after: number }
  /** A torus packet's own events (its injection, hops and delivery). */
  | { kind: 'packetEvents'; packet: number }
  /** The events of cycles from…to. */
  | { kind: 'range'; from: number; to: number }
  /** The events of some cycles (those a view shows), in log order. */
  | { kind: 'atCycles'; cycles: readonly number[] }
  /**
   * Every event of cycles from…to that the log lists (it has words), with a hash of its words in
   * place of them: enough to align two runs' logs cycle by cycle (compare mode), a fraction of the
   * events' size.
   */
  | { kind: 'wordHashes'; from: number; to: number }
  /** The whole (known) log as CSV. */
  | { kind: 'csv' };

/** A question about the first `upTo` events of the log. */
export type LogQuery = LogQuestion & { upTo: number };

export interface RowsAnswer {
  /** Rows of the log (events with words, less hidden traffic), before the filters. */
  all: number;
  /** Rows after the filters. */
  matched: number;
  /** Index of the first filtered row at or after the cycle, and after it. */
  first: number;
  after: number;
  /** The filtered rows start … end - 1. */
  start: number;
  rows: LogRow[];
  /** How many rows are about the selection (null: nothing selected). */
  linked: number | null;
  /** Whether the model tells its own packets from others' (the "other traffic" box shows). */
  tellsOwn: boolean;
}

/** A listed event as compare mode aligns it: its words' hash stands for its words. */
export interface HashedWords {
  cycle: number;
  seq: number;
  kind: string;
  /** hash53 of the event's words (logText), standing for them. */
  text: string;
}

/** The answer to each query, by its kind. */
export interface LogAnswers {
  rows: RowsAnswer;
  events: SimEvent[];
  firstOfKind: (number | null)[];
  nextEventCycle: number | null;
  packetEvents: SimEvent[];
  range: SimEvent[];
  atCycles: SimEvent[];
  wordHashes: HashedWords[];
  csv: string;
}

export type LogAnswer<Q extends { kind: LogQuestion['kind'] }> = LogAnswers[Q['kind']];
