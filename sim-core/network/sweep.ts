/**
 * Load sweeps: run a network scenario's traffic at a series of offered loads, for several
 * routers, and measure what the network accepts and how long packets take — the data of a
 * latency-vs-load and an accepted-vs-offered chart. One point is one short run with a warm-up;
 * points are independent, so the caller can report progress and stop between them.
 */
import { Network } from './network';
import type { NetworkConfig } from './network-config';
import type { RouteReason } from './network-frame';
import type { RouterKind } from './routing';
import type { Port } from './topology';

export interface SweepRequest {
  routers: RouterKind[];
  loads: number[];
  /** Cycles of traffic per point, the first `warmup` of them not measured. */
  cycles: number;
  warmup: number;
}

export interface SweepPoint {
  router: RouterKind;
  offered: number;
  /** Phits per node per cycle delivered after the warm-up. */
  accepted: number;
  /** Mean latency (creation to delivery) of packets delivered in the window; null if none. */
  latency: number | null;
  deroutes: number;
  /** The run stalled (a deadlock): later points of this router are meaningless too. */
  stalled: boolean;
}

/** A hop to an unprofitable output, counted as the network counts deroutes. */
const misrouted = (e: { reason: RouteReason; profitable: readonly Port[]; to: Port }): boolean =>
  e.reason === 'deroute' ||
  e.reason === 'deflect' ||
  (e.reason === 'exchange' && !e.profitable.includes(e.to));

export function sweepPoint(
  base: NetworkConfig,
  router: RouterKind,
  load: number,
  req: SweepRequest,
): SweepPoint {
  const traffic = base.traffic ?? {
    pattern: 'uniform' as const,
    load,
    until: req.cycles,
    hotspot: { node: 0, fraction: 0 },
  };
  const net = new Network({
    ...base,
    router,
    packets: [],
    traffic: { ...traffic, load, until: req.cycles },
    checkInvariants: false,
    stallWatchdog: Math.max(200, base.stallWatchdog),
  });
  let delivered = 0;
  let latencySum = 0;
  let deroutes = 0;
  let stalled = false;
  for (let c = 1; c <= req.cycles && !stalled; c++) {
    for (const e of net.step()) {
      if (e.kind === 'net.stall') stalled = true;
      if (c <= req.warmup) continue;
      if (e.kind === 'net.deliver') {
        delivered += 1;
        latencySum += e.latency;
      } else if (e.kind === 'net.route' && misrouted(e)) deroutes += 1;
    }
  }
  const nodes = base.topology.attached * base.topology.attached;
  const window = Math.max(1, req.cycles - req.warmup);
  return {
    router,
    offered: load,
    accepted: (delivered * base.packetPhits) / (nodes * window),
    latency: delivered > 0 ? latencySum / delivered : null,
    deroutes,
    stalled,
  };
}
