/**
 * The acts of the sending side [003 L67-69, L79, L99-104, L158]: credits, reading a line from
 * memory or getting it from a cache, sending components and gets, rescheduling through the
 * software queue, faults, and the owner's and home's part of global coherence.
 */
import { cacheAccess, readAccess, writeAccess } from './access';
import type { Act } from './acts-types';
import {
  componentBytes,
  componentsCompletedBy,
  destLineOf,
  emit,
  fireDirectory,
  newMsg,
  pageFrame,
  plan,
  replyToCpu,
  snoopCache,
  sourceLineAt,
  sourceLineOf,
  spareBuffer,
  takeBuffer,
  toOutbox,
  type FlashCtx,
} from './flash-context';
import type { FlashNode, RunningHandler, TransferState } from './flash-state';
import { CONTROL_BYTES, HEADER_BYTES } from './geometry';
import { schedule } from './swq';

const transferOf = (ctx: FlashCtx, run: RunningHandler) => ctx.state.transfers[run.transfer]!;

function setStatus(ctx: FlashCtx, t: TransferState, status: TransferState['status'], node: number) {
  t.status = status;
  emit(ctx, { kind: 'flash.transfer', transfer: t.id, status, node });
}

/** A component of `seq` from `buffer` to the receiver, leaving once `readyAt` has come. */
function component(
  ctx: FlashCtx,
  node: FlashNode,
  t: TransferState,
  seq: number,
  buffer: number,
  readyAt: number,
) {
  const p = plan(ctx, t.id);
  const bytes = componentBytes(p, seq);
  const msg = newMsg(ctx, {
    type: 'component',
    src: node.id,
    dst: p.to,
    space: 'message',
    bytes: HEADER_BYTES + bytes,
    transfer: t.id,
    seq,
    buffer,
    pid: p.pid,
  });
  toOutbox(ctx, node, 'request', msg, readyAt);
  t.sent += 1;
  t.out[seq] = true;
  t.credit -= bytes;
}

const transferHandler = (ctx: FlashCtx) =>
  ctx.cfg.handler === 'naive' ? 'naiveTransfer' : 'transfer';

/** Hold-off released; a translation change waiting for the count to reach 0 goes ahead [003 L39-41]. */
function releaseHoldOff(ctx: FlashCtx, node: FlashNode, t: TransferState) {
  if (!t.holdOff) return;
  t.holdOff = false;
  node.holdOff.count -= 1;
  emit(ctx, {
    kind: 'flash.xlate',
    node: node.id,
    transfer: t.id,
    page: -1,
    op: 'release',
    holdOff: node.holdOff.count,
  });
  if (node.holdOff.count === 0 && node.holdOff.pending >= 0) {
    replyToCpu(ctx, node, 'remapped', ctx.state.messages[node.holdOff.pending]!.transfer);
    node.holdOff.pending = -1;
  }
}

