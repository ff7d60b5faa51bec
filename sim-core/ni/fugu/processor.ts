/**
 * One cycle of a node's processor (Sparcle, seed 004 §6.1; digest §B.8-§B.12): kernel routines run
 * first and are not interrupted; otherwise, where the running process stands in user code (or in
 * a kernel step that leaves interrupts on), the processor takes at most one interrupt — the NI's
 * mismatch-available (not maskable by the UAC, L821), an atomicity timeout, the end of a slice,
 * or message-available (maskable) — then runs one cycle of the routine on top. Each stage that
 * serves a message is one slice of the phase ledger, announced when it starts (its end is known)
 * or, for a store that may block and a spin, when it ends.
 */
import { ACTIONS, faultSteps, THREAD_AFTER } from './actions';
import { leaveBuffered, messageBytes, pageNeeded, setMode } from './buffer';
import { PARTS, STAGES, stageCycles } from './costs';
import { handlerOf, retire, undeliver } from './delivery';
import { appOf, localProcess, msgOf, procOf, runningOn, type FuguCtx } from './fugu-context';
import type { Frame, FuguNode, FuguProcess, Step } from './fugu-state';
import { firedRow, setUac } from './ni';
import {
  crossDomainSteps,
  extractSteps,
  frame,
  insertSteps,
  pollSteps,
  upcallSteps,
} from './routines';
import { dropFrames, hasExtract, programReady, pushExtract, startSwitch } from './scheduling';
import { describeCycle, rollBackDescribe } from './send';
import { threadCycle } from './thread';

/** The message a step's time is spent on (−1: none), for the ledger. */
const messageOf = (f: Frame, step: Step) =>
  step.stage === 'describe' || step.stage === 'launch' ? f.out : f.msg;

function slice(ctx: FuguCtx, node: FuguNode, f: Frame, step: Step, start: number, end: number) {
  const msg = messageOf(f, step);
  // A rolled-back stub's clean-up may run after its message was handled from the buffer.
  const m = ctx.state.messages[msg];
  if (!m || end <= start) return;
  const s = STAGES[step.stage];
  // The receive overhead (O_dir, O_buf): every stage of a receive path, not the handler's own body.
  if (s.part !== null && s.part !== PARTS.send && s.part !== PARTS.handler)
    m.overhead += end - start;
  if (step.stage === 'threadStart') m.woke = true;
  ctx.events.push({
    kind: 'phase',
    message: msg,
    node: node.id,
    actor: s.actor,
    phase: s.label,
    category: s.category,
    part: s.part,
    start,
    end,
    source: step.open && step.stage === 'pageFault' ? 'default' : s.source,
  });
}

/** The time a message waited at the head of the queue before its receive began. */
function waited(ctx: FuguCtx, node: FuguNode, msg: number) {
  const m = msgOf(ctx, msg);
  if (ctx.state.cycle > m.arrivedAt)
    ctx.events.push({
      kind: 'phase',
      message: msg,
      node: node.id,
      actor: 'NI',
      phase: 'Waiting in the input queue',
      category: 'wait',
      part: null,
      start: m.arrivedAt,
      end: ctx.state.cycle,
      source: 'simulated',
    });
}

/** Whether the routine on top lets interrupts in: user code, or a kernel step left open. */
function interruptible(f: Frame | undefined): boolean {
  if (!f || f.routine === 'thread') return true;
  const step = f.steps[f.at];
  if (!step) return true;
  return step.open === true || STAGES[step.stage].mode === 'user';
}

function takeMismatch(ctx: FuguCtx, node: FuguNode): void {
  const head = node.ni.inputQueue[0]!;
  const m = msgOf(ctx, head);
  const target = localProcess(ctx, node.id, m.gid)!;
  const app = appOf(ctx, m.gid);
  const cross = app.policy === 'upcall-always' && target.mode === 'DIRECT';
  const h = handlerOf(ctx, head);
  const f = cross
    ? frame('cross-domain', crossDomainSteps(ctx, h, m.args), target.pid, head)
    : frame(
        'insert',
        insertSteps(pageNeeded(ctx, node, target, messageBytes(m.args, m.dmaBytes)) === 'vmalloc'),
        target.pid,
        head,
      );
  f.savedDisable = node.ni.uac.interruptDisable;
  node.kernel.push(f);
  waited(ctx, node, head);
  ctx.events.push({
    kind: 'fugu.intr',
    node: node.id,
    what: 'mismatch-available',
    msg: head,
    pid: target.pid,
    why: cross
      ? `upcall-always: a cross-domain upcall runs ${app.name}'s handler now [004 L1569]`
      : `the kernel inserts it into ${app.name}'s buffer [004 L893]`,
  });
}

