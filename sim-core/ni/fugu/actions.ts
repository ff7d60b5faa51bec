/**
 * What happens when a routine's step ends, by name (routines.ts names them): the NI operations of
 * Table 4-1 (launch, dispose, endatom with its traps), the handler's start and end, the insert
 * handler's copy into the buffer, the buffered thread's emulated dispose, the revocation of
 * atomicity, the page-fault switch and the scheduler's choice. A table, so a routine is data.
 */
import { extractHead, insertHead, leaveBuffered, setMode, wantsToRun } from './buffer';
import { stageCycles, UPCALL_EXIT } from './costs';
import { deliver, handled, handlerOf, undeliver } from './delivery';
import { nodeOf, procOf, type FuguCtx } from './fugu-context';
import type { ActionName, Frame, FuguNode } from './fugu-state';
import { popHead, presetTimer, setUac, userDispose } from './ni';
import { frame } from './routines';
import { dropFrames, hasExtract, pushExtract, switchProcess } from './scheduling';
import { launch, rollBackDescribe } from './send';

type Action = (ctx: FuguCtx, node: FuguNode, f: Frame) => void;

/** An upcall frame's `count` when the message thread is to start as it returns. */
export const THREAD_AFTER = 1;

/** A kernel trap of Table 4-2, told. */
function trap(
  ctx: FuguCtx,
  node: FuguNode,
  what: 'atomicity-extend' | 'dispose-failure',
  f: Frame,
  why: string,
) {
  ctx.events.push({ kind: 'fugu.intr', node: node.id, what, msg: f.msg, pid: f.pid, why });
}

/** endatom (Table 4-1): its traps, else the UAC bits cleared [004 L769, L809-810, L823]. */
export function endatom(ctx: FuguCtx, node: FuguNode, f: Frame, restore: boolean): void {
  const uac = node.ni.uac;
  if (uac.disposePending) {
    trap(
      ctx,
      node,
      'dispose-failure',
      f,
      'endatom with dispose-pending set: the handler did not free its message',
    );
    setUac(ctx, node, 'disposePending', false, 'kernel');
  }
  if (uac.atomicityExtend) {
    trap(
      ctx,
      node,
      'atomicity-extend',
      f,
      'endatom with atomicity-extend set: the kernel takes over at the end of the atomic section',
    );
    node.kernel.push(
      frame(
        'extend',
        [
          {
            stage: 'threadStart',
            cycles: stageCycles('threadStart', ctx.cfg.atomicity, 0),
            then: 'extendThread',
          },
        ],
        f.pid,
      ),
    );
  }
  setUac(
    ctx,
    node,
    'interruptDisable',
    restore,
    restore ? 'upcall return (the interrupted code had it set)' : 'endatom',
  );
}

/**
 * A cross-domain upcall runs in another process's time, so the kernel bounds the whole handler,
 * not only the wait for its dispose: it forces the atomicity timer on and presets it [digest §G.4
 * (C), the priority-inversion case of Fig. 4-4, 004 L869; different timeouts for same- and
 * cross-domain upcalls, L945]. A timeout the interrupted code had pending is withdrawn: the
 * upcall's dispose is the queue's forward progress [004 L819], and its timer runs again after.
 */
function boundCrossDomain(ctx: FuguCtx, node: FuguNode): void {
  setUac(ctx, node, 'timerForce', true, 'kernel (cross-domain upcall: the whole handler is timed)');
  node.ni.timeoutPending = false;
  presetTimer(ctx, node);
}

