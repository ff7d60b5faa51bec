/**
 * The protocol processor and the Inbox in front of it [003 L10-12]: when the PP is free, the
 * Inbox picks the next message among the processor queue, the network's request and reply lanes
 * and the software queue's head (round robin, or replies first), skipping one whose handler could
 * not find room in its output queue [reading, 003 L80], and the PP runs its handler's steps to
 * completion (handlers.ts). The Inbox's own cycle overlaps the previous handler (the
 * macropipeline), so a message waiting behind a busy PP starts the moment the PP frees.
 */
import { readAccess } from './access';
import { ACTS } from './acts';
import { CONDITIONS, itemsLeft, sendBlocked } from './conditions';
import { dispatchRow } from './dispatch';
import {
  costSource,
  emit,
  lineId,
  otherMessage,
  plan,
  slice,
  spareBuffer,
  type FlashCtx,
} from './flash-context';
import { FLASH_COSTS } from './flash-costs';
import type { FlashNode, InQueue, RunningHandler } from './flash-state';
import { handlerOf, labelIndex, type HandlerName, type WaitName } from './handlers';
import { takeHead } from './swq';
import { tableOne } from './table-one';

const ROUND: readonly InQueue[] = ['processor', 'request', 'reply', 'software'];
const REPLY_FIRST: readonly InQueue[] = ['reply', 'request', 'processor', 'software'];

interface Candidate {
  queue: InQueue;
  handler: HandlerName;
  msg: number;
  transfer: number;
}

/** Room the handler needs in its output queue before the Inbox may start it. */
function roomFor(ctx: FlashCtx, node: FlashNode, c: Candidate): boolean {
  const sends = handlerOf(c.handler).sends;
  if (!sends) return true;
  const capacity = sends === 'processor' ? ctx.cfg.queues.processor : ctx.cfg.queues.networkOut;
  let need = 1;
  if (c.handler === 'transfer' && c.transfer >= 0) {
    const t = ctx.state.transfers[c.transfer]!;
    need = Math.max(1, Math.min(ctx.cfg.chunk, capacity, itemsLeft(ctx, t)));
  }
  if ((c.handler === 'transfer' || c.handler === 'forwardHome') && !spareBuffer(ctx, node))
    return false;
  return node.outq[sends].length + need <= capacity;
}

function candidate(ctx: FlashCtx, node: FlashNode, queue: InQueue): Candidate | null {
  const ready = ctx.now - ctx.cfg.costs.inbox;
  if (queue === 'software') {
    const head = node.swq.head;
    if (!head || head.at > ready) return null;
    return { queue, handler: head.handler, msg: -1, transfer: head.transfer };
  }
  const id = node.inq[queue][0];
  if (id === undefined) return null;
  const m = ctx.state.messages[id]!;
  if (m.arrivedAt > ready) return null;
  return { queue, handler: dispatchRow(m.type, m.space).handler, msg: id, transfer: m.transfer };
}

/** The Inbox: picks and starts the next handler; false when nothing can start now. */
function dispatch(ctx: FlashCtx, node: FlashNode): boolean {
  const order = ctx.cfg.inbox === 'reply-first' ? REPLY_FIRST : ROUND;
  const first = ctx.cfg.inbox === 'reply-first' ? 0 : node.inboxTurn;
  for (let i = 0; i < order.length; i++) {
    const queue = order[(first + i) % order.length]!;
    const c = candidate(ctx, node, queue);
    if (!c || !roomFor(ctx, node, c)) continue;
    node.inboxTurn = (ROUND.indexOf(queue) + 1) % ROUND.length;
    start(ctx, node, c);
    return true;
  }
  return false;
}

function start(ctx: FlashCtx, node: FlashNode, c: Candidate): void {
  const m = c.msg >= 0 ? ctx.state.messages[c.msg]! : null;
  if (m) node.inq[c.queue as 'processor'].shift();
  else takeHead(node);
  const run: RunningHandler = {
    handler: c.handler,
    pc: 0,
    msg: c.msg,
    transfer: c.transfer,
    startedAt: ctx.now,
    until: -1,
    stepAt: ctx.now,
    stalledAt: -1,
    chunkLeft: c.handler === 'naiveTransfer' ? Number.MAX_SAFE_INTEGER : ctx.cfg.chunk,
    seq: 0,
    buffer: -1,
    access: null,
    busy: 0,
  };
  node.pp.run = run;
  const row = m ? dispatchRow(m.type, m.space) : null;
  if (row?.speculative)
    run.access = readAccess(ctx, node, lineId(node.id, 256 + m!.seq), otherMessage(m!.id));
  emit(ctx, {
    kind: 'flash.dispatch',
    node: node.id,
    queue: c.queue,
    type: m ? m.type : 'swq',
    space: m ? m.space : 'reserved',
    handler: c.handler,
    transfer: c.transfer,
    msg: c.msg,
  });
  emit(ctx, {
    kind: 'flash.handler',
    node: node.id,
    handler: c.handler,
    op: 'start',
    busy: 0,
    what: handlerOf(c.handler).title,
    transfer: c.transfer,
  });
  if (c.transfer >= 0 && c.handler === 'transfer') firstInvocation(ctx, node, c.transfer);
}

