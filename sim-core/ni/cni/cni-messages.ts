/**
 * How the coherent NIs use the message network (sim-core/net/): a message's steps as cni.msg
 * events, the NI injecting its oldest waiting message when the sliding window allows (§B.0,
 * L797-800), the receiving NI's acknowledgement, and arrivals joining their NIs' backlogs.
 */
import { HEADER_BYTES } from './config';
import type { CniMessagePhase } from './cni-events';
import type { AgentName } from './cni-state';
import type { Ctx } from './cni-node';

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

/** The oldest message waiting to leave, if the network would take it now. */
export function injectable(ctx: Ctx): number | undefined {
  const { state, network } = ctx;
  const msg = ctx.node.device.outbound[0];
  if (msg === undefined) return undefined;
  const m = state.messages[msg]!;
  if (m.dst >= 0 && !network.canInject(state.net, ctx.cfg.network, m.src, m.dst)) return undefined;
  return msg;
}

/** The NI injects the oldest message waiting to leave, if the network takes it; true if it did. */
export function injectWaiting(ctx: Ctx): boolean {
  const { state, network } = ctx;
  const msg = injectable(ctx);
  if (msg === undefined) return false;
  const m = state.messages[msg]!;
  ctx.node.device.outbound.shift();
  // A link of stated bandwidth, or the torus's packets, take the message's bytes; the paper's pipe does not.
  const shape =
    ctx.cfg.network.bytesPerCycle || network.sized
      ? { bytes: HEADER_BYTES + m.payload, lane: 0 }
      : undefined;
  if (m.dst >= 0) network.inject(state.net, ctx.cfg.network, state.cycle, msg, m.src, m.dst, shape);
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
