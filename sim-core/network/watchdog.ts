/**
 * The deadlock watchdog, part of step 6 of a network cycle (digest seed-001-cranium.md §B.9,
 * §B.12): when packets are in flight and no phit has moved for `stallWatchdog` cycles, it reports
 * the frames that hold packets and a cycle of packets each waiting for the next (the wait-for
 * graph: a blocked packet waits for the holders of the frames it needs) as a `net.stall` event.
 */
import type { FrameLayout } from './frame-layout';
import type { NetworkConfig } from './network-config';
import type { NetworkState } from './network-state';
import { lowestBit } from './occupancy';
import type { PhaseContext } from './phase-context';
import { routingFunctions } from './routing';
import { OPPOSITE_INDEX, PORTS, P_INDEX, type Port } from './topology';

type Held = { packet: number; router: number; where: string };
type Waiting = Held & { waitsFor: Port };

/** Counts the cycles in which no phit moved, and reports a stall when they reach the limit. */
export function watchForStall(c: PhaseContext): void {
  const s = c.state;
  s.idleCycles = c.moved || s.stats.inFlight === 0 ? 0 : s.idleCycles + 1;
  if (s.idleCycles === c.cfg.stallWatchdog)
    c.emit({
      kind: 'net.stall',
      idleCycles: s.idleCycles,
      held: heldFrames(s, c.layout),
      deadlock: waitCycle(c.cfg, s, c.layout, c.neighbours),
    });
}

function heldFrames(s: NetworkState, layout: FrameLayout): Held[] {
  const held: Held[] = [];
  s.routers.forEach((router, r) => {
    router.in.forEach((f, i) => {
      if (f.pkt >= 0) held.push({ packet: f.pkt, router: r, where: layout.inputName(i) });
      if (f.nextPkt >= 0) held.push({ packet: f.nextPkt, router: r, where: layout.inputName(i) });
    });
    router.mq.forEach(
      (f, i) => f.pkt >= 0 && held.push({ packet: f.pkt, router: r, where: `MQ ${i}` }),
    );
  });
  return held;
}

/**
 * A cycle in the wait-for graph: each blocked packet waits for the packets holding the output
 * frame or the input frames behind the outputs it may take (the routing function's waitsFor).
 * Found by depth-first search from the lowest packet id, so the same deadlock is always reported
 * the same way.
 */
function waitCycle(
  cfg: NetworkConfig,
  s: NetworkState,
  layout: FrameLayout,
  neighbours: readonly number[],
): Waiting[] {
  const waitsFor = routingFunctions[cfg.router].waitsFor;
  type Wait = Waiting & { holders: number[] };
  const waits = new Map<number, Wait[]>();
  s.routers.forEach((router, r) => {
    router.in.forEach((f, i) => {
      if (f.pkt < 0 || f.headAt < 0 || f.grant !== -1) return;
      for (let wanted = waitsFor(s.packets[f.pkt]!); wanted !== 0; wanted &= wanted - 1) {
        const oi = lowestBit(wanted);
        const holders: number[] = [];
        const out = router.out[oi]!;
        if (out.pkt >= 0) holders.push(out.pkt);
        if (out.nextPkt >= 0) holders.push(out.nextPkt);
        const nb = oi === P_INDEX ? -1 : neighbours[r * 4 + oi]!;
        if (nb >= 0) {
          for (let vc = 0; vc < layout.vcs; vc++) {
            const behind = s.routers[nb]!.in[layout.inputIndex(OPPOSITE_INDEX[oi]!, vc)]!;
            if (behind.pkt >= 0) holders.push(behind.pkt);
            if (behind.nextPkt >= 0) holders.push(behind.nextPkt);
          }
        }
        const list = waits.get(f.pkt) ?? [];
        const where = layout.inputName(i);
        list.push({ packet: f.pkt, router: r, where, waitsFor: PORTS[oi]!, holders });
        waits.set(f.pkt, list);
      }
    });
  });
  const onPath: number[] = [];
  const visited = new Set<number>();
  const visit = (p: number): number[] | null => {
    const at = onPath.indexOf(p);
    if (at >= 0) return onPath.slice(at);
    if (visited.has(p)) return null;
    visited.add(p);
    onPath.push(p);
    for (const w of waits.get(p) ?? []) {
      for (const h of w.holders) {
        if (h === p) continue;
        const found = visit(h);
        if (found) return found;
      }
    }
    onPath.pop();
    return null;
  };
  for (const p of [...waits.keys()].sort((a, b) => a - b)) {
    const cycle = visit(p);
    if (cycle) {
      return cycle.map((packet, k) => {
        const next = cycle[(k + 1) % cycle.length]!;
        const w =
          waits.get(packet)!.find((x) => x.holders.includes(next)) ?? waits.get(packet)![0]!;
        return { packet, router: w.router, where: w.where, waitsFor: w.waitsFor };
      });
    }
  }
  return [];
}
