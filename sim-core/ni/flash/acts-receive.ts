/**
 * The acts of the receiving side [003 L67, L73, L83-84]: a component's line written to memory
 * under local coherence (a clean processor copy invalidated first), the last line processed, and
 * the receive record cleaned up.
 */
import { writeAccess } from './access';
import type { Act } from './acts-types';
import { destLineOf, emit, pageFrame, plan, snoopCache } from './flash-context';
import { tableOne } from './table-one';

export const RECEIVE_ACTS = {
  writeLine(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const p = plan(ctx, msg.transfer);
    const t = ctx.state.transfers[p.id]!;
    run.transfer = p.id;
    const line = destLineOf(p, msg.seq);
    run.access = writeAccess(ctx, node, line, p.id);
    if (msg.buffer >= 0) node.release.push({ buffer: msg.buffer, at: run.access.doneAt });
    if (t.got[msg.seq])
      emit(ctx, {
        kind: 'invariant.violation',
        rule: 'delivery',
        block: line,
        detail: `transfer ${p.id}: line ${msg.seq} arrived twice`,
      });
    t.got[msg.seq] = true;
    t.gotCount += 1;
    // A line reaching its destination is progress: a long inbox of arrived components is still draining.
    ctx.state.progressAt = ctx.now;
    emit(ctx, { kind: 'flash.recvLine', node: node.id, transfer: p.id, component: msg.seq, line });
  },
  invalidateCpu(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    const line = destLineOf(plan(ctx, msg.transfer), msg.seq);
    const from = snoopCache(node, line, 'OtherInv');
    emit(ctx, {
      kind: 'flash.cache',
      node: node.id,
      op: 'invalidate',
      line,
      from,
      to: 'I',
      state: ctx.now,
      first: ctx.now,
      last: ctx.now,
    });
  },
  processed(ctx, node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    t.t.processed = ctx.now;
    if (t.t.firstByte >= 0) tableOne(ctx, t, 'transfer', t.t.firstByte, t.t.lastTail, node.id);
    tableOne(ctx, t, 'network', t.t.lastTail, ctx.now, node.id);
  },
  finishReceive(ctx, node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    const p = plan(ctx, t.id);
    t.cleaned = true;
    t.t.end = ctx.now;
    tableOne(ctx, t, 'cleanup', t.t.processed, ctx.now, node.id);
    t.status = 'done';
    emit(ctx, { kind: 'flash.transfer', transfer: t.id, status: 'done', node: node.id });
    for (let i = 0; i < p.dstPages; i++) {
      const frame = pageFrame(p, false, i);
      const uses = (node.xlate[frame] ?? []).filter((u) => u.transfer !== t.id);
      if (uses.length) node.xlate[frame] = uses;
      else delete node.xlate[frame];
    }
  },
} satisfies Record<string, Act>;
