/**
 * The paper's network between NIs (§B.0, L794-800): topology ignored, a fixed latency from the
 * last byte injected to the first byte delivered, and a hardware sliding window of outstanding
 * messages per destination, released by an acknowledgement when the receiving NI accepts the
 * message (digest §H.8). It sits behind these four functions so the torus can replace it.
 */
import type { Ctx } from './engine';

const pair = (src: number, dst: number) => `${src}>${dst}`;

export function canInject(ctx: Ctx, msg: number): boolean {
  const m = ctx.state.messages[msg]!;
  return m.dst < 0 || (ctx.state.net.window[pair(m.src, m.dst)] ?? 0) < ctx.cfg.network.window;
}

export function inject(ctx: Ctx, msg: number): void {
  const { state } = ctx;
  const m = state.messages[msg]!;
  if (m.dst >= 0) {
    const key = pair(m.src, m.dst);
    state.net.window[key] = (state.net.window[key] ?? 0) + 1;
    state.net.inFlight.push({ msg, arrivesAt: state.cycle + ctx.cfg.network.latency });
  }
  ctx.events.push({
    kind: 'cni.msg',
    phase: 'inject',
    node: m.src,
    msg,
    user: m.user,
    src: m.src,
    dst: m.dst,
    bytes: m.payload,
    latency: null,
  });
}

/** The receiving NI took the message in: the acknowledgement travels back to free the window. */
export function acknowledge(ctx: Ctx, msg: number): void {
  const m = ctx.state.messages[msg]!;
  ctx.events.push({
    kind: 'cni.msg',
    phase: 'accept',
    node: ctx.node.id,
    msg,
    user: m.user,
    src: m.src,
    dst: m.dst,
    bytes: m.payload,
    latency: null,
  });
  if (m.src >= 0)
    ctx.state.net.acks.push({
      from: m.dst,
      to: m.src,
      arrivesAt: ctx.state.cycle + ctx.cfg.network.latency,
    });
}

/** Messages and acknowledgements whose time has come reach their NIs. */
export function deliverDue(ctx: Omit<Ctx, 'node'> & { node?: unknown }): void {
  const { state } = ctx;
  const net = state.net;
  const arriving = net.inFlight.filter((f) => f.arrivesAt <= state.cycle);
  if (arriving.length) net.inFlight = net.inFlight.filter((f) => f.arrivesAt > state.cycle);
  for (const { msg } of arriving) {
    const m = state.messages[msg]!;
    state.nodes[m.dst]!.device.backlog.push(msg);
    ctx.events.push({
      kind: 'cni.msg',
      phase: 'arrive',
      node: m.dst,
      msg,
      user: m.user,
      src: m.src,
      dst: m.dst,
      bytes: m.payload,
      latency: null,
    });
  }
  const acks = net.acks.filter((a) => a.arrivesAt <= state.cycle);
  if (acks.length) net.acks = net.acks.filter((a) => a.arrivesAt > state.cycle);
  for (const a of acks) net.window[pair(a.to, a.from)]! -= 1;
}
