/**
 * The pipe of seed 000 (§B.0, L794-800; digest §C.1): topology ignored, a fixed latency from the
 * last byte injected to the first byte delivered, and a hardware sliding window of outstanding
 * messages per destination, released by an acknowledgement that travels back with the same
 * latency once the receiving node accepts the message (digest §H.8). With `receiverLimit` it is
 * also seed 004's T2 network: a limit on what all senders together have outstanding to a receiver.
 */
import type { MessageNetwork } from './message-network';

export interface NetworkPipe {
  inFlight: { msg: number; arrivesAt: number }[];
  acks: { from: number; to: number; arrivesAt: number }[];
  /** Outstanding messages per source → destination (the sliding window). */
  window: Record<string, number>;
}

const pair = (src: number, dst: number) => `${src}>${dst}`;

/** Messages outstanding to `dst` from every source (T2's lumped receiver buffer, [004 L1187]). */
function toward(net: NetworkPipe, dst: number): number {
  const suffix = `>${dst}`;
  let n = 0;
  for (const key in net.window) if (key.endsWith(suffix)) n += net.window[key]!;
  return n;
}

export const pipe: MessageNetwork<NetworkPipe> = {
  initial: () => ({ inFlight: [], acks: [], window: {} }),
  canInject: (net, p, src, dst) =>
    (net.window[pair(src, dst)] ?? 0) < p.window &&
    (p.receiverLimit === undefined || toward(net, dst) < p.receiverLimit),
  inject(net, p, now, msg, src, dst) {
    const key = pair(src, dst);
    net.window[key] = (net.window[key] ?? 0) + 1;
    net.inFlight.push({ msg, arrivesAt: now + p.latency });
  },
  arriveFromOutside(net, msg, at) {
    net.inFlight.push({ msg, arrivesAt: at });
  },
  acknowledge(net, p, now, src, dst) {
    net.acks.push({ from: dst, to: src, arrivesAt: now + p.latency });
  },
  deliverDue(net, now) {
    const arriving = net.inFlight.filter((f) => f.arrivesAt <= now);
    if (arriving.length) net.inFlight = net.inFlight.filter((f) => f.arrivesAt > now);
    const acks = net.acks.filter((a) => a.arrivesAt <= now);
    if (acks.length) net.acks = net.acks.filter((a) => a.arrivesAt > now);
    for (const a of acks) net.window[pair(a.to, a.from)]! -= 1;
    return arriving.map((f) => f.msg);
  },
  inTransit: (net) => net.inFlight,
};
