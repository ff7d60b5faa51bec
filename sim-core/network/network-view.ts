/**
 * The network's view (digest seed-001-cranium.md §B.12; network-frame.ts): the self-contained
 * Frame a picture draws, and the statistics, both projected from the state and never kept in it.
 */
import { clonePlain } from '../kernel/clone';
import type { FrameLayout } from './frame-layout';
import { recentPhits } from './link-window';
import type { NetworkConfig } from './network-config';
import type {
  FrameState,
  FrameView,
  NetworkFrame,
  NetworkStats,
  PacketView,
  Segment,
} from './network-frame';
import type { InFrame, NetworkState } from './network-state';
import { DIRS, PORTS, nodeCount, routerOfNode, xOf, yOf } from './topology';

/** The statistics of a run so far. */
export function networkStats(cfg: NetworkConfig, s: NetworkState): NetworkStats {
  const nodes = nodeCount(cfg.topology);
  const cycles = Math.max(1, s.cycle);
  // Offered and accepted over the same cycles: the traffic window, not the drain after it.
  const window = cfg.traffic ? Math.max(1, Math.min(cfg.traffic.until, s.cycle)) : cycles;
  const entries = Object.entries(s.latencyHistogram)
    .map(([lat, n]) => [Number(lat), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const pct = (q: number) => {
    let seen = 0;
    for (const [lat, n] of entries) {
      seen += n;
      if (seen >= q * s.stats.delivered) return lat;
    }
    return 0;
  };
  const d = Math.max(1, s.stats.delivered);
  const links = s.linkPhits.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
  const linkCount = s.linkPhits.length * DIRS.length;
  return {
    cycles: s.cycle,
    nodes,
    created: s.stats.created,
    refused: s.stats.refused,
    injected: s.stats.injected,
    delivered: s.stats.delivered,
    inFlight: s.stats.inFlight,
    offeredLoad: ((s.stats.created + s.stats.refused) * cfg.packetPhits) / (nodes * window),
    acceptedLoad: (s.stats.deliveredInWindow * cfg.packetPhits) / (nodes * window),
    latency: {
      mean: s.stats.latencySum / d,
      p50: pct(0.5),
      p95: pct(0.95),
      p99: pct(0.99),
      max: entries.at(-1)?.[0] ?? 0,
    },
    networkLatency: {
      mean: s.stats.networkLatencySum / d,
      min: s.stats.delivered ? s.stats.networkLatencyMin : 0,
      max: s.stats.networkLatencyMax,
    },
    hops: { mean: s.stats.hopsSum / d },
    deroutes: { total: s.stats.deroutes, perPacket: s.stats.deroutes / d },
    linkUtilisation: links / (linkCount * cycles),
  };
}

/** The picture at the current cycle: every router's frames and every injected packet. */
export function networkFrame(
  cfg: NetworkConfig,
  s: NetworkState,
  layout: FrameLayout,
): NetworkFrame {
  const t = cfg.topology;
  const L = cfg.packetPhits;
  const nodeAt = new Map<number, number>();
  for (let n = 0; n < nodeCount(t); n++) nodeAt.set(routerOfNode(t, n), n);
  const segments = new Map<number, Segment[]>();
  const addSegment = (pkt: number, seg: Segment) => {
    if (seg.phits > 0 || seg.kind === 'in') segments.set(pkt, [...(segments.get(pkt) ?? []), seg]);
  };
  const inState = (f: InFrame): FrameState =>
    f.pkt < 0
      ? 'empty'
      : f.grant >= 0
        ? f.arrived < L
          ? 'cut-through'
          : 'leaving'
        : f.arrived < L
          ? 'filling'
          : 'full';
  const routers = s.routers.map((router, r) => {
    // A frame holding two packets (tail-following) reports the leaving one, whose phits are at
    // the front; the one behind shows as a segment of its own packet.
    const frames: FrameView[] = router.in.map((f, i) => {
      const port = layout.inputPort(i);
      if (f.pkt >= 0 && f.headAt >= 0)
        addSegment(f.pkt, { kind: 'in', router: r, port, phits: f.arrived - f.forwarded });
      if (f.nextPkt >= 0 && f.nextHeadAt >= 0)
        addSegment(f.nextPkt, { kind: 'in', router: r, port, phits: f.nextArrived });
      return {
        packet: f.pkt >= 0 ? f.pkt : null,
        phits: f.pkt >= 0 ? f.arrived - f.forwarded : 0,
        state: inState(f),
      };
    });
    // Channel 0 of each port is "the" input frame; further virtual channels are listed apart.
    const inputs = frames.filter((_, i) => layout.vcOfInput[i] === 0);
    const virtualChannels = frames.filter((_, i) => layout.vcOfInput[i] !== 0);
    const outputs: FrameView[] = router.out.map((f, i) => {
      if (f.pkt >= 0)
        addSegment(f.pkt, {
          kind: 'out',
          router: r,
          port: PORTS[i]!,
          phits: f.received - f.sent,
        });
      if (f.nextPkt >= 0)
        addSegment(f.nextPkt, { kind: 'out', router: r, port: PORTS[i]!, phits: f.nextReceived });
      return {
        packet: f.pkt >= 0 ? f.pkt : null,
        phits: f.received - f.sent,
        state: f.pkt < 0 ? 'empty' : f.received < L ? 'cut-through' : 'leaving',
      };
    });
    const multiQueue: FrameView[] = router.mq.map((f, slot) => {
      if (f.pkt >= 0) addSegment(f.pkt, { kind: 'mq', router: r, slot, phits: L - f.forwarded });
      return {
        packet: f.pkt >= 0 ? f.pkt : null,
        phits: f.pkt >= 0 ? L - f.forwarded : 0,
        state: f.pkt < 0 ? 'empty' : f.grant >= 0 ? 'leaving' : 'full',
      };
    });
    const occupancy = [...frames, ...outputs, ...multiQueue].filter(
      (f) => f.packet !== null,
    ).length;
    return {
      id: r,
      x: xOf(t, r),
      y: yOf(t, r),
      node: nodeAt.get(r) ?? null,
      inputs,
      virtualChannels,
      outputs,
      multiQueue,
      occupancy,
      decisions: router.decided.map((d) => ({ ...d, profitable: [...d.profitable] })),
    };
  });
  const packets: PacketView[] = Object.values(s.packets)
    .filter((p) => p.injectedAt >= 0)
    .sort((a, b) => a.id - b.id)
    .map((p) => ({
      id: p.id,
      src: p.src,
      dst: p.dst,
      header: { ...p.header },
      hops: p.hops,
      deroutes: p.deroutes,
      waited: s.cycle - p.injectedAt + 1 - p.moves,
      createdAt: p.createdAt,
      injectedAt: p.injectedAt,
      path: [...p.path],
      derouted: [...p.derouted],
      segments: segments.get(p.id) ?? [],
    }));
  return {
    model: 'network',
    cycle: s.cycle,
    halted: s.halted,
    routers,
    packets,
    linkPhits: clonePlain(s.linkPhits),
    linkRecent: s.linkRecent.map((row) => row.map((w) => recentPhits(w, s.cycle))),
    injectionQueues: s.queues.map((q) => q.length),
    stats: networkStats(cfg, s),
  };
}
