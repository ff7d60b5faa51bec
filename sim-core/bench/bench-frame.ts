/** What the bench model's views read: the race at one instant, its static lanes, its outcome. */
import type { PhaseCategory } from '../ledger/phase-events';
import type { Provenance } from '../messaging';
import type { BenchClock } from './bench-clock';
import type { BenchRow } from './bench';

/** One NI in the race: its measured point, told at the bench's clock. */
export interface BenchLane {
  model: string;
  variant: string;
  label: string;
  row: BenchRow;
  /** Nanoseconds per cycle of the model at the bench's clock (null: no latency measured). */
  nsPerCycle: number | null;
}

export interface BenchMeta {
  model: 'bench';
  bytes: number;
  provenance: Provenance;
  clock: BenchClock;
  lanes: BenchLane[];
  /** Every NI the bench can run, in its list's order (the chosen ones are the lanes). */
  every: { model: string; variant: string; label: string }[];
  /** The last delivery, in ns: when the race ends. */
  endNs: number;
  /** The log names its actors by NI, not by node. */
  nodes: 1;
}

export interface BenchLaneFrame {
  status: 'sending' | 'delivered' | 'unavailable';
  /** Nanoseconds the message has been under way (its latency once delivered). */
  elapsedNs: number;
  /** Nanoseconds per category so far (overlaps counted once per category). */
  byCategoryNs: Record<PhaseCategory, number>;
  rank: number | null;
}

export interface BenchFrame {
  model: 'bench';
  cycle: number;
  halted: boolean;
  lanes: BenchLaneFrame[];
  stats: BenchStats;
}

export interface BenchStats {
  /** The race's length so far: nanoseconds. */
  cycles: number;
  lanes: {
    label: string;
    latencyNs: number | null;
    latencyCycles: number | null;
    mbPerS: number | null;
    rank: number | null;
    problem: string | null;
  }[];
  /** The NI that delivered first, if any did. */
  first: string | null;
}

/**
 * A bench row as the chart receives it from the worker: its run to open is one JSON text, so the
 * sweep's CSV has one column for it rather than one per field of another model's scenario.
 */
export type BenchPoint = Omit<BenchRow, 'open'> & { open: { doc: string; cycle: number } | null };

export const benchPoint = (row: BenchRow): BenchPoint => ({
  ...row,
  open: row.open && { doc: JSON.stringify(row.open.scenario), cycle: row.open.cycle },
});
