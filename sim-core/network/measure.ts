/**
 * Network statistics over a measurement window, as a load-latency study reports them (digest
 * seed-001-cranium.md §B.12; Dally & Towles ch. 23): the first `warmup` cycles fill the network
 * and are not measured; offered and accepted load are both counted over the cycles
 * warmup+1 … warmup+window, and latency, hops and deroutes over the packets created in those
 * cycles, followed to their delivery however long after the window that is (the drain).
 */
import type { EventStamp } from '../trace/common-events';
import type { NetworkEventBody } from './network-events';
import type { NetworkStats } from './network-frame';

export interface MeasurementWindow {
  /** Cycles not measured at the start. */
  warmup: number;
  /** Cycles measured after the warm-up (≥ 1). */
  window: number;
}

/** The packet counts of NetworkStats at one cycle, cumulative from cycle 0. */
export type PacketCounts = Pick<NetworkStats, 'created' | 'refused' | 'delivered'>;

export interface Distribution {
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface WindowStats extends MeasurementWindow {
  /** Packets created in the window. */
  packets: number;
  /** Of them, delivered by the end of the run; the rest are `unfinished`. */
  delivered: number;
  unfinished: number;
  /** Phits per node per cycle created or refused (offered) and delivered (accepted) in the window. */
  offeredLoad: number;
  acceptedLoad: number;
  /** Creation to delivery of the window's delivered packets. */
  latency: Distribution;
  /** Injection to delivery of the same packets. */
  networkLatency: Distribution;
  hops: { mean: number; max: number };
  deroutes: { total: number; perPacket: number };
}

/**
 * The default window: with Bernoulli traffic, its first fifth is the warm-up and the rest up to
 * the traffic's last cycle the window (the drain after it offers nothing); with scheduled packets
 * only, the whole run of `cycles`.
 */
export function defaultMeasurementWindow(
  traffic: { until: number } | null,
  cycles: number,
): MeasurementWindow {
  if (!traffic || traffic.until < 2) return { warmup: 0, window: Math.max(1, cycles) };
  const warmup = Math.floor(traffic.until / 5);
  return { warmup, window: traffic.until - warmup };
}

/** Mean, nearest-rank percentiles and maximum; all 0 for no values. */
export function distribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
  return {
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    p50: rank(0.5),
    p95: rank(0.95),
    p99: rank(0.99),
    max: sorted.at(-1)!,
  };
}

type Delivery = Extract<NetworkEventBody, { kind: 'net.deliver' }> & EventStamp;

/**
 * The window's statistics from the packet counts at its first and last cycle (`atStart`: after
 * cycle warmup; `atEnd`: after cycle warmup + window) and the run's event log, which should go on
 * past the window so that the window's packets are delivered.
 */
export function windowStats(
  w: MeasurementWindow,
  shape: { nodes: number; packetPhits: number },
  atStart: PacketCounts,
  atEnd: PacketCounts,
  events: readonly ({ kind: string } & EventStamp)[],
): WindowStats {
  const from = w.warmup + 1;
  const to = w.warmup + w.window;
  const latency: number[] = [];
  const networkLatency: number[] = [];
  const hops: number[] = [];
  let deroutes = 0;
  for (const event of events) {
    if (event.kind !== 'net.deliver') continue;
    const e = event as Delivery;
    // net.deliver's latency counts the creation cycle and the delivery cycle (network.ts).
    const createdAt = e.cycle - e.latency + 1;
    if (createdAt < from || createdAt > to) continue;
    latency.push(e.latency);
    networkLatency.push(e.networkLatency);
    hops.push(e.hops);
    deroutes += e.deroutes;
  }
  const packets = atEnd.created - atStart.created;
  const perWindow = shape.packetPhits / (shape.nodes * w.window);
  const delivered = latency.length;
  const hopCounts = distribution(hops);
  return {
    ...w,
    packets,
    delivered,
    unfinished: packets - delivered,
    offeredLoad: (packets + atEnd.refused - atStart.refused) * perWindow,
    acceptedLoad: (atEnd.delivered - atStart.delivered) * perWindow,
    latency: distribution(latency),
    networkLatency: distribution(networkLatency),
    hops: { mean: hopCounts.mean, max: hopCounts.max },
    deroutes: { total: deroutes, perPacket: delivered ? deroutes / delivered : 0 },
  };
}
