/** The network's counters at the current cycle: load, latency, hops, deroutes. */
import type { NetworkStats } from '../../../sim-core/index';
import { KeyValueTable } from './KeyValueTable';

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

export function NetworkStatsTable({ stats }: { stats: NetworkStats }) {
  const rows: [string, string][] = [
    ['offered load (phits/node/cycle, traffic window)', fixed(stats.offeredLoad, 3)],
    ['accepted load (same window)', fixed(stats.acceptedLoad, 3)],
    ['packets created / refused', `${stats.created} / ${stats.refused}`],
    [
      'injected / delivered / in flight',
      `${stats.injected} / ${stats.delivered} / ${stats.inFlight}`,
    ],
    ['latency mean (from creation)', fixed(stats.latency.mean)],
    [
      'latency p50 / p95 / p99 / max',
      `${stats.latency.p50} / ${stats.latency.p95} / ${stats.latency.p99} / ${stats.latency.max}`,
    ],
    [
      'network latency mean / min / max',
      `${fixed(stats.networkLatency.mean)} / ${stats.networkLatency.min} / ${stats.networkLatency.max}`,
    ],
    ['hops per packet', fixed(stats.hops.mean, 2)],
    [
      'deroutes (total / per packet)',
      `${stats.deroutes.total} / ${fixed(stats.deroutes.perPacket, 3)}`,
    ],
    ['link utilisation', `${fixed(stats.linkUtilisation * 100)}%`],
  ];
  return (
    <KeyValueTable caption={`Network, ${stats.nodes} nodes`} rows={rows} testId="stats-network" />
  );
}
