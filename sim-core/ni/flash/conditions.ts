/**
 * The conditions a handler branches on, by name (handlers.ts): each reads the state and answers
 * a case. The directory's are cells of its protocol table (directory.ts): the handler fires the
 * event and goes where the cell's actions say.
 */
import {
  componentBytes,
  destLineOf,
  fireDirectory,
  freeBuffers,
  plan,
  sourceLineOf,
  type FlashCtx,
} from './flash-context';
import type { FlashNode, RunningHandler, TransferState } from './flash-state';
import type { CondName } from './handlers';

type Cond = (ctx: FlashCtx, node: FlashNode, run: RunningHandler) => string;

/** Whether the transfer's handler is fetching lines dirty at another node (global coherence). */
export function gathering(ctx: FlashCtx, t: TransferState): boolean {
  const p = plan(ctx, t.id);
  return p.sender === 'remote' && (ctx.cfg.coherence === 'pipelined' || t.collected < p.components);
}

/** The next component (or get) the transfer's handler works on. */
export const cursorOf = (ctx: FlashCtx, t: TransferState) => (gathering(ctx, t) ? t.asked : t.sent);

/** Operations of this node MAGIC is running (a commit beyond `maxOps` is NACKed). */
const activeOps = (ctx: FlashCtx, node: FlashNode) =>
  ctx.state.transfers.filter(
    (t) =>
      plan(ctx, t.id).from === node.id &&
      t.status !== 'idle' &&
      t.status !== 'done' &&
      t.status !== 'draining',
  ).length;

export const CONDITIONS: Readonly<Record<CondName, Cond>> = {
  commitKind(ctx, node, run) {
    const rec = node.records[node.pid];
    const p = rec && rec.connection >= 0 ? ctx.cfg.transfers[rec.connection] : undefined;
    if (!rec || !p || rec.length < 0) return 'nack';
    run.transfer = p.id;
    const sending = p.from === node.id;
    if (rec.pages.length < (sending ? p.srcPages : p.dstPages)) return 'nack';
    if (!sending) return 'recv';
    const t = ctx.state.transfers[p.id]!;
    if (t.status !== 'idle') return 'nack';
    if (activeOps(ctx, node) >= ctx.cfg.maxOps) return 'nack';
    // Hold-off refuses new operations while a translation change waits [003 L41-43].
    if (ctx.cfg.addressValidity === 'hold-off' && node.holdOff.pending >= 0) return 'nack';
    return 'send';
  },
  morePages(ctx, node, run) {
    const p = plan(ctx, run.transfer);
    return run.seq < (p.from === node.id ? p.srcPages : p.dstPages) ? 'more' : 'done';
  },
  hasCredit(ctx, _node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    const p = plan(ctx, t.id);
    return gathering(ctx, t) && ctx.cfg.coherence === 'collect'
      ? 'yes'
      : t.credit >= componentBytes(p, cursorOf(ctx, t))
        ? 'yes'
        : 'no';
  },
  lineReady(ctx, node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    const p = plan(ctx, t.id);
    const cursor = cursorOf(ctx, t);
    if (cursor >= p.components) return 'done';
    if (run.chunkLeft <= 0) return 'chunkDone';
    if (!t.srcValid) return 'fault';
    const collecting = gathering(ctx, t) && ctx.cfg.coherence === 'collect';
    if (!collecting && t.credit < componentBytes(p, cursor)) return 'noCredit';
    if (node.outq.request.length >= ctx.cfg.queues.networkOut) return 'full';
    if (!gathering(ctx, t) && freeBuffers(node) === 0) return 'full';
    return 'ok';
  },
  sourceLine(ctx, node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    run.seq = cursorOf(ctx, t);
    const actions = fireDirectory(ctx, node, sourceLineOf(plan(ctx, t.id), run.seq), 'XferRead');
    if (!actions) return 'busy';
    if (actions.includes('getFromCache')) return 'cache';
    if (actions.includes('getFromOwner')) return 'remote';
    return 'memory';
  },
  destLine(ctx, node, run) {
    const msg = ctx.state.messages[run.msg]!;
    run.seq = msg.seq;
    const actions = fireDirectory(
      ctx,
      node,
      destLineOf(plan(ctx, msg.transfer), msg.seq),
      'XferWrite',
    );
    if (!actions) return 'busy';
    if (actions.includes('getFromCache')) return 'retrieve';
    if (actions.includes('invalidateCache')) return 'invalidate';
    return 'memory';
  },
  lastLine(ctx, _node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    return t.gotCount === plan(ctx, t.id).components ? 'last' : 'more';
  },
  aligned: (ctx, _node, run) => (plan(ctx, run.transfer).aligned ? 'yes' : 'no'),
  holdOff: (_ctx, node) => (node.holdOff.count > 0 ? 'wait' : 'reply'),
  gathering: (ctx) => (ctx.cfg.coherence === 'collect' ? 'collect' : 'forward'),
};
