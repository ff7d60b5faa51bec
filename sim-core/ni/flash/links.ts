/**
 * MAGIC's ports [003 L9-12, L77]: the network delivers components, credits and gets into the
 * request and reply input queues (a full queue, or no free data buffer for a component's data,
 * leaves the message in the network, so the sender's window fills); the Outbox hands messages to
 * the network when its link is free (a 160-byte component holds it 40 cycles at 4 bytes a cycle)
 * and to the processor; and the processor bus carries commands in and replies out.
 */
import { emit, laneQueue, otherMessage, slice, takeBuffer, type FlashCtx } from './flash-context';
import type { FlashMsg, FlashNode } from './flash-state';
import { HEADER_BYTES } from './geometry';
import { tableOne } from './table-one';

/** A credit travels before the send begins: it is not part of the transfer's anatomy. */
const ledgerOf = (m: FlashMsg) =>
  m.transfer >= 0 && m.type !== 'credit' ? m.transfer : otherMessage(m.id);

/** Messages due from the network enter their queues, or wait in it. */
export function deliverNetwork(ctx: FlashCtx): void {
  const { state, cfg } = ctx;
  const accept = (id: number) => {
    const m = state.messages[id]!;
    const node = state.nodes[m.dst]!;
    if (node.inq[laneQueue(ctx, m)].length >= cfg.queues.networkIn) return false;
    if (m.bytes > HEADER_BYTES) {
      m.buffer = takeBuffer(node, `in ${m.type} ${m.seq}`);
      if (m.buffer < 0) return false;
    } else m.buffer = -1;
    return true;
  };
  for (const id of ctx.net.deliverDue(state.net, ctx.now, accept)) {
    const m = state.messages[id]!;
    const node = state.nodes[m.dst]!;
    const queue = laneQueue(ctx, m);
    node.inq[queue].push(id);
    m.arrivedAt = ctx.now;
    ctx.net.acknowledge(state.net, cfg.network, ctx.now, m.src, m.dst, m.lane);
    emit(ctx, { kind: 'flash.arrive', node: node.id, queue, type: m.type, from: m.src, msg: id });
    slice(ctx, {
      message: ledgerOf(m),
      node: m.src,
      actor: 'network',
      phase: `${m.type} ${m.seq >= 0 ? m.seq : ''}`.trim(),
      category: 'network',
      start: m.sentAt,
      end: ctx.now,
      source: '22 cycles, 400 MB/s [003 L77]',
    });
    state.progressAt = ctx.now;
  }
}

function injectOne(ctx: FlashCtx, node: FlashNode, queue: 'request' | 'reply'): void {
  const { state, cfg } = ctx;
  const item = node.outq[queue][0];
  if (!item || item.readyAt > ctx.now) return;
  const m = state.messages[item.msg]!;
  const lane = cfg.network.lanes > 1 ? m.lane : 0;
  if ((ctx.net.linkFreeAt?.(state.net, node.id, ctx.now) ?? ctx.now) > ctx.now) return;
  if (!ctx.net.canInject(state.net, cfg.network, node.id, m.dst, lane, m.bytes)) return;
  node.outq[queue].shift();
  ctx.net.inject(state.net, cfg.network, ctx.now, m.id, node.id, m.dst, { bytes: m.bytes, lane });
  m.sentAt = ctx.now;
  const tail = ctx.now + Math.ceil(m.bytes / cfg.network.bytesPerCycle);
  if (m.buffer >= 0) node.release.push({ buffer: m.buffer, at: tail });
  emit(ctx, {
    kind: 'flash.send',
    node: node.id,
    to: m.dst,
    type: m.type,
    transfer: m.transfer,
    component: m.seq,
    lane: m.lane,
    msg: m.id,
    bytes: m.bytes,
  });
  if (m.type === 'component') componentLeft(ctx, node, m, tail);
  state.progressAt = ctx.now;
}

/** Table 1's initial line delay ends with the first component's first byte [003 L84]. */
function componentLeft(ctx: FlashCtx, node: FlashNode, m: FlashMsg, tail: number) {
  const t = ctx.state.transfers[m.transfer]!;
  if (t.t.firstByte < 0) {
    t.t.firstByte = ctx.now;
    if (t.t.setupEnd >= 0) tableOne(ctx, t, 'initialLine', t.t.setupEnd, ctx.now, node.id);
  }
  t.t.lastTail = Math.max(t.t.lastTail, tail);
}

/** The Outbox: replies before requests on the shared link; processor replies to the bus. */
export function runOutbox(ctx: FlashCtx, node: FlashNode): void {
  if (ctx.cfg.network.lanes > 1) injectOne(ctx, node, 'reply');
  injectOne(ctx, node, 'request');
  const out = node.outq.processor;
  while (out.length && out[0]!.readyAt <= ctx.now) {
    const { msg } = out.shift()!;
    node.toCpu.push({ msg, at: ctx.now + ctx.cfg.costs.procInterface });
  }
}

/** The processor bus: commands reach MAGIC's processor queue (in order, if it has room). */
export function runProcessorBus(ctx: FlashCtx, node: FlashNode): void {
  while (node.toMagic.length && node.toMagic[0]!.at <= ctx.now) {
    if (node.inq.processor.length >= ctx.cfg.queues.processor) break;
    const { msg } = node.toMagic.shift()!;
    const m = ctx.state.messages[msg]!;
    m.arrivedAt = ctx.now;
    node.inq.processor.push(msg);
    emit(ctx, {
      kind: 'flash.arrive',
      node: node.id,
      queue: 'processor',
      type: m.type,
      from: node.id,
      msg,
    });
  }
}

/** Data buffers whose data has gone are free again. */
export function releaseBuffers(ctx: FlashCtx, node: FlashNode): void {
  if (!node.release.some((r) => r.at <= ctx.now)) return;
  for (const r of node.release.filter((r) => r.at <= ctx.now)) node.buffers[r.buffer] = null;
  node.release = node.release.filter((r) => r.at > ctx.now);
}
