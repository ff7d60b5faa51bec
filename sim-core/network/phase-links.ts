/**
 * Step 1 of a network cycle, the links (digest seed-001-cranium.md §B.12; thesis L1176, L1334):
 * every output frame sends one phit downstream, to the next router's input frame or across the P
 * link to the node, which delivers a packet with its last phit; the injection link adds one phit
 * to a filling injection frame. A half-duplex P link turns round only at packet boundaries, ties
 * broken by the TB bit (digest §C.17).
 */
import { recordPhit } from './link-window';
import { canTakeHead, popOut } from './frames';
import type { PacketState } from './network-state';
import { lowestBit } from './occupancy';
import type { PhaseContext } from './phase-context';
import { OPPOSITE_INDEX, P_INDEX } from './topology';

export function runLinks(c: PhaseContext): void {
  const s = c.state;
  const { routers, cycle } = s;
  const live = c.live;
  const { inUsed, outUsed } = c.occupancy;
  const layout = c.layout;
  const L = c.cfg.packetPhits;
  const V = layout.vcs;
  const injection = layout.injectionInput;
  const injectionBit = 1 << injection;
  for (let r = 0; r < routers.length; r++) {
    const router = routers[r]!;
    // A half-duplex P link that carried a delivery's last phit last cycle is free from this
    // one: the next packet either way (or a tie, on TB) goes now, with no cycle lost.
    if (router.pLink === 'deliver' && router.out[P_INDEX]!.sent === 0) router.pLink = 'idle';
    for (let used = outUsed[r]!; used !== 0; used &= used - 1) {
      const o = lowestBit(used);
      const out = router.out[o]!;
      if (out.pkt < 0 || out.sent >= out.received) continue;
      const pkt = live.get(out.pkt);
      if (o === P_INDEX) {
        if (out.sent === 0 && !mayStartDelivery(c, r, pkt)) continue;
        out.sent += 1;
        c.touch(pkt, cycle);
        if (pkt.phitsDelivered === 0) {
          pkt.ejectStartedAt = cycle;
          c.port?.started(pkt.dst, pkt);
        }
        pkt.phitsDelivered += 1;
        if (pkt.phitsDelivered === L) deliver(c, pkt, r);
      } else {
        // layout.inputIndex, written out (see there).
        const next = routers[c.neighbours[r * 4 + o]!]!.in[OPPOSITE_INDEX[o]! * V + out.vc]!;
        // Only into the frame reserved for this packet (at its front, or behind the packet
        // leaving it): an exchanged packet waits here until the stuck packet in that frame has
        // moved into its router's multi-queue.
        if (next.pkt === out.pkt) {
          if (next.arrived === 0) next.headAt = cycle;
          next.arrived += 1;
          next.lastArrival = cycle;
        } else if (next.nextPkt === out.pkt) {
          if (next.nextArrived === 0) next.nextHeadAt = cycle;
          next.nextArrived += 1;
          next.nextLastArrival = cycle;
        } else continue;
        out.sent += 1;
        c.touch(pkt, cycle);
        s.linkPhits[r]![o]! += 1;
        recordPhit(s.linkRecent[r]![o]!, cycle);
      }
      // Tail-following: the packet behind (if any) goes on the link from the next cycle.
      if (out.sent === L) {
        popOut(out);
        if (out.pkt < 0) outUsed[r] = outUsed[r]! & ~(1 << o);
      }
    }
    // The injection link streams the rest of a packet whose head is in the injection frame
    // (the one at the front, or the one behind a leaving packet).
    if ((inUsed[r]! & injectionBit) === 0) continue;
    const inj = router.in[injection]!;
    if (inj.pkt < 0) continue;
    if (inj.headAt >= 0 && inj.arrived < L) {
      if (inj.headAt < cycle) {
        inj.arrived += 1;
        inj.lastArrival = cycle;
        c.touch(live.get(inj.pkt), cycle);
        if (inj.arrived === L && router.pLink === 'inject') router.pLink = 'idle';
      }
    } else if (inj.nextPkt >= 0 && inj.nextArrived < L && inj.nextHeadAt < cycle) {
      inj.nextArrived += 1;
      inj.nextLastArrival = cycle;
      c.touch(live.get(inj.nextPkt), cycle);
      if (inj.nextArrived === L && router.pLink === 'inject') router.pLink = 'idle';
    }
  }
}

/**
 * Whether the P output may send the first phit of `pkt` now: the node takes it, and on a
 * half-duplex link no injection holds the link. On an idle link a waiting injection ties with
 * the delivery; the TB bit decides (false: delivery), toggling when used (digest §C.17).
 */
function mayStartDelivery(c: PhaseContext, r: number, pkt: PacketState): boolean {
  if (c.port && !c.port.accepts(pkt.dst)) return false;
  if (!c.cfg.halfDuplexP) return true;
  const router = c.state.routers[r]!;
  if (router.pLink !== 'idle') return false;
  if (wantsToInject(c, r)) {
    router.tieBreak = !router.tieBreak;
    if (!router.tieBreak) {
      router.pLink = 'inject';
      return false;
    }
  }
  router.pLink = 'deliver';
  return true;
}

/**
 * Whether the node has a packet the injection frame takes this cycle (step 4). Asked in step 1,
 * and the answer holds until step 4: a frame that can take a head has no packet that steps 2–3
 * could make unable to (see canTakeHead).
 */
function wantsToInject(c: PhaseContext, r: number): boolean {
  const s = c.state;
  const node = c.routerNode[r]!;
  return (
    node >= 0 &&
    s.queues[node]!.length > 0 &&
    canTakeHead(s.routers[r]!.in[c.layout.injectionInput]!, c.cfg.packetPhits, s.cycle)
  );
}

/** The packet's last phit has crossed the P link: counted, checked and forgotten. */
function deliver(c: PhaseContext, pkt: PacketState, r: number): void {
  const { cfg, state: s } = c;
  const latency = s.cycle - pkt.createdAt + 1;
  const networkLatency = s.cycle - pkt.injectedAt + 1;
  s.stats.delivered += 1;
  if (!cfg.traffic || s.cycle <= cfg.traffic.until) s.stats.deliveredInWindow += 1;
  s.stats.inFlight -= 1;
  s.stats.latencySum += latency;
  s.stats.networkLatencySum += networkLatency;
  s.stats.networkLatencyMin = Math.min(s.stats.networkLatencyMin, networkLatency);
  s.stats.networkLatencyMax = Math.max(s.stats.networkLatencyMax, networkLatency);
  s.stats.hopsSum += pkt.hops;
  s.latencyHistogram[latency] = (s.latencyHistogram[latency] ?? 0) + 1;
  if (cfg.checkInvariants && (r !== pkt.dstRouter || pkt.header.dx !== 0 || pkt.header.dy !== 0)) {
    c.emit({
      kind: 'invariant.violation',
      rule: 'delivery',
      block: -1,
      detail: `packet ${pkt.id} for node ${pkt.dst} ejected at router ${r} with header [${pkt.header.dy},${pkt.header.dx}]`,
    });
  }
  c.emit({
    kind: 'net.deliver',
    packet: pkt.id,
    node: pkt.dst,
    latency,
    networkLatency,
    hops: pkt.hops,
    deroutes: pkt.deroutes,
  });
  c.port?.delivered(pkt.dst, pkt);
  delete s.packets[pkt.id];
  c.live.remove(pkt.id);
}
