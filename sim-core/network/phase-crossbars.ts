/**
 * Step 2 of a network cycle, the crossbars (digest seed-001-cranium.md §B.12; thesis L1334):
 * every granted input or multi-queue frame moves one phit to its output frame. A phit that
 * arrived in step 1 waits for the next cycle (one stage per cycle); a packet waiting behind one
 * whose tail has just crossed moves to the front (tail-following). On the way it notes, for
 * step 3, which routers hold a packet that still needs an output and which headers are decoded.
 */
import { clearMq, popIn } from './frames';
import { lowestBit } from './occupancy';
import type { PhaseContext } from './phase-context';

export function runCrossbars(c: PhaseContext): void {
  const { routers, cycle } = c.state;
  const live = c.live;
  const { inUsed, mqUsed } = c.occupancy;
  const L = c.cfg.packetPhits;
  const decided = c.cfg.decisionCycles - 2;
  for (let r = 0; r < routers.length; r++) {
    const router = routers[r]!;
    let waiting = 0;
    let ready = 0;
    for (let used = inUsed[r]!; used !== 0; used &= used - 1) {
      const i = lowestBit(used);
      const f = router.in[i]!;
      if (f.pkt < 0) continue;
      if (f.grant >= 0) {
        if (f.grantAt >= cycle || f.forwarded >= f.arrived - (f.lastArrival === cycle ? 1 : 0))
          continue;
        // Into the output frame at its front, or behind the packet leaving it.
        const out = router.out[f.grant]!;
        if (out.pkt === f.pkt) out.received += 1;
        else out.nextReceived += 1;
        c.touch(live.get(f.pkt), cycle);
        f.forwarded += 1;
        if (f.forwarded < L) continue;
        // Tail-following: the packet behind moves up, its header already decoded if its head
        // arrived early enough, so it may be granted in step 3 of this very cycle.
        popIn(f);
        if (f.pkt < 0) {
          inUsed[r] = inUsed[r]! & ~(1 << i);
          continue;
        }
      }
      if (f.headAt >= 0) waiting = 1;
      // A packet accepted in an exchange (IN_EXCHANGE) waits for its MQ frame, not a route.
      if (f.headAt >= 0 && f.grant === -1 && cycle >= f.headAt + decided) ready |= 1 << i;
    }
    for (let used = mqUsed[r]!; used !== 0; used &= used - 1) {
      const slot = lowestBit(used);
      const f = router.mq[slot]!;
      if (f.pkt < 0) continue;
      if (f.grant < 0) {
        waiting = 1;
        continue;
      }
      if (f.grantAt >= cycle) continue;
      const out = router.out[f.grant]!;
      if (out.pkt === f.pkt) out.received += 1;
      else out.nextReceived += 1;
      c.touch(live.get(f.pkt), cycle);
      f.forwarded += 1;
      if (f.forwarded === L) {
        clearMq(f);
        mqUsed[r] = mqUsed[r]! & ~(1 << slot);
      }
    }
    c.waiting[r] = waiting;
    c.ready[r] = ready;
  }
}
