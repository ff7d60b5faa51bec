/**
 * The conditions a handler branches on, by name (handlers.ts): each reads the state and answers
 * a case. The directory's are cells of its protocol table (directory.ts): the handler fires the
 * event and goes where the cell's actions say.
 */
import {
  componentBytes,
  destLineOf,
  fireDirectory,
  plan,
  sourceLineAt,
  sourceLineOf,
  spareBuffer,
  type FlashCtx,
} from './flash-context';
import type { FlashNode, RunningHandler, TransferState } from './flash-state';
import type { CondName } from './handlers';

type Cond = (ctx: FlashCtx, node: FlashNode, run: RunningHandler) => string;

/** Whether the transfer's handler is fetching lines dirty at another node (global coherence). */
export function gathering(ctx: FlashCtx, t: TransferState): boolean {
  const p = plan(ctx, t.id);
  return (
    p.sender === 'remote' && (ctx.cfg.coherence === 'pipelined' || t.collected < p.sourceLines)
  );
}

/**
 * The next item the transfer's handler works on, and how many there are: while gathering, a get
 * for each source line (an unaligned transfer reads one more or one fewer than it sends);
 * otherwise a component.
 */
export function cursorOf(ctx: FlashCtx, t: TransferState): number {
  return gathering(ctx, t) ? t.asked : t.sent;
}

export function itemsLeft(ctx: FlashCtx, t: TransferState): number {
  const p = plan(ctx, t.id);
  return (gathering(ctx, t) ? p.sourceLines : p.components) - cursorOf(ctx, t);
}

/**
 * Whether the receiver's credit covers the next component. While gathering the cursor counts
 * source lines: the component whose last line it is (not yet sent) stands for it.
 */
function creditCovers(ctx: FlashCtx, t: TransferState): boolean {
  const p = plan(ctx, t.id);
  return t.credit >= componentBytes(p, Math.min(cursorOf(ctx, t), p.components - 1));
}

/** Operations of this node MAGIC is running (a commit beyond `maxOps` is NACKed). */
const activeOps = (ctx: FlashCtx, node: FlashNode) =>
  ctx.state.transfers.filter(
    (t) =>
      plan(ctx, t.id).from === node.id &&
      t.status !== 'idle' &&
      t.status !== 'done' &&
      t.status !== 'draining',
  ).length;

/** No room to send the next line: the output queue is full, or (a line read here) no spare buffer. */
export function sendBlocked(ctx: FlashCtx, node: FlashNode, t: TransferState): boolean {
  if (node.outq.request.length >= ctx.cfg.queues.networkOut) return true;
  return !gathering(ctx, t) && !spareBuffer(ctx, node);
}

export const CONDITIONS: Readonly<Record<CondName, Cond>> = {
  commitKind(ctx, node, run) {
    const rec = node.records[node.pid];
    const p = rec && rec.connection >= 0 ? ctx.cfg.transfers[rec.connection] : undefined;
    if (!rec || !p || rec.length < 0) return 'nack';
    run.transfer = p.id;
    const sending = p.from === node.id;
    if (rec.pages.length < (sending ? p.srcPages : p.dstPages)) return 'nack';
    // A receive sends its credit on the request lane: with no room there it is NACKed and
    // retried, for a handler never overruns or blocks on an output queue [003 L80].
    if (!sending) return node.outq.request.length < ctx.cfg.queues.networkOut ? 'recv' : 'nack';
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
    return (gathering(ctx, t) && ctx.cfg.coherence === 'collect') || creditCovers(ctx, t)
      ? 'yes'
      : 'no';
  },
  lineReady(ctx, node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    if (itemsLeft(ctx, t) <= 0) return 'done';
    if (run.chunkLeft <= 0) return 'chunkDone';
    if (!t.srcValid) return 'fault';
    const collecting = gathering(ctx, t) && ctx.cfg.coherence === 'collect';
    if (!collecting && !creditCovers(ctx, t)) return 'noCredit';
    return sendBlocked(ctx, node, t) ? 'full' : 'ok';
  },
  sourceLine(ctx, node, run) {
    const t = ctx.state.transfers[run.transfer]!;
    const p = plan(ctx, t.id);
    run.seq = cursorOf(ctx, t);
    const line = gathering(ctx, t) ? sourceLineAt(p, run.seq) : sourceLineOf(p, run.seq);
    const actions = fireDirectory(ctx, node, line, 'XferRead');
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
  forwardsLeft: (ctx, _node, run) =>
    ctx.state.transfers[run.transfer]!.forwardLater.length > 0 ? 'more' : 'none',
};
