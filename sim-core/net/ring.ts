/**
 * FUGU's second network (seed 004 L1161; round2-spec §A.2 S3): "a 1-bit, token-passing ring",
 * reserved for the operating system's rare traffic that must not wait behind a blocked main
 * network — overflow control's STOP and resume [004 L1716-1718] and, in the design only, paging
 * [004 L1015]. Nodes 0…n−1 sit on a ring in order. A token goes round; a node that holds it sends
 * what it has queued, up to `window` frames, one after another, then passes the token on. A frame
 * moves one node per `latency` cycles (a frame of that many bits, each node forwarding it whole)
 * and leaves the ring at its destination; the token moves one node per `latency` cycles too.
 * The seed gives no speed for the ring: `latency` is a [default] (docs/fidelity/fugu.md).
 * Order between two nodes is kept: frames leave a node in the order they were queued.
 */
import type { LinkParams, MessageNetwork } from './message-network';

export interface NetworkRing {
  nodes: number;
  /** Cycles per hop for a frame or the token, and frames a node sends per visit of the token. */
  params: LinkParams;
  /** The node the token is at, or moving to, and the cycle it gets there. */
  token: { at: number; arrivesAt: number };
  /** Frames waiting at each node for the token: message id and destination. */
  waiting: { msg: number; dst: number }[][];
  /** Frames on the ring, with the cycle each reaches its destination. */
  inFlight: { msg: number; src: number; dst: number; arrivesAt: number }[];
}

const hops = (n: number, src: number, dst: number) => (((dst - src) % n) + n) % n || n;

/** The token reaches `net.token.at` at `net.token.arrivesAt`: that node sends, the token moves on. */
function visit(net: NetworkRing): void {
  const p = net.params;
  const { at, arrivesAt } = net.token;
  const queue = net.waiting[at]!;
  const sending = queue.splice(0, Math.max(1, p.window));
  sending.forEach((f, i) => {
    const leaves = arrivesAt + i * p.latency;
    net.inFlight.push({
      msg: f.msg,
      src: at,
      dst: f.dst,
      arrivesAt: leaves + hops(net.nodes, at, f.dst) * p.latency,
    });
  });
  net.token = {
    at: (at + 1) % net.nodes,
    arrivesAt: arrivesAt + (sending.length + 1) * p.latency,
  };
}

/** The ring's own default when a caller gives no timing: a 32-bit frame per hop, one per visit. */
const DEFAULT_RING: LinkParams = { latency: 32, window: 1 };

export const ring: MessageNetwork<NetworkRing> = {
  initial: (nodes = 1, params = DEFAULT_RING) => ({
    nodes,
    params: { ...params },
    token: { at: 0, arrivesAt: 0 },
    waiting: Array.from({ length: nodes }, () => []),
    inFlight: [],
  }),
  canInject: () => true,
  inject(net, _p, _now, msg, src, dst) {
    net.waiting[src]!.push({ msg, dst });
  },
  arriveFromOutside(net, msg, at) {
    net.inFlight.push({ msg, src: -1, dst: -1, arrivesAt: at });
  },
  acknowledge: () => {},
  deliverDue(net, now) {
    while (net.token.arrivesAt <= now) visit(net);
    if (!net.inFlight.some((f) => f.arrivesAt <= now)) return [];
    const due = net.inFlight.filter((f) => f.arrivesAt <= now);
    net.inFlight = net.inFlight.filter((f) => f.arrivesAt > now);
    return due.sort((a, b) => a.arrivesAt - b.arrivesAt).map((f) => f.msg);
  },
  inTransit: (net) => [
    ...net.inFlight.map((f) => ({ msg: f.msg, arrivesAt: f.arrivesAt })),
    ...net.waiting.flatMap((q) => q.map((f) => ({ msg: f.msg, arrivesAt: -1 }))),
  ],
};
