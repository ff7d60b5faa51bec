/**
 * The network's invariants, checked in step 6 of a cycle (digest seed-001-cranium.md §B.12):
 * conservation of packets, and no frame over a packet (at most L phits, of one packet or of a
 * leaving packet and the one behind it). Occupied frames every cycle; every AUDIT_EVERY cycles
 * every frame, and whether the occupancy bits agree with the frames (occupancy.ts). Delivery
 * only at [0,0] to the right node is checked where a packet is delivered (phase-links.ts).
 */
import type { InFrame, OutFrame } from './network-state';
import { allBits, lowestBit } from './occupancy';
import type { PhaseContext } from './phase-context';

/**
 * Cycles between full audits of the frames: the occupancy bits the per-cycle passes rely on are
 * compared with every frame, and empty frames are checked too (every cycle: the occupied ones).
 */
const AUDIT_EVERY = 64;

/** An input frame holds more than L phits, forwards phits it never received, or queues badly. */
const inFrameOverfull = (f: InFrame, L: number): boolean =>
  f.arrived > L ||
  f.forwarded > f.arrived ||
  f.arrived - f.forwarded + f.nextArrived > L ||
  (f.nextPkt >= 0 && (f.pkt < 0 || f.grant < 0 || f.nextPkt === f.pkt));

/** An output frame holds more than L phits, sends phits it never received, or queues badly. */
const outFrameOverfull = (f: OutFrame, L: number): boolean =>
  f.received > L ||
  f.sent > f.received ||
  f.received - f.sent + f.nextReceived > L ||
  (f.nextPkt >= 0 && (f.pkt < 0 || f.nextPkt === f.pkt));

export function checkNetworkInvariants(c: PhaseContext): void {
  const { cfg, state: s } = c;
  const { inUsed, outUsed, mqUsed } = c.occupancy;
  const inFlight = s.stats.inFlight;
  let queued = 0;
  for (let n = 0; n < s.queues.length; n++) queued += s.queues[n]!.length;
  if (
    s.stats.created !== s.stats.delivered + inFlight ||
    s.stats.injected !== s.stats.delivered + inFlight - queued
  ) {
    c.emit({
      kind: 'invariant.violation',
      rule: 'conservation',
      block: -1,
      detail: `created ${s.stats.created}, injected ${s.stats.injected}, delivered ${s.stats.delivered}, in flight ${inFlight}, queued ${queued}`,
    });
  }
  const L = cfg.packetPhits;
  // Every AUDIT_EVERY cycles, every frame, and whether the occupancy bits agree with them.
  const audit = s.cycle % AUDIT_EVERY === 0;
  for (let r = 0; r < s.routers.length; r++) {
    const router = s.routers[r]!;
    let bad = false;
    for (let used = audit ? allBits(router.in.length) : inUsed[r]!; used; used &= used - 1)
      bad ||= inFrameOverfull(router.in[lowestBit(used)]!, L);
    for (let used = audit ? allBits(router.mq.length) : mqUsed[r]!; used; used &= used - 1)
      bad ||= router.mq[lowestBit(used)]!.forwarded > L;
    for (let used = audit ? allBits(router.out.length) : outUsed[r]!; used; used &= used - 1)
      bad ||= outFrameOverfull(router.out[lowestBit(used)]!, L);
    if (bad) {
      c.emit({
        kind: 'invariant.violation',
        rule: 'capacity',
        block: -1,
        detail: `router ${r} holds more than L phits in a frame, sends phits it never received, or queues a packet behind one that is not leaving`,
      });
    }
    if (audit && !c.occupancy.agrees(r, router)) {
      c.emit({
        kind: 'invariant.violation',
        rule: 'capacity',
        block: -1,
        detail: `router ${r}'s record of its occupied frames disagrees with the frames`,
      });
    }
  }
}
