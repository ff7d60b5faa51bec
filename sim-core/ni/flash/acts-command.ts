/**
 * The acts of the command handlers [003 L14-29] and of address validity [003 L34-60]: fields
 * accumulate in the running PID's record, a commit answers ACK or NACK, pages enter the
 * translation hash table, and a translation change invalidates them or waits for hold-off.
 */
import type { Act } from './acts-types';
import {
  emit,
  fireDirectory,
  newMsg,
  pageFrame,
  plan,
  replyToCpu,
  toOutbox,
} from './flash-context';
import type { CommandRecord, FlashNode } from './flash-state';
import { CONTROL_BYTES } from './geometry';
import { schedule } from './swq';

function recordOf(node: FlashNode): CommandRecord {
  return (node.records[node.pid] ??= { pid: node.pid, connection: -1, length: -1, pages: [] });
}

export const COMMAND_ACTS = {
  recordField(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const rec = recordOf(node);
    if (msg.word === 'connection') rec.connection = msg.transfer;
    else rec.length = plan(ctx, msg.transfer).bytes;
    emit(ctx, {
      kind: 'flash.cmd',
      node: node.id,
      pid: node.pid,
      op: 'write',
      field: msg.word,
      transfer: msg.transfer,
    });
  },
  recordShadow(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const rec = recordOf(node);
    if (!rec.pages.includes(msg.page)) rec.pages.push(msg.page);
    emit(ctx, {
      kind: 'flash.cmd',
      node: node.id,
      pid: node.pid,
      op: 'shadow',
      field: `page ${msg.page}`,
      transfer: msg.transfer,
    });
  },
  ack(ctx, node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    const sending = plan(ctx, t.id).from === node.id;
    delete node.records[node.pid];
    emit(ctx, {
      kind: 'flash.cmd',
      node: node.id,
      pid: node.pid,
      op: 'ack',
      field: sending ? 'send' : 'receive',
      transfer: t.id,
    });
    replyToCpu(ctx, node, 'ack', t.id);
    run.seq = 0;
    if (!sending) return;
    t.status = 'committed';
    emit(ctx, { kind: 'flash.transfer', transfer: t.id, status: t.status, node: node.id });
    if (ctx.cfg.addressValidity === 'hold-off') {
      node.holdOff.count += 1;
      t.holdOff = true;
      emit(ctx, {
        kind: 'flash.xlate',
        node: node.id,
        transfer: t.id,
        page: -1,
        op: 'hold',
        holdOff: node.holdOff.count,
      });
    }
    schedule(ctx, node, t.id, 'setup', 'schedule');
  },
  nack(ctx, node, run) {
    const rec = node.records[node.pid];
    emit(ctx, {
      kind: 'flash.cmd',
      node: node.id,
      pid: node.pid,
      op: 'nack',
      field: '',
      transfer: rec?.connection ?? run.transfer,
    });
    replyToCpu(ctx, node, 'nack', rec?.connection ?? run.transfer);
  },
  registerPage(ctx, node, run) {
    const p = plan(ctx, run.transfer);
    const source = p.from === node.id;
    const frame = pageFrame(p, source, run.seq);
    (node.xlate[frame] ??= []).push({
      transfer: p.id,
      side: source ? 'source' : 'destination',
      page: run.seq,
    });
    emit(ctx, {
      kind: 'flash.xlate',
      node: node.id,
      transfer: p.id,
      page: run.seq,
      op: 'add',
      holdOff: node.holdOff.count,
    });
    run.seq += 1;
  },
  sendCredit(ctx, node, run) {
    const p = plan(ctx, run.transfer);
    const t = ctx.state.transfers[p.id]!;
    t.posted = true;
    const msg = newMsg(ctx, {
      type: 'credit',
      src: node.id,
      dst: p.from,
      space: 'message',
      bytes: CONTROL_BYTES,
      transfer: p.id,
      word: String(p.posted),
    });
    toOutbox(ctx, node, 'request', msg);
    emit(ctx, { kind: 'flash.credit', node: node.id, transfer: p.id, op: 'post', bytes: p.posted });
  },
  setPid(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    node.pid = msg.pid;
    emit(ctx, {
      kind: 'flash.cmd',
      node: node.id,
      pid: node.pid,
      op: 'switch',
      field: '',
      transfer: -1,
    });
  },
  readLocal(ctx, node, run) {
    const line = run.access!.line;
    fireDirectory(ctx, node, line, 'CpuRead');
    node.cache[line] = 'S';
    replyToCpu(ctx, node, 'data', -1, run.access!.firstAt);
  },
  invalidateUses(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const p = plan(ctx, msg.transfer);
    const frame = pageFrame(p, true, msg.page);
    emit(ctx, {
      kind: 'flash.xlate',
      node: node.id,
      transfer: p.id,
      page: msg.page,
      op: 'remap',
      holdOff: node.holdOff.count,
    });
    if (ctx.cfg.addressValidity !== 'invalidation') return;
    for (const use of node.xlate[frame] ?? []) {
      ctx.state.transfers[use.transfer]!.srcValid = false;
      emit(ctx, {
        kind: 'flash.xlate',
        node: node.id,
        transfer: use.transfer,
        page: use.page,
        op: 'invalidate',
        holdOff: node.holdOff.count,
      });
    }
    delete node.xlate[frame];
  },
  deferRemap(ctx, node, run) {
    node.holdOff.pending = run.msg;
    const msg = ctx.state.messages[run.msg]!;
    emit(ctx, {
      kind: 'flash.xlate',
      node: node.id,
      transfer: msg.transfer,
      page: msg.page,
      op: 'defer',
      holdOff: node.holdOff.count,
    });
  },
  answerRemap(ctx, node, run) {
    replyToCpu(ctx, node, 'remapped', ctx.state.messages[run.msg]!.transfer);
  },
  patchTranslation(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const p = plan(ctx, msg.transfer);
    const t = ctx.state.transfers[p.id]!;
    t.srcValid = true;
    (node.xlate[pageFrame(p, true, msg.page)] ??= []).push({
      transfer: p.id,
      side: 'source',
      page: msg.page,
    });
    emit(ctx, {
      kind: 'flash.xlate',
      node: node.id,
      transfer: p.id,
      page: msg.page,
      op: 'resume',
      holdOff: node.holdOff.count,
    });
    t.status = 'sending';
    emit(ctx, { kind: 'flash.transfer', transfer: t.id, status: t.status, node: node.id });
    schedule(
      ctx,
      node,
      t.id,
      ctx.cfg.handler === 'naive' ? 'naiveTransfer' : 'transfer',
      'schedule',
    );
  },
} satisfies Record<string, Act>;
