/**
 * The race's events (the bench model, issue 18): each NI's send starting, each part of its
 * message starting (the phase slices its adapter measured, on the common nanosecond axis), the
 * receiver's user code having the message, and an NI that cannot send this message at all.
 */
import type { PhaseCategory } from '../ledger/phase-events';
import type { CommonEventBody } from '../trace/common-events';

export type BenchEvent =
  | { kind: 'bench.send'; lane: number; ni: string }
  | {
      kind: 'bench.phase';
      lane: number;
      ni: string;
      category: PhaseCategory;
      actor: string;
      phase: string;
    }
  | {
      kind: 'bench.delivered';
      lane: number;
      ni: string;
      /** 1 for the first NI to deliver. */
      rank: number;
      /** The latency at the bench's clock, and in the model's own cycles. */
      ns: number;
      cycles: number;
    }
  | { kind: 'bench.unavailable'; lane: number; ni: string; why: string };

/** Every event the bench emits: its own and the common ones (a broken rule). */
export type BenchModelEvent = BenchEvent | CommonEventBody;