/** The end of a slice catches the process where it stands (seed 004 L927-929, L1271-1273). */
function preempt(ctx: FuguCtx, node: FuguNode, p: FuguProcess): void {
  for (const f of p.frames)
    if (f.steps.some((s) => s.stage === 'describe')) rollBackDescribe(ctx, f);
  const at = p.frames.findIndex((f) => f.routine === 'upcall');
  if (at < 0 || p.mode !== 'DIRECT') return;
  const handler = p.frames[at]!;
  if (!handler.disposed) {
    // Before its dispose the handler is idempotent: drop it; the message waits at the head.
    undeliver(ctx, handler.msg, p.pid);
    dropFrames(ctx, p, at);
    setUac(
      ctx,
      node,
      'disposePending',
      false,
      'kernel (handler rolled back at the end of the slice)',
    );
    setUac(ctx, node, 'interruptDisable', handler.savedDisable, 'kernel');
    setMode(ctx, p, 'BUFFERED', 'handling', 'quantum expiry');
  } else {
    setMode(ctx, p, 'BUFFERED', 'deferred', 'quantum expiry');
    setUac(ctx, node, 'atomicityExtend', true, 'kernel (quantum expired inside a handler)');
  }
}

/**
 * The handler of a cross-domain upcall ran out the timer the kernel forced for it — in a Fig. 3-3
 * deadlock, blocked on a reply while a message waits at its own node's head [004 L594-602]: the
 * kernel revokes its atomicity, and the node's queue moves again (actions.ts, revokeCrossDomain).
 */
function takeUpcallTimeout(ctx: FuguCtx, node: FuguNode): void {
  const f = node.kernel[node.kernel.length - 1]!;
  if (f.routine !== 'cross-domain' || !node.ni.timeoutPending || !interruptible(f)) return;
  const revoke = stageCycles('revoke', ctx.cfg.atomicity, 0);
  node.kernel.push(
    frame('timeout', [{ stage: 'revoke', cycles: revoke, then: 'revokeCrossDomain' }], f.pid),
  );
  ctx.events.push({
    kind: 'fugu.intr',
    node: node.id,
    what: 'atomicity-timeout',
    msg: f.msg,
    pid: f.pid,
    why: `a cross-domain upcall's handler ran ${ctx.cfg.atomicityTimeout} user cycles: the kernel revokes it, and ${appOf(ctx, procOf(ctx, f.pid).gid).name}'s process goes on with it, buffered [004 L602, L819]`,
  });
}

function takeInterrupt(ctx: FuguCtx, node: FuguNode): void {
  if (node.kernel.length > 0) return takeUpcallTimeout(ctx, node);
  const p = runningOn(ctx, node);
  if (!interruptible(p?.frames[p.frames.length - 1])) return;
  const ni = node.ni;
  const fired = ni.fired;
  if (fired === 'kernel' || fired === 'divert' || fired === 'mismatch')
    return takeMismatch(ctx, node);
  if (p && ni.timeoutPending) {
    node.kernel.push(
      frame(
        'timeout',
        [{ stage: 'revoke', cycles: stageCycles('revoke', ctx.cfg.atomicity, 0), then: 'revoke' }],
        p.pid,
      ),
    );
    ctx.events.push({
      kind: 'fugu.intr',
      node: node.id,
      what: 'atomicity-timeout',
      msg: ni.inputQueue[0] ?? -1,
      pid: p.pid,
      why: `a message waited ${ctx.cfg.atomicityTimeout} user cycles with interrupts disabled: atomicity is revoked [004 L819]`,
    });
    return;
  }
  if (node.switchDue) {
    if (p) preempt(ctx, node, p);
    return startSwitch(ctx, node, node.switchDue);
  }
  if (p && fired === 'upcall') {
    const head = ni.inputQueue[0]!;
    const m = msgOf(ctx, head);
    const f = frame('upcall', upcallSteps(ctx, handlerOf(ctx, head), m.args), p.pid, head);
    f.savedDisable = ni.uac.interruptDisable;
    p.frames.push(f);
    waited(ctx, node, head);
    ctx.events.push({
      kind: 'fugu.intr',
      node: node.id,
      what: 'message-available',
      msg: head,
      pid: p.pid,
      why: 'the GID matches and interrupts are enabled: the kernel stub upcalls the handler',
    });
  }
}