/** The set-up ends when the first chunk begins (Table 1's second boundary). */
function firstInvocation(ctx: FlashCtx, node: FlashNode, transfer: number): void {
  const t = ctx.state.transfers[transfer]!;
  if (t.t.setupEnd >= 0 || t.t.ack < 0) return;
  t.t.setupEnd = ctx.now;
  if (t.status === 'committed') {
    t.status = 'sending';
    emit(ctx, { kind: 'flash.transfer', transfer: t.id, status: t.status, node: node.id });
  }
  tableOne(ctx, t, 'setup', t.t.ack, ctx.now, node.id);
}

/**
 * Whose latency a handler's steps are: its transfer's, except the receiver posting its receive
 * and the sender recording the credit (done before the send begins: not in Table 1's anatomy).
 */
function ledgerMessage(ctx: FlashCtx, node: FlashNode, run: RunningHandler): number {
  if (run.transfer < 0) return otherMessage(run.msg);
  const msg = run.msg >= 0 ? ctx.state.messages[run.msg]! : null;
  const posting =
    msg !== null &&
    (msg.type === 'credit' || (msg.src === node.id && plan(ctx, run.transfer).to === node.id));
  return posting ? otherMessage(run.msg) : run.transfer;
}

/** The cycle a wait's event happens (Infinity: not yet known). */
function waitEnds(ctx: FlashCtx, node: FlashNode, run: RunningHandler, until: WaitName): number {
  switch (until) {
    case 'firstWord':
      return run.access!.firstAt;
    case 'lineState':
      return run.access!.stateAt;
    case 'writeDone':
      return run.access!.doneAt;
    case 'cachePort':
      return node.cacheFreeAt;
    case 'outputSpace':
      return sendBlocked(ctx, node, ctx.state.transfers[run.transfer]!) ? Infinity : ctx.now;
  }
}

function endHandler(ctx: FlashCtx, node: FlashNode, run: RunningHandler): void {
  const busy = ctx.now - run.startedAt;
  node.pp.busy += busy;
  node.pp.handlers += 1;
  node.pp.run = null;
  emit(ctx, {
    kind: 'flash.handler',
    node: node.id,
    handler: run.handler,
    op: 'end',
    busy,
    what: handlerOf(run.handler).title,
    transfer: run.transfer,
  });
}

/** Runs the PP for this cycle: finishes steps whose time has come, starts handlers as it frees. */
export function runPp(ctx: FlashCtx, node: FlashNode): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const run = node.pp.run;
    if (!run) {
      if (!dispatch(ctx, node)) return;
      continue;
    }
    const h = handlerOf(run.handler);
    const step = h.steps[run.pc]!;
    switch (step.do) {
      case 'pp': {
        if (run.until < 0) {
          const cost = ctx.cfg.costs[step.cost];
          run.until = ctx.now + cost;
          run.stepAt = ctx.now;
          slice(ctx, {
            message: ledgerMessage(ctx, node, run),
            node: node.id,
            actor: 'PP',
            phase: step.what,
            category: 'ni-sw',
            start: ctx.now,
            end: run.until,
            source: FLASH_COSTS[step.cost].source,
          });
        }
        if (run.until > ctx.now) return;
        run.until = -1;
        run.pc += 1;
        break;
      }
      case 'wait': {
        const at = waitEnds(ctx, node, run, step.until);
        if (at > ctx.now) {
          if (run.stalledAt < 0) {
            run.stalledAt = ctx.now;
            emit(ctx, {
              kind: 'flash.handler',
              node: node.id,
              handler: run.handler,
              op: 'stall',
              busy: ctx.now - run.startedAt,
              what: step.what,
              transfer: run.transfer,
            });
            // The naive handler breaks the rule on purpose (flash-must-yield): told, drawn red.
            if (step.until === 'outputSpace')
              emit(ctx, {
                kind: 'flash.spin',
                node: node.id,
                handler: run.handler,
                transfer: run.transfer,
              });
          }
          return;
        }
        if (run.stalledAt >= 0) {
          slice(ctx, {
            message: ledgerMessage(ctx, node, run),
            node: node.id,
            actor: 'PP',
            phase: step.what,
            category: 'wait',
            start: run.stalledAt,
            end: ctx.now,
            source: costSource(step.until === 'cachePort' ? 'cacheLastWord' : 'cacheState'),
          });
          emit(ctx, {
            kind: 'flash.handler',
            node: node.id,
            handler: run.handler,
            op: 'resume',
            busy: ctx.now - run.startedAt,
            what: step.what,
            transfer: run.transfer,
          });
          run.stalledAt = -1;
        }
        run.pc += 1;
        break;
      }
      case 'act':
        ACTS[step.act](ctx, node, run);
        run.pc += 1;
        break;
      case 'branch': {
        const to = step.to[CONDITIONS[step.on](ctx, node, run)];
        run.pc = to ? labelIndex(run.handler, to) : run.pc + 1;
        break;
      }
      case 'goto':
        run.pc = labelIndex(run.handler, step.to);
        break;
      case 'jump':
        run.handler = step.handler as HandlerName;
        run.pc = labelIndex(run.handler, step.to);
        if (run.handler === 'transfer') firstInvocation(ctx, node, run.transfer);
        break;
      case 'end':
        endHandler(ctx, node, run);
        break;
    }
  }
  throw new Error(`FLASH node ${node.id}: the PP made no progress in 10000 steps of one cycle`);
}