export const ACTIONS: Readonly<Record<ActionName, Action>> = {
  launch: (ctx, node, f) => launch(ctx, node, f),
  upcall(ctx, node, f) {
    setUac(ctx, node, 'disposePending', true, 'message-available stub');
    setUac(
      ctx,
      node,
      'interruptDisable',
      true,
      'message-available stub (the handler runs atomically)',
    );
    if (f.routine === 'cross-domain') boundCrossDomain(ctx, node);
    deliver(ctx, f.msg, f.pid, f.routine === 'cross-domain' ? 'cross-domain' : 'fast upcall');
  },
  dispose(ctx, node, f) {
    if (userDispose(ctx, node, f.pid) !== null) f.disposed = true;
  },
  crossDispose(ctx, node, f) {
    popHead(ctx, node);
    setUac(ctx, node, 'disposePending', false, 'dispose');
    presetTimer(ctx, node);
    f.disposed = true;
  },
  handled: (ctx, _node, f) => handled(ctx, f.msg, f.pid),
  endatom: (ctx, node, f) => endatom(ctx, node, f, f.savedDisable),
  crossReturn(ctx, node, f) {
    setUac(ctx, node, 'interruptDisable', f.savedDisable, 'cross-domain upcall returns');
    setUac(ctx, node, 'timerForce', false, 'cross-domain upcall returns');
    // A timeout raised in the stub's exit has nothing left to revoke.
    node.ni.timeoutPending = false;
  },
  pollDispose(ctx, node, f) {
    // A poll is idempotent up to its dispose: if the message it saw has meanwhile gone to the
    // buffer (a context switch, divert mode), it simply polls again.
    if (node.ni.inputQueue[0] !== f.msg || node.ni.divertMode) {
      f.steps = [{ stage: 'spin', cycles: -1, then: null }];
      f.at = 0;
      f.msg = -1;
      return;
    }
    deliver(ctx, f.msg, f.pid, 'poll');
    userDispose(ctx, node, f.pid);
    f.disposed = true;
  },
  insert(ctx, node, f) {
    insertHead(ctx, node, f.pid);
    const p = procOf(ctx, f.pid);
    // A running process whose thread is not draining is woken through the scheduler (buffer-always).
    if (node.running === p.pid && p.sub !== 'deferred' && !hasExtract(p)) pushExtract(ctx, p, true);
  },
  bufferDispose(ctx, _node, f) {
    const p = procOf(ctx, f.pid);
    const msg = extractHead(ctx, p);
    f.msg = msg;
    deliver(ctx, msg, p.pid, 'buffered');
  },
  revoke(ctx, node, f) {
    const p = procOf(ctx, f.pid);
    node.ni.timeoutPending = false;
    const at = p.frames.findIndex((g) => g.routine === 'upcall' && !g.disposed);
    if (at >= 0) {
      // A handler that has not disposed restarts later on the buffered stub [004 L1273]: the
      // message thread will run it from the buffer, where the kernel is about to put its message.
      const handler = p.frames[at]!;
      rollBackDescribe(ctx, handler);
      undeliver(ctx, handler.msg, p.pid);
      dropFrames(ctx, p, at);
      setUac(ctx, node, 'disposePending', false, 'kernel (handler rolled back)');
      setUac(ctx, node, 'interruptDisable', handler.savedDisable, 'kernel (handler rolled back)');
      setMode(ctx, p, 'BUFFERED', 'handling', 'atomicity timeout');
      pushExtract(ctx, p, false);
      return;
    }
    if (!node.ni.uac.interruptDisable) {
      // The atomic section ended while the timeout waited to be taken: nothing to defer.
      setMode(ctx, p, 'BUFFERED', 'handling', 'atomicity timeout');
      if (!hasExtract(p)) pushExtract(ctx, p, false);
      return;
    }
    setMode(ctx, p, 'BUFFERED', 'deferred', 'atomicity timeout');
    setUac(ctx, node, 'atomicityExtend', true, 'kernel (atomicity revoked)');
  },
  revokeCrossDomain(ctx, node) {
    node.ni.timeoutPending = false;
    const handler = node.kernel.splice(
      node.kernel.findIndex((g) => g.routine === 'cross-domain'),
      1,
    )[0]!;
    const p = procOf(ctx, handler.pid);
    // The node goes back to what the upcall interrupted.
    setUac(ctx, node, 'timerForce', false, 'kernel (cross-domain upcall revoked)');
    setUac(ctx, node, 'disposePending', false, 'kernel (cross-domain upcall revoked)');
    setUac(
      ctx,
      node,
      'interruptDisable',
      handler.savedDisable,
      'kernel (cross-domain upcall revoked)',
    );
    rollBackDescribe(ctx, handler);
    if (!handler.disposed) {
      // Before its dispose the handler is idempotent [004 L1273]: dropped; its message, still at
      // the head, goes to the buffer, and the message thread runs the handler from there.
      undeliver(ctx, handler.msg, p.pid);
      if (handler.out >= 0) delete ctx.state.messages[handler.out];
      setMode(ctx, p, 'BUFFERED', 'handling', 'atomicity timeout');
      return;
    }
    // After it, the handler goes on as its own process's, its atomicity now virtual: the process
    // is buffered (so its next messages are inserted, not upcalled, freeing the network), deferred
    // until the handler's endatom traps to start the message thread [004 L909].
    handler.steps = handler.steps.map((s) =>
      s.then === 'crossReturn' ? { ...s, then: 'endatom' } : s,
    );
    handler.savedDisable = p.savedUac.interruptDisable;
    p.savedUac = { ...p.savedUac, interruptDisable: true, atomicityExtend: true };
    p.frames.push(handler);
    setMode(ctx, p, 'BUFFERED', 'deferred', 'atomicity timeout');
    wantsToRun(ctx, node, p);
  },
  faultSwitch(ctx, node, f) {
    const p = procOf(ctx, f.pid);
    // Dual-stub rollback [004 L1273]: the handler had not disposed, so it restarts later on the
    // buffered stub; the message stays at the head, and divert mode sends it to the buffer.
    setUac(ctx, node, 'disposePending', false, 'kernel (handler rolled back)');
    undeliver(ctx, f.msg, p.pid);
    setMode(
      ctx,
      p,
      'BUFFERED',
      'deferred',
      handlerOf(ctx, f.msg).fault === 'page-fault' ? 'page fault' : 'DMA page crossing',
    );
  },
  faultResolved(ctx, _node, f) {
    procOf(ctx, f.pid).pageTouched = true;
    // The stub returns to the interrupted thread; the handler restarts as the message thread.
    f.count = THREAD_AFTER;
  },
  extendThread(ctx, node, f) {
    const p = procOf(ctx, f.pid);
    setUac(ctx, node, 'atomicityExtend', false, 'kernel');
    if (p.buffer.queue.length === 0) {
      p.sub = 'handling';
      leaveBuffered(ctx, p);
    } else if (!hasExtract(p)) pushExtract(ctx, p, false);
  },
  switch: (ctx, node) => switchProcess(ctx, node, node.switchWhy),
};

