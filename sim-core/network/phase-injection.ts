/**
 * Step 4 of a network cycle, injection (digest seed-001-cranium.md §B.12; thesis L1176): a
 * node's queued packet enters its router's injection frame, head latched, when the frame is empty
 * or, tail-following, the cycle after the packet in front has fully arrived and been granted (a
 * stream of packets moves one packet per L cycles). A half-duplex P link delivering holds it back.
 */
import { canTakeHead, fillIn, fillNextIn } from './frames';
import type { PhaseContext } from './phase-context';

export function runInjection(c: PhaseContext): void {
  const s = c.state;
  const P = c.layout.injectionInput;
  const { inUsed } = c.occupancy;
  for (let node = 0; node < s.queues.length; node++) {
    const queue = s.queues[node]!;
    if (queue.length === 0) continue;
    const r = c.nodeRouter[node]!;
    const router = s.routers[r]!;
    const inj = router.in[P]!;
    // Tail-following: the head may enter behind a leaving packet whose tail is in.
    if (!canTakeHead(inj, c.cfg.packetPhits, s.cycle)) continue;
    if (c.cfg.halfDuplexP) {
      if (router.pLink === 'deliver') continue;
      router.pLink = 'inject';
    }
    const id = queue.shift()!;
    const pkt = c.live.get(id);
    pkt.injectedAt = s.cycle;
    c.touch(pkt, s.cycle);
    if (inj.pkt < 0) fillIn(inj, id, s.cycle, 1, s.cycle);
    else fillNextIn(inj, id, s.cycle, 1, s.cycle);
    inUsed[r] = inUsed[r]! | (1 << P);
    s.stats.injected += 1;
    c.emit({ kind: 'net.inject', packet: id, node, router: r, dst: pkt.dst });
  }
}