/**
 * A spin's condition. A wait ends when its handlers have run. A poll ends when its messages have
 * been handled — found by the poll itself, or, while the process is buffered, run by the message
 * thread from the buffer, or read from the buffer by the poll when no thread may run them
 * (transparency: the program polls the virtual interface, [004 L909, L923]); meanwhile it polls,
 * and a message-available flag it sees is received on the polling path.
 */
function spinDone(ctx: FuguCtx, node: FuguNode, f: Frame): boolean {
  const p = procOf(ctx, f.pid);
  if (p.arrived >= f.count) {
    p.arrived -= f.count;
    f.steps = [f.steps[0]!];
    return true;
  }
  if (f.routine === 'wait') return false;
  // Transparent access [004 L923]: buffered, with no message thread to run them (the atomic
  // section they wait for is this one), the poll reads the buffered copies itself, in order.
  const buffered = p.buffer.queue[0];
  if (p.mode === 'BUFFERED' && buffered !== undefined && !hasExtract(p)) {
    f.steps = [
      f.steps[0]!,
      ...extractSteps(ctx, handlerOf(ctx, buffered.msg), msgOf(ctx, buffered.msg).args),
    ];
    return true;
  }
  if (firedRow(ctx, node).id !== 'poll') return false;
  const head = node.ni.inputQueue[0]!;
  waited(ctx, node, head);
  f.msg = head;
  f.steps = [f.steps[0]!, ...pollSteps(ctx, handlerOf(ctx, head), msgOf(ctx, head).args)];
  return true;
}

/** A routine has run its steps: the thread loops, the poll polls again, others are done. */
function frameDone(ctx: FuguCtx, node: FuguNode, stack: Frame[], f: Frame): 'again' | 'stall' {
  const p = procOf(ctx, f.pid);
  retire(ctx, f.msg);
  // A poll that received a message polls on until its count of handled messages is reached.
  if (f.routine === 'poll' && f.steps.length > 1) {
    f.steps = [{ stage: 'spin', cycles: -1, then: null }];
    f.at = 0;
    f.msg = -1;
    return 'again';
  }
  if (f.routine === 'extract') {
    const next = p.buffer.queue[0];
    // The user-level thread scheduler shares the processor between the message thread and the
    // program's own thread, a quantum each [default]: a sender can outrun its own buffer.
    if (
      next !== undefined &&
      programReady(p) &&
      ctx.state.cycle - p.turnStart >= ctx.cfg.threadQuantum
    ) {
      stack.pop();
      f.steps = [];
      f.at = 0;
      p.parked = f;
      p.resumeAt = ctx.state.cycle + ctx.cfg.threadQuantum;
      return 'again';
    }
    if (next !== undefined) {
      f.steps = extractSteps(ctx, handlerOf(ctx, next.msg), msgOf(ctx, next.msg).args);
      f.at = 0;
      f.msg = next.msg;
      return 'again';
    }
    // The message the kernel is about to insert is still at the head: wait for it.
    const head = node.ni.inputQueue[0];
    if (head !== undefined && node.ni.divertMode && msgOf(ctx, head).dstPid === p.pid)
      return 'stall';
    stack.pop();
    if (p.sub !== 'deferred') leaveBuffered(ctx, p);
    return 'again';
  }
  stack.pop();
  if (f.routine === 'upcall' && f.count === THREAD_AFTER && !hasExtract(p))
    pushExtract(ctx, p, false);
  return 'again';
}

