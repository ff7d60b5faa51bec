/**
 * Cycles as nanoseconds for the message bench (round2-spec §A.3 item 4): as published, each model
 * at its seed's clock (its `clocks` capability); or re-clocked to a common 200 MHz processor and
 * 100 MHz system. Re-clocking scales each part of a message's anatomy by its own domain — the
 * host's software by the processor's clock, everything else (NI, bus, memory, network, waiting)
 * by the system's — weighted by the cycles each category covers; a point without an anatomy
 * scales by its model's cycle domain. A common network (a pipe or torus of stated ns) is one
 * machine's, not the node's: its time is kept as it is.
 */
import { PHASE_CATEGORIES, type PhaseCategory } from '../ledger/phase-events';
import { nsPerCycle, type Clocks } from '../model';

export const BENCH_CLOCKS = ['published', 'common'] as const;
export type BenchClock = (typeof BENCH_CLOCKS)[number];

export const COMMON_CLOCKS = { cpuHz: 200e6, systemHz: 100e6 } as const;

const domainOf = (c: PhaseCategory): 'cpu' | 'system' => (c === 'host-sw' ? 'cpu' : 'system');

const hz = (c: { cpuHz: number; systemHz: number }, d: 'cpu' | 'system') =>
  d === 'cpu' ? c.cpuHz : c.systemHz;

/**
 * Nanoseconds per cycle of a point under a clock setting: the published value, or that value
 * times the published-to-common frequency ratio averaged over the anatomy's categories.
 */
export function benchNsPerCycle(
  clocks: Clocks,
  clock: BenchClock,
  byCategory: Readonly<Record<PhaseCategory, number>> | null,
  /** The network is a common one, stated in time: its slices keep their nanoseconds. */
  commonNetwork = false,
): number {
  const published = nsPerCycle(clocks);
  if (clock === 'published') return published;
  const ratio = (d: 'cpu' | 'system') => hz(clocks, d) / hz(COMMON_CLOCKS, d);
  const ratioOf = (c: PhaseCategory) => (commonNetwork && c === 'network' ? 1 : ratio(domainOf(c)));
  const total = byCategory ? PHASE_CATEGORIES.reduce((t, c) => t + byCategory[c], 0) : 0;
  if (!byCategory || total === 0) return published * ratio(clocks.cycleDomain);
  const weighted = PHASE_CATEGORIES.reduce((t, c) => t + byCategory[c] * ratioOf(c), 0);
  return (published * weighted) / total;
}