/** The page fault (or DMA page crossing) replaces the handler's stub and body, before its dispose. */
export function faultSteps(ctx: FuguCtx, f: Frame, demandZero: boolean): void {
  const exit = UPCALL_EXIT.map((s) => ({
    stage: s,
    cycles: stageCycles(s, ctx.cfg.atomicity, 0),
    then: null,
  })).filter((s) => s.cycles > 0);
  f.steps = [
    ...f.steps.slice(0, f.at),
    {
      stage: 'faultEntry',
      cycles: stageCycles('faultEntry', ctx.cfg.atomicity, 0),
      then: 'faultSwitch',
    },
    {
      stage: 'pageFault',
      cycles: demandZero ? ctx.cfg.pageFaultCycles : 0,
      then: 'faultResolved',
      open: true,
    },
    ...exit,
    { stage: 'registerRestore', cycles: 0, then: 'endatom' },
  ];
  const node = nodeOf(ctx, procOf(ctx, f.pid).node);
  ctx.events.push({
    kind: 'fugu.intr',
    node: node.id,
    what: 'page-fault',
    msg: f.msg,
    pid: f.pid,
    why: demandZero
      ? 'the handler touches a demand-zero page before its dispose'
      : 'the handler starts a DMA across a page boundary: FUGU switches to buffering',
  });
}
