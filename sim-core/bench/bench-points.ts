/**
 * The bench's measured points, kept while the process lives: a point is a pure function of its
 * NI, size, provenance and network (its model runs deterministically), so the race, the chart and a
 * changed clock setting reuse it instead of running the model again. Bounded: the oldest points
 * go first.
 */
import { OWN_NETWORK, type BenchNetwork, type Provenance } from '../messaging';
import type { PhaseSlice } from '../ledger/phase-events';
import type { BenchClock } from './bench-clock';
import {
  measurePoint,
  rowAt,
  type BenchNi,
  type BenchRow,
  type Measurement,
  type RunCache,
} from './bench';

const KEEP = 600;
const points = new Map<string, Measurement>();
/** The runs of the last NI and size: its provenances often share one (bench.ts, RunCache). */
const recent: { at: string; runs: RunCache } = { at: '', runs: new Map() };

function measured(
  ni: BenchNi,
  bytes: number,
  provenance: Provenance,
  withBandwidth: boolean,
  network: BenchNetwork,
): Measurement {
  const net = network.kind === 'torus' ? `torus-${network.hops}` : network.kind;
  const key = `${ni.model}/${ni.variant}/${bytes}/${provenance}/${net}`;
  // A whole point serves a latency-only request too; a latency-only one is kept apart.
  const known = points.get(key) ?? (withBandwidth ? undefined : points.get(`${key}/latency`));
  if (known) return known;
  const at = `${ni.model}/${ni.variant}/${bytes}/${net}`;
  if (recent.at !== at) recent.runs.clear();
  recent.at = at;
  const m = measurePoint(ni, bytes, provenance, recent.runs, withBandwidth, network);
  if (points.size >= KEEP) points.delete(points.keys().next().value!);
  points.set(withBandwidth ? key : `${key}/latency`, m);
  return m;
}

/**
 * A point at a clock setting, with the measured message's slices (from its first cycle);
 * `withBandwidth` false leaves out the stream's run (its bandwidth is then unknown).
 */
export function measuredRow(
  ni: BenchNi,
  bytes: number,
  provenance: Provenance,
  clock: BenchClock,
  withBandwidth = true,
  network: BenchNetwork = OWN_NETWORK,
): { row: BenchRow; slices: readonly PhaseSlice[] } {
  const m = measured(ni, bytes, provenance, withBandwidth, network);
  return { row: rowAt(m, clock), slices: m.slices };
}
