/**
 * The paper's network between NIs (§B.0, L794-800): topology ignored, a fixed latency from the
 * last byte injected to the first byte delivered, and a hardware sliding window of outstanding
 * messages per destination, released by an acknowledgement when the receiving NI accepts the
 * message (digest §H.8). It sits behind injectWaiting, acknowledge and deliverDue so the torus can replace it.
 */
import type { CniMessagePhase } from './cni-events';
import type { AgentName } from './cni-state';
import type { Ctx } from './engine';

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

const pair = (src: number, dst: number) => `${src}>${dst}`;

function canInject(ctx: Ctx, msg: number): boolean {
  const m = ctx.state.messages[msg]!;
  return m.dst < 0 || (ctx.state.net.window[pair(m.src, m.dst)] ?? 0) < ctx.cfg.network.window;
}

function inject(ctx: Ctx, msg: number): void {
  const { state } = ctx;
  const m = state.messages[msg]!;
  if (m.dst >= 0) {
    const key = pair(m.src, m.dst);
    state.net.window[key] = (state.net.window[key] ?? 0) + 1;
    state.net.inFlight.push({ msg, arrivesAt: state.cycle + ctx.cfg.network.latency });
  }
  messageEvent(ctx, 'inject', msg, { node: m.src, agent: 'NI' });
}

/** The NI injects the oldest message waiting to leave, if its window allows; true if it did. */
export function injectWaiting(ctx: Ctx): boolean {
  const outbound = ctx.node.device.outbound;
  if (outbound.length === 0 || !canInject(ctx, outbound[0]!)) return false;
  inject(ctx, outbound.shift()!);
  return true;
}

/** The receiving NI took the message in: the acknowledgement travels back to free the window. */
export function acknowledge(ctx: Ctx, msg: number): void {
  const m = ctx.state.messages[msg]!;
  messageEvent(ctx, 'accept', msg, { node: ctx.node.id, agent: 'NI' });
  if (m.src >= 0)
    ctx.state.net.acks.push({
      from: m.dst,
      to: m.src,
      arrivesAt: ctx.state.cycle + ctx.cfg.network.latency,
    });
}

/** Messages and acknowledgements whose time has come reach their NIs. */
export function deliverDue(ctx: Pick<Ctx, 'state' | 'events' | 'cfg'>): void {
  const { state } = ctx;
  const net = state.net;
  const arriving = net.inFlight.filter((f) => f.arrivesAt <= state.cycle);
  if (arriving.length) net.inFlight = net.inFlight.filter((f) => f.arrivesAt > state.cycle);
  for (const { msg } of arriving) {
    const m = state.messages[msg]!;
    state.nodes[m.dst]!.device.backlog.push(msg);
    messageEvent(ctx, 'arrive', msg, { node: m.dst, agent: 'NI' });
  }
  const acks = net.acks.filter((a) => a.arrivesAt <= state.cycle);
  if (acks.length) net.acks = net.acks.filter((a) => a.arrivesAt > state.cycle);
  for (const a of acks) net.window[pair(a.to, a.from)]! -= 1;
}
