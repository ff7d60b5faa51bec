/**
 * Step 5 of a network cycle, traffic (digest seed-001-cranium.md §B.12, §D.1): scheduled and
 * Bernoulli packets are created into bounded injection queues; a full queue refuses the packet
 * (back-pressure, counted). A program's packets (Network.submit) are created the same way.
 */
import { nextFloat } from '../kernel/rng';
import type { NetworkConfig } from './network-config';
import { packetRecord } from './network-state';
import type { PhaseContext } from './phase-context';
import { headerBetween, profitableSet } from './topology';
import { trafficPatterns } from './traffic';

/** The configuration's traffic, arranged once for the per-cycle lookups. */
export class TrafficPlan {
  /** Scheduled packets by creation cycle, in configuration order. */
  readonly scheduled = new Map<number, { src: number; dst: number }[]>();
  /** The last cycle a scheduled packet is created (0 with none). */
  readonly lastScheduled: number = 0;
  /** What the traffic pattern is told about the node grid. */
  readonly patternContext: { side: number; hotspot: { node: number; fraction: number } };

  constructor(private readonly cfg: NetworkConfig) {
    for (const p of cfg.packets) {
      const list = this.scheduled.get(p.at) ?? [];
      list.push({ src: p.src, dst: p.dst });
      this.scheduled.set(p.at, list);
      this.lastScheduled = Math.max(this.lastScheduled, p.at);
    }
    this.patternContext = {
      side: cfg.topology.attached,
      hotspot: cfg.traffic?.hotspot ?? { node: 0, fraction: 0 },
    };
  }

  /** Whether packets are still to be created after `cycle`. */
  moreAfter(cycle: number): boolean {
    const t = this.cfg.traffic;
    return cycle < this.lastScheduled || (t !== null && cycle < t.until);
  }
}

export function runTraffic(c: PhaseContext, plan: TrafficPlan): void {
  const { cfg, state: s } = c;
  const due = plan.scheduled.get(s.cycle);
  if (due) for (const p of due) createPacket(c, p.src, p.dst);
  const t = cfg.traffic;
  if (!t || s.cycle > t.until) return;
  const chance = t.load / cfg.packetPhits;
  const dest = trafficPatterns[t.pattern].dest;
  for (let node = 0; node < s.trafficRng.length; node++) {
    const rng = s.trafficRng[node]!;
    if (nextFloat(rng) >= chance) continue;
    const dst = dest(node, plan.patternContext, rng);
    if (dst !== node) createPacket(c, node, dst);
  }
}

/** A new packet queued for injection at node `src`; null (refused) when the queue is full. */
export function createPacket(c: PhaseContext, src: number, dst: number): number | null {
  const { cfg, state: s } = c;
  const queue = s.queues[src]!;
  if (queue.length >= cfg.injectionQueue) {
    s.stats.refused += 1;
    return null;
  }
  const srcRouter = c.nodeRouter[src]!;
  const dstRouter = c.nodeRouter[dst]!;
  const id = s.nextPacket++;
  const header = headerBetween(cfg.topology, srcRouter, dstRouter);
  const pkt = packetRecord();
  pkt.id = id;
  pkt.src = src;
  pkt.dst = dst;
  pkt.dstRouter = dstRouter;
  pkt.header = header;
  pkt.profitable = profitableSet(header, cfg.topology);
  pkt.createdAt = s.cycle;
  pkt.path.push(srcRouter);
  s.packets[id] = pkt;
  c.live.add(pkt);
  queue.push(id);
  s.stats.created += 1;
  s.stats.inFlight += 1;
  return id;
}