export const SEND_ACTS = {
  addCredit(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const t = ctx.state.transfers[msg.transfer]!;
    const bytes = Number(msg.word);
    t.credit += bytes;
    t.granted += bytes;
    emit(ctx, { kind: 'flash.credit', node: node.id, transfer: t.id, op: 'arrive', bytes });
    if (t.status === 'waitCredit') {
      setStatus(ctx, t, 'sending', node.id);
      schedule(ctx, node, t.id, transferHandler(ctx), 'schedule');
    }
  },
  awaitCredit(ctx, node, run) {
    setStatus(ctx, transferOf(ctx, run), 'waitCredit', node.id);
  },
  readLine(ctx, node, run) {
    const p = plan(ctx, run.transfer);
    run.buffer = takeBuffer(node, `T${p.id}·${run.seq}`);
    run.access = readAccess(ctx, node, sourceLineOf(p, run.seq), p.id);
  },
  readWrapLine(ctx, node, run) {
    const p = plan(ctx, run.transfer);
    const t = transferOf(ctx, run);
    const wrap = takeBuffer(node, `T${p.id} wrap`);
    const a = readAccess(ctx, node, sourceLineOf(p, Math.max(0, t.sent - 1)), p.id);
    if (wrap >= 0) node.release.push({ buffer: wrap, at: a.doneAt });
  },
  getLine(ctx, node, run) {
    const p = plan(ctx, run.transfer);
    const sending = p.from === node.id;
    const line = sending ? sourceLineOf(p, run.seq) : destLineOf(p, run.seq);
    if (sending) run.buffer = takeBuffer(node, `T${p.id}·${run.seq}`);
    const from = snoopCache(node, line, sending ? 'OtherRd' : 'OtherRdX');
    run.access = cacheAccess(ctx, node, line, { from, to: node.cache[line] ?? 'I' }, p.id);
  },
  lineFromCache(ctx, node, run) {
    fireDirectory(ctx, node, run.access!.line, 'CacheReply');
  },
  /** The retrieved line goes back to memory as it streams in (the directory now says clean). */
  writeBack(ctx, node, run) {
    writeAccess(ctx, node, run.access!.line, run.transfer);
  },
  sendGet(ctx, node, run) {
    const p = plan(ctx, run.transfer);
    const t = transferOf(ctx, run);
    const msg = newMsg(ctx, {
      type: 'get',
      src: node.id,
      dst: p.owner!,
      space: 'normal',
      bytes: CONTROL_BYTES,
      transfer: p.id,
      seq: run.seq,
    });
    toOutbox(ctx, node, 'request', msg);
    t.asked += 1;
  },
  sendComponent(ctx, node, run) {
    const t = transferOf(ctx, run);
    component(ctx, node, t, run.seq, run.buffer, run.access!.firstAt);
    run.buffer = -1;
  },
  nextLine(_ctx, _node, run) {
    run.chunkLeft -= 1;
  },
  reschedule(ctx, node, run) {
    schedule(ctx, node, run.transfer, transferHandler(ctx), 'reschedule');
  },
  drained(ctx, node, run) {
    const t = transferOf(ctx, run);
    const p = plan(ctx, t.id);
    if (t.status === 'draining' || t.status === 'done') return;
    setStatus(ctx, t, 'draining', node.id);
    releaseHoldOff(ctx, node, t);
    for (let i = 0; i < p.srcPages; i++) {
      const frame = pageFrame(p, true, i);
      const uses = node.xlate[frame]?.filter((u) => u.transfer !== t.id);
      if (!node.xlate[frame]) continue;
      if (uses?.length) node.xlate[frame] = uses;
      else delete node.xlate[frame];
      emit(ctx, {
        kind: 'flash.xlate',
        node: node.id,
        transfer: t.id,
        page: i,
        op: 'remove',
        holdOff: node.holdOff.count,
      });
    }
  },
  fault(ctx, node, run) {
    const t = transferOf(ctx, run);
    setStatus(ctx, t, 'faulted', node.id);
    emit(ctx, {
      kind: 'flash.xlate',
      node: node.id,
      transfer: t.id,
      page: -1,
      op: 'fault',
      holdOff: node.holdOff.count,
    });
    replyToCpu(ctx, node, 'fault', t.id);
  },
  ownerGet(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const p = plan(ctx, msg.transfer);
    run.transfer = p.id;
    run.seq = msg.seq;
    run.buffer = takeBuffer(node, `T${p.id}·${msg.seq}`);
    const line = sourceLineAt(p, msg.seq);
    const from = snoopCache(node, line, 'OtherRdX');
    run.access = cacheAccess(ctx, node, line, { from, to: node.cache[line] ?? 'I' }, p.id);
  },
  replyOwnerData(ctx, node, run) {
    const get = ctx.state.messages[run.msg]!;
    const msg = newMsg(ctx, {
      type: 'ownerData',
      src: node.id,
      dst: get.src,
      space: 'normal',
      lane: 1,
      bytes: HEADER_BYTES + 128,
      transfer: get.transfer,
      seq: get.seq,
      buffer: run.buffer,
    });
    toOutbox(ctx, node, 'reply', msg, run.access!.firstAt);
    run.buffer = -1;
  },
  lineFromOwner(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const p = plan(ctx, msg.transfer);
    run.transfer = p.id;
    run.seq = msg.seq;
    const line = sourceLineAt(p, msg.seq);
    fireDirectory(ctx, node, line, 'OwnerReply');
    run.access = writeAccess(ctx, node, line, p.id);
  },
  /**
   * The line is home: each component it completes goes (the first in the line's buffer) if the
   * request queue has room and a buffer stays spare; else the line's buffer frees as it reaches
   * memory and the software queue sends them from there. A reply that waited for room on the
   * request lane could deadlock the machine [003 L12, L68].
   */
  forwardLine(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const t = transferOf(ctx, run);
    const seqs = componentsCompletedBy(node, plan(ctx, t.id), msg.seq);
    const room =
      node.outq.request.length + seqs.length <= ctx.cfg.queues.networkOut &&
      spareBuffer(ctx, node, true);
    if (seqs.length && room)
      seqs.forEach((seq, k) => component(ctx, node, t, seq, k === 0 ? msg.buffer : -1, 0));
    else {
      if (msg.buffer >= 0) node.release.push({ buffer: msg.buffer, at: run.access!.doneAt });
      if (!seqs.length) return;
      if (!t.forwardLater.length) schedule(ctx, node, t.id, 'forwardHome', 'schedule');
      t.forwardLater.push(...seqs);
    }
  },
  nextForward(ctx, _node, run) {
    run.seq = transferOf(ctx, run).forwardLater.shift()!;
  },
  rescheduleForward(ctx, node, run) {
    schedule(ctx, node, run.transfer, 'forwardHome', 'reschedule');
  },
  collected(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const t = transferOf(ctx, run);
    if (msg.buffer >= 0) node.release.push({ buffer: msg.buffer, at: run.access!.doneAt });
    t.collected += 1;
    if (t.collected === plan(ctx, t.id).sourceLines)
      schedule(ctx, node, t.id, transferHandler(ctx), 'schedule');
  },
} satisfies Record<string, Act>;
