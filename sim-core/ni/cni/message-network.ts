/**
 * The network between the NIs, as a replaceable part: the model talks to it only through
 * MessageNetwork, chosen by `network.kind` from MESSAGE_NETWORKS, and keeps its state as plain
 * data in CniState.net (snapshots copy it with the rest). The one entry today is the paper's
 * pipe (§B.0, L794-800): topology ignored, a fixed latency from the last byte injected to the
 * first byte delivered, and a hardware sliding window of outstanding messages per destination,
 * released by an acknowledgement when the receiving NI accepts the message (digest §H.8).
 */
import type { CniConfig } from './cni-config';
import type { CniMessagePhase } from './cni-events';
import type { AgentName, NetworkPipe, NetworkState } from './cni-state';
import type { Ctx } from './engine';

export const NETWORK_KIND_NAMES = ['pipe'] as const;
export type NetworkKind = (typeof NETWORK_KIND_NAMES)[number];

export type NetworkParams = CniConfig['network'];

/** A network between NIs. Nodes are numbered 0…n-1; messages are the model's message ids. */
export interface MessageNetwork<S extends NetworkState = NetworkState> {
  initial(): S;
  /** May a message from `src` to `dst` leave its NI now? */
  canInject(net: S, p: NetworkParams, src: number, dst: number): boolean;
  inject(net: S, p: NetworkParams, now: number, msg: number, src: number, dst: number): void;
  /** A message from outside the model reaches its NI at cycle `at`. */
  arriveFromOutside(net: S, msg: number, at: number): void;
  /** `dst`'s NI accepted a message from `src`: the sender's window gets its slot back. */
  acknowledge(net: S, p: NetworkParams, now: number, src: number, dst: number): void;
  /** Advances to cycle `now`; returns the messages that reach their NIs now, in order. */
  deliverDue(net: S, now: number): number[];
  /** Messages on their way, for the frame and the halting test. */
  inTransit(net: S): readonly { msg: number; arrivesAt: number }[];
}

const pair = (src: number, dst: number) => `${src}>${dst}`;

const pipe: MessageNetwork<NetworkPipe> = {
  initial: () => ({ inFlight: [], acks: [], window: {} }),
  canInject: (net, p, src, dst) => (net.window[pair(src, dst)] ?? 0) < p.window,
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

/** Every network the model can run on, by `network.kind`. */
export const MESSAGE_NETWORKS: Readonly<Record<NetworkKind, MessageNetwork>> = { pipe };

export const networkOf = (cfg: Pick<CniConfig, 'network'>): MessageNetwork =>
  MESSAGE_NETWORKS[cfg.network.kind];

/** One message's step, as an event: every phase carries the same fields. */
export function messageEvent(
  ctx: Pick<Ctx, 'state' | 'events'>,
  phase: CniMessagePhase,
  msg: number,
  where: { node: number; agent: AgentName },
  extra: { bytes?: number; latency?: number } = {},
): void {
  const m = ctx.state.messages[msg]!;
  ctx.events.push({
    kind: 'cni.msg',
    phase,
    ...where,
    msg,
    user: m.user,
    src: m.src,
    dst: m.dst,
    bytes: extra.bytes ?? m.payload,
    latency: extra.latency ?? null,
  });
}

// A destination of -1 is the world outside the model (E3's sink): it takes every message at once.

/** The NI injects the oldest message waiting to leave, if the network takes it; true if it did. */
export function injectWaiting(ctx: Ctx): boolean {
  const { state, network } = ctx;
  const outbound = ctx.node.device.outbound;
  const msg = outbound[0];
  if (msg === undefined) return false;
  const m = state.messages[msg]!;
  if (m.dst >= 0 && !network.canInject(state.net, ctx.cfg.network, m.src, m.dst)) return false;
  outbound.shift();
  if (m.dst >= 0) network.inject(state.net, ctx.cfg.network, state.cycle, msg, m.src, m.dst);
  messageEvent(ctx, 'inject', msg, { node: m.src, agent: 'NI' });
  return true;
}

/** The receiving NI took the message in: the acknowledgement travels back to free the window. */
export function acknowledge(ctx: Ctx, msg: number): void {
  const m = ctx.state.messages[msg]!;
  messageEvent(ctx, 'accept', msg, { node: ctx.node.id, agent: 'NI' });
  if (m.src >= 0)
    ctx.network.acknowledge(ctx.state.net, ctx.cfg.network, ctx.state.cycle, m.src, m.dst);
}

/** Messages whose time has come reach their NIs' backlogs. */
export function deliverDue(ctx: Pick<Ctx, 'state' | 'events' | 'network'>): void {
  const { state } = ctx;
  for (const msg of ctx.network.deliverDue(state.net, state.cycle)) {
    const m = state.messages[msg]!;
    state.nodes[m.dst]!.device.backlog.push(msg);
    messageEvent(ctx, 'arrive', msg, { node: m.dst, agent: 'NI' });
  }
}
