/**
 * What a view can select (plain data), and how a model's events link to it: which events are
 * about a selection (the event log marks them, and can show them alone) and what an event is about
 * (choosing a log row selects it). Each model's face brings its links; the worker's event log
 * queries and the page's log view read them.
 */
import type { EventStamp } from './common-events';

export type Selection =
  | { kind: 'block'; block: number }
  | { kind: 'txn'; txn: number }
  | { kind: 'packet'; packet: number }
  | { kind: 'router'; router: number }
  /** A Cranium packet (its id in the Cranium frame, not the network's). */
  | { kind: 'crPacket'; packet: number }
  /** A slot of a coherent NI's cachable queue (its blocks), on one node. */
  | { kind: 'slot'; node: number; queue: string; slot: number }
  | null;

/** `E`: the model's events (the log hands over every event; the links look at their own). */
export interface LogLinks<M, E extends { kind: string } = { kind: string }> {
  /** What the event is about, as a selection; null: nothing a view selects. */
  subject(e: E & EventStamp, meta: M): Selection;
  /** Whether the event is about the selection. */
  about(e: E & EventStamp, selection: NonNullable<Selection>, meta: M): boolean;
  /**
   * For a model whose torus carries other processes' packets too (the Cranium NI's): the torus
   * packets of a run that are the model's own; the log can hide the rest.
   */
  ownPackets?(log: readonly (E & EventStamp)[]): ReadonlySet<number>;
}
