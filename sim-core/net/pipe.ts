/**
 * The pipe of seed 000 (§B.0, L794-800; digest §C.1): topology ignored, a fixed latency from the
 * last byte injected to the first byte delivered, and a hardware sliding window of outstanding
 * messages per destination, released by an acknowledgement that travels back with the same
 * latency once the receiving node accepts the message (digest §H.8).
 *
 * Two additions for FLASH (seed 003 L12, L77; round2-spec S3), both absent for seed 000's runs so
 * its state and timing are unchanged: `bytesPerCycle` serialises a node's messages on its link (a
 * 160-byte component at 4 bytes a cycle holds the link 40 cycles and is delivered `latency` after
 * its last byte), and `lanes` keeps a window and a delivery order per virtual lane. And one for
 * FUGU (seed 004 L1187): `receiverLimit` bounds what all senders together have outstanding to a
 * receiver, T2's lumped receiver buffer.
 */
import type { MessageNetwork, MessageShape } from './message-network';
import { laneOf, windowKey, windowOpen, type Window } from './window';

export interface NetworkPipe {
  inFlight: {
    msg: number;
    arrivesAt: number;
    /** Where it goes and on which lane (kept when the model says; it then may be held back). */
    dst?: number;
    lane?: number;
  }[];
  acks: { from: number; to: number; arrivesAt: number; lane?: number }[];
  /** Outstanding messages per source → destination (and lane, beyond the first): the window. */
  window: Window;
  /** Per source node, the cycle its link is free again (only with `bytesPerCycle`). */
  linkFree?: Record<number, number>;
}

/** Whether any of `list` has arrived by `now`. */
const anyDue = (list: readonly { arrivesAt: number }[], now: number) => {
  for (const x of list) if (x.arrivesAt <= now) return true;
  return false;
};

/** The first arrival of a message or an acknowledgement (the zero network's too: same state). */
export function firstArrival(net: NetworkPipe): number {
  let first = Infinity;
  for (const f of net.inFlight) first = Math.min(first, f.arrivesAt);
  for (const a of net.acks) first = Math.min(first, a.arrivesAt);
  return first;
}

export const pipe: MessageNetwork<NetworkPipe> = {
  initial: () => ({ inFlight: [], acks: [], window: {} }),
  canInject: (net, p, src, dst, lane) => windowOpen(net.window, p, src, dst, lane),
  inject(net, p, now, msg, src, dst, shape?: MessageShape) {
    const lane = laneOf(p.lanes, shape?.lane);
    const key = windowKey(src, dst, lane);
    net.window[key] = (net.window[key] ?? 0) + 1;
    let lastByte = now;
    if (p.bytesPerCycle && shape) {
      const free = (net.linkFree ??= {});
      const start = Math.max(now, free[src] ?? now);
      lastByte = start + Math.ceil(shape.bytes / p.bytesPerCycle);
      free[src] = lastByte;
    }
    net.inFlight.push(
      shape
        ? { msg, arrivesAt: lastByte + p.latency, dst, lane }
        : { msg, arrivesAt: now + p.latency },
    );
  },
  arriveFromOutside(net, msg, at) {
    net.inFlight.push({ msg, arrivesAt: at });
  },
  acknowledge(net, p, now, src, dst, lane) {
    const l = laneOf(p.lanes, lane);
    net.acks.push(
      l === 0
        ? { from: dst, to: src, arrivesAt: now + p.latency }
        : { from: dst, to: src, arrivesAt: now + p.latency, lane: l },
    );
  },
  deliverDue(net, now, accept) {
    // Most cycles nothing is due: no lists rebuilt (a model asks every cycle).
    if (!anyDue(net.acks, now) && !anyDue(net.inFlight, now)) return [];
    const acks = net.acks.filter((a) => a.arrivesAt <= now);
    if (acks.length) net.acks = net.acks.filter((a) => a.arrivesAt > now);
    for (const a of acks) net.window[windowKey(a.to, a.from, a.lane)]! -= 1;
    if (!accept) {
      const arriving = net.inFlight.filter((f) => f.arrivesAt <= now);
      if (arriving.length) net.inFlight = net.inFlight.filter((f) => f.arrivesAt > now);
      return arriving.map((f) => f.msg);
    }
    // In arrival order; a refusal blocks the rest of its node's lane (FIFO), never another lane.
    const due = net.inFlight
      .filter((f) => f.arrivesAt <= now)
      .sort((a, b) => a.arrivesAt - b.arrivesAt);
    const blocked = new Set<string>();
    const taken = new Set<number>();
    for (const f of due) {
      const lane = `${f.dst ?? -1}/${f.lane ?? 0}`;
      if (blocked.has(lane)) continue;
      if (accept(f.msg)) taken.add(f.msg);
      else blocked.add(lane);
    }
    if (taken.size) net.inFlight = net.inFlight.filter((f) => !taken.has(f.msg));
    return due.filter((f) => taken.has(f.msg)).map((f) => f.msg);
  },
  nextDue: firstArrival,
  inTransit: (net) => net.inFlight,
  linkFreeAt: (net, src, now) => Math.max(now, net.linkFree?.[src] ?? now),
};
