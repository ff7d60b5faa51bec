/**
 * What a kind of "predict, then see" question is, and the helpers its entries share. Each model
 * brings its kinds in its module (`predictions`); the engine (predict.ts) asks them. A kind finds
 * its next step in the event log after a cycle (optionally narrowed by a target), asks about it
 * and explains the outcome, reading only the log and the model's static meta, so the same run
 * and cycle always give the same question.
 */
import type { EventStamp } from '../trace/common-events';

/** What a question is about; any field left out is free. Also the facts a question carries. */
export interface PredictionTarget {
  /** cacheState: the cache asked about; nextBusTransaction: the requester. */
  cache?: number;
  /** cacheState, nextBusTransaction: the block number (address ÷ block size). */
  block?: number;
  /** queuePointer, craniumCount: the node. */
  node?: number;
  /** queuePointer: the queue's name (`q`, `sq`, `rq`) and which pointer. */
  queue?: string;
  pointer?: 'head' | 'tail' | 'shadowHead';
  /** routerOutput: the packet (network id) and the router. */
  packet?: number;
  router?: number;
  /** craniumCount: the message. */
  msg?: number;
}

export interface PredictionOption {
  value: string;
  /** The whole answer in words ("P1: RDX — read the block to write it"). */
  label: string;
  /** The answer in a word or two, for a compact grid of choices ("RDX"). */
  short?: string;
  /** The row of the grid it sits in ("P1"); options without one make a single row. */
  group?: string;
  /** What `short` means, said once under the grid ("read the block to write it"). */
  hint?: string;
}

/** A protocol-table row that fired: `MOESI: E × OtherRd → S (assertShared)`. */
export interface RuleFired {
  protocol: string;
  from: string;
  event: string;
  to: string;
  actions: string[];
  /** The row as one line, with what its event means. */
  text: string;
}

/**
 * A run's log as a question reads it: by position (an event's `seq`), each event read where it is
 * held or recomputed (sim-core/trace/event-log.ts), so a question never copies the log.
 */
export interface PredictionLog<E> {
  readonly length: number;
  at(index: number): (E & EventStamp) | undefined;
  /** Position of the first event at or after `cycle` (the length past the last one). */
  firstAtCycle(cycle: number): number;
}

/** A run as a question reads it: the log explored so far, exploring further on demand. */
export interface PredictionRun<E, M> {
  meta: M;
  /** The events logged so far, in order; it grows as the run is explored. */
  readonly log: PredictionLog<E>;
  /** The last cycle explored so far. */
  readonly explored: number;
  /** Explores one more stretch of the run; false when it is already explored to its end. */
  exploreMore(): boolean;
}

export interface Found<E> {
  /** The event that starts the predicted step (questions of several kinds are ordered by it). */
  event: E & EventStamp;
  index: number;
  facts: PredictionTarget;
  /** The events that decide the outcome. */
  deciding: (E & EventStamp)[];
  value: string;
  /**
   * The cycle whose views show the outcome, where "then see" takes them: the outcome is among
   * what `shown` reads from that cycle's frame and events.
   */
  shownAt: number;
  /** Earlier events the wording uses (a packet's injection). */
  context?: (E & EventStamp)[];
  /**
   * What the subject did after the outcome within the same cycle (another transaction's snoop):
   * the views at `shownAt` show that too, so the explanation tells it.
   */
  then?: (E & EventStamp)[];
}

export interface Asked {
  prompt: string;
  options: PredictionOption[];
}

export interface PredictionKindSpec<E, M, F> {
  /** The kind's name in scenarios and assignments (`predict: ["cacheState"]`). */
  name: string;
  /** A short description for menus. */
  title: string;
  /** The panels (the scenario format's view names) that show the outcome, in the model's order. */
  panels: readonly string[];
  find(run: PredictionRun<E, M>, cycle: number, target: PredictionTarget): Found<E> | null;
  /** `frame` is the frame at `cycle` when the caller is there (predictionAt), else null. */
  ask(run: PredictionRun<E, M>, cycle: number, found: Found<E>, frame: F | null): Asked;
  explain(run: PredictionRun<E, M>, found: Found<E>): { text: string; rules: RuleFired[] };
  /**
   * The values (in the form of `Found.value`) the panels show for the question's subject at one
   * cycle, read from that cycle's frame and events (a state a line passed through within the
   * cycle is shown too). A reveal's outcome is always among them at its `shownAt`
   * (tests/unit/predict-reveal.test.ts).
   */
  shown(
    frame: F,
    events: readonly (E & EventStamp)[],
    facts: PredictionTarget,
    /** The run so far (its events up to that cycle) and its meta, for panels that draw a timeline. */
    run: { soFar: readonly (E & EventStamp)[]; meta: M },
  ): string[];
}

/** Index of the first logged event whose cycle is greater than `cycle`. */
export const firstAfter = <E>(log: PredictionLog<E>, cycle: number): number =>
  log.firstAtCycle(cycle + 1);

/** The logged events at positions from … to − 1 (the whole log by default), in order. */
export function* logEvents<E>(
  log: PredictionLog<E>,
  from = 0,
  to = log.length,
): Generator<E & EventStamp> {
  for (let i = Math.max(0, from); i < Math.min(to, log.length); i++) yield log.at(i)!;
}

/** The events from index `from` on, exploring ahead as they run out (the cycle never moves). */
export function* eventsFrom<E, M>(
  run: PredictionRun<E, M>,
  from: number,
): Generator<[E & EventStamp, number]> {
  let i = from;
  for (;;) {
    while (i < run.log.length) {
      yield [run.log.at(i)!, i];
      i++;
    }
    if (!run.exploreMore()) return;
  }
}

/** Makes sure every event up to `cycle` is logged. */
export function exploreThrough<E, M>(run: PredictionRun<E, M>, cycle: number): void {
  while (run.explored < cycle && run.exploreMore());
}

/** Aligned windows of at most `size` values keep long option lists short without leaking. */
export function windowed(values: readonly number[], actual: number, size: number): number[] {
  if (values.length <= size) return [...values];
  const at = Math.max(0, values.indexOf(actual));
  const start = Math.min(Math.floor(at / size) * size, values.length - size);
  return values.slice(start, start + size);
}

export const range = (n: number) => Array.from({ length: n }, (_, i) => i);
