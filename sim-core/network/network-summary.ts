/** A torus run's statistics as lines of text, for the CLI (a network run's, or a Cranium run's torus). */
import type { NetworkStats } from './network-frame';

export function summariseNetworkStats(stats: NetworkStats): string[] {
  const l = stats.latency;
  return [
    `load: offered ${stats.offeredLoad.toFixed(3)}, accepted ${stats.acceptedLoad.toFixed(3)} phits/node/cycle; packets created ${stats.created}, refused ${stats.refused}, delivered ${stats.delivered}, in flight ${stats.inFlight}`,
    `latency: mean ${l.mean.toFixed(1)}, p50 ${l.p50}, p95 ${l.p95}, p99 ${l.p99}, max ${l.max} cycles; in the network mean ${stats.networkLatency.mean.toFixed(1)} (min ${stats.networkLatency.min})`,
    `hops ${stats.hops.mean.toFixed(2)} per packet; deroutes ${stats.deroutes.total} (${stats.deroutes.perPacket.toFixed(3)} per packet); link utilisation ${(stats.linkUtilisation * 100).toFixed(1)}%`,
  ];
}