function finishStep(ctx: FuguCtx, node: FuguNode, f: Frame, step: Step): void {
  if (step.stage === 'describe') slice(ctx, node, f, step, f.stepStart, ctx.state.cycle + 1);
  f.at += 1;
  f.left = -1;
  if (step.then) ACTIONS[step.then](ctx, node, f);
}

/** Runs one cycle of the routine on top of `stack` (the kernel's, or the running process's). */
function runTop(ctx: FuguCtx, node: FuguNode, stack: Frame[], p: FuguProcess | null): void {
  const cycle = ctx.state.cycle;
  for (let guard = 0; guard < 64; guard++) {
    const f = stack[stack.length - 1];
    if (!f) return;
    if (f.routine === 'thread') {
      const r = threadCycle(ctx, node, p!);
      if (r === 'push') continue;
      node.did = r;
      return;
    }
    if (f.at >= f.steps.length) {
      if (frameDone(ctx, node, stack, f) === 'stall') {
        node.did = 'user';
        return;
      }
      continue;
    }
    const step = f.steps[f.at]!;
    if (f.left < 0) {
      // The handler's first instruction: a demand-zero page, or a DMA across a page, switches modes.
      if (step.stage === 'nullHandler' && f.routine === 'upcall' && faults(ctx, f)) continue;
      f.left = step.cycles;
      f.stepStart = cycle;
      if (f.began < 0) f.began = cycle;
      if (step.cycles > 0 && step.stage !== 'describe')
        slice(ctx, node, f, step, cycle, cycle + step.cycles);
    }
    if (step.cycles === 0) {
      finishStep(ctx, node, f, step);
      continue;
    }
    node.did = step.open ? 'kernel' : STAGES[step.stage].mode;
    if (step.cycles < 0) {
      node.did = 'user';
      if (spinDone(ctx, node, f)) {
        finishStep(ctx, node, f, step);
        settle(ctx, node, stack);
      }
      return;
    }
    if (step.stage === 'describe' && !describeCycle(ctx, node, f)) return;
    f.left -= 1;
    if (f.left === 0) {
      finishStep(ctx, node, f, step);
      settle(ctx, node, stack);
    }
    return;
  }
}

/**
 * After a step ends, what takes no time happens in the same cycle: the zero-cycle steps that
 * follow (their actions), and routines that have run out leave the stack.
 */
function settle(ctx: FuguCtx, node: FuguNode, stack: Frame[]): void {
  for (let guard = 0; guard < 16; guard++) {
    const f = stack[stack.length - 1];
    if (!f || f.routine === 'thread') return;
    const step = f.steps[f.at];
    if (step === undefined) {
      const depth = stack.length;
      if (frameDone(ctx, node, stack, f) === 'stall' || stack.length === depth) return;
    } else if (step.cycles === 0) finishStep(ctx, node, f, step);
    else return;
  }
}

/** The message thread's turn comes back (at a point where the program's thread can be set aside). */
function resumeMessageThread(ctx: FuguCtx, p: FuguProcess): void {
  if (!interruptible(p.frames[p.frames.length - 1])) return;
  p.frames.push(p.parked!);
  p.parked = null;
  p.turnStart = ctx.state.cycle;
}

/** Whether the handler about to start faults (and the frame now holds the switch instead). */
function faults(ctx: FuguCtx, f: Frame): boolean {
  const h = handlerOf(ctx, f.msg);
  const p = procOf(ctx, f.pid);
  const demandZero = h.fault === 'page-fault' && !p.pageTouched;
  if (!demandZero && h.fault !== 'dma-page-cross') return false;
  faultSteps(ctx, f, demandZero);
  return true;
}

export function stepProcessor(ctx: FuguCtx, node: FuguNode): void {
  node.did = 'idle';
  const running = runningOn(ctx, node);
  if (running?.parked && ctx.state.cycle >= running.resumeAt && node.kernel.length === 0)
    resumeMessageThread(ctx, running);
  takeInterrupt(ctx, node);
  const p = runningOn(ctx, node);
  if (node.kernel.length > 0) runTop(ctx, node, node.kernel, p);
  else if (p) runTop(ctx, node, p.frames, p);
  node.busy[node.did] += 1;
}
