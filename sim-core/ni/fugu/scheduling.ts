/**
 * The OS's part of FUGU's machine (seed 004 §6.2, L1226-1238; digest §B.15): at the end of each
 * timeslice on a node's own (skewed) clock, Glaze hands the processor to the scheduler, which runs
 * for a while — the NI's GID is then nobody's, so user messages arriving meanwhile take the
 * buffered path, FUGU's small background buffering [004 L1488, L1552] — and yields to the process
 * sim-core/os chooses. The NI observes every switch: it loads the incoming process's GID, its UAC
 * and its divert mode [004 L797, L891; digest §H-21]. A process switched in while buffered drains
 * its buffer first [004 L929]. Interactive work arrives at random and wakes its job [004 L1444].
 */
import { nextFloat } from '../../kernel/rng';
import { announceSwitch, type ContextSwitch, type SwitchReason } from '../../os/context-switch';
import { choose, sliceAt, sliceStarts } from '../../os/scheduler';
import { leaveBuffered } from './buffer';
import { stageCycles } from './costs';
import { appOf, msgOf, nodeOf, procOf, runningOn, type FuguCtx } from './fugu-context';
import type { FuguNode, FuguProcess } from './fugu-state';
import { NO_GID } from './ni';
import { frame } from './routines';

/** The NI's side of a context switch: the incoming process's GID, UAC and divert mode. */
export function loadNi(ctx: FuguCtx, sw: ContextSwitch): void {
  const node = nodeOf(ctx, sw.node);
  const ni = node.ni;
  const to = sw.to === null ? null : procOf(ctx, sw.to);
  ni.currentGid = to ? to.gid : NO_GID;
  ni.divertMode = to ? to.mode === 'BUFFERED' : false;
  ni.uac = to
    ? { ...to.savedUac }
    : { interruptDisable: false, timerForce: false, disposePending: false, atomicityExtend: false };
  ni.firedAt = -1;
  ctx.events.push({
    kind: 'fugu.sched',
    node: sw.node,
    from: sw.from,
    to: sw.to,
    gid: ni.currentGid,
    divert: ni.divertMode,
    why: sw.why,
  });
}

/** Frames from `at` up leave the stack; a message one of them was describing is dropped with it. */
export function dropFrames(ctx: FuguCtx, p: FuguProcess, at: number): void {
  for (const f of p.frames.splice(at)) if (f.out >= 0) delete ctx.state.messages[f.out];
}

/** Whether a (non-interactive) process wants the processor: work left, or messages to handle. */
export const wantsProcessor = (ctx: FuguCtx, p: FuguProcess): boolean =>
  appOf(ctx, p.gid).background ||
  !p.finished ||
  p.buffer.queue.length > 0 ||
  p.parked !== null ||
  p.frames.length > 1;

/** The message-handling thread exists: on the process's stack, or set aside for the program's turn. */
export const hasExtract = (p: FuguProcess) =>
  p.parked !== null || p.frames.some((f) => f.routine === 'extract');

/**
 * Whether the program's own thread has work to do beside the message thread (not a wait or poll
 * that only the message thread can satisfy, not a handler, not overflow's consume-only mode).
 */
export function programReady(p: FuguProcess): boolean {
  if (p.overflow || p.finished) return false;
  const below = p.frames[p.frames.length - 2];
  return below !== undefined && ['thread', 'compute', 'send'].includes(below.routine);
}

/**
 * Starts the message-handling thread on a process's stack. Switched in with a full buffer, the
 * process drains it first [004 L929]; a thread created while the process runs joins the
 * user-level run queue behind the program's own thread, which finishes its turn first [reading:
 * a sender must keep running while its buffer holds messages for Table 7-5's 463–797 pages].
 */
export function pushExtract(ctx: FuguCtx, p: FuguProcess, wake: boolean, drainFirst = false): void {
  const steps = wake
    ? [
        {
          stage: 'threadStart' as const,
          cycles: stageCycles('threadStart', ctx.cfg.atomicity, 0),
          then: null,
        },
      ]
    : [];
  // The thread's start is charged to the message that woke it.
  p.frames.push(frame('extract', steps, p.pid, wake ? (p.buffer.queue[0]?.msg ?? -1) : -1));
  p.turnStart = drainFirst ? ctx.state.cycle : ctx.state.cycle - ctx.cfg.threadQuantum;
  p.sub = 'handling';
}

/** The scheduler's choice at the end of its run: the node's next process, switched in. */
export function switchProcess(ctx: FuguCtx, node: FuguNode, why: SwitchReason): void {
  const cycle = ctx.state.cycle;
  const slice = sliceAt(ctx.cfg.scheduler, node.id, cycle);
  for (const p of ctx.state.procs)
    if (p.node === node.id && !appOf(ctx, p.gid).interactive) p.runnable = wantsProcessor(ctx, p);
  const next = choose(ctx.state.procs, node.id, slice.slot, slice.index);
  const from = node.lastRan;
  node.running = next ? next.pid : null;
  node.lastRan = node.running;
  announceSwitch(ctx.observers, { node: node.id, from, to: node.running, cycle, why });
  if (!next) return;
  if (next.mode === 'BUFFERED' && next.sub !== 'deferred' && !hasExtract(next)) {
    // A message still at the head for it (a handler rolled back at the slice's end) is about to
    // be inserted: stay buffered and restart its handler on the buffered stub [004 L1273], or a
    // handler longer than a slice would restart on the direct stub for ever.
    const head = node.ni.inputQueue[0];
    const inserting = head !== undefined && msgOf(ctx, head).dstPid === next.pid;
    if (next.buffer.queue.length > 0 || inserting) pushExtract(ctx, next, false, true);
    else leaveBuffered(ctx, next);
  }
}

/** The end of a slice, a wake or a yield: the scheduler takes the processor for its run. */
export function startSwitch(ctx: FuguCtx, node: FuguNode, why: SwitchReason): void {
  node.switchDue = null;
  const out = runningOn(ctx, node);
  if (out) {
    out.savedUac = { ...node.ni.uac };
    node.lastRan = out.pid;
  }
  node.running = null;
  node.ni.currentGid = NO_GID;
  node.ni.divertMode = false;
  node.ni.firedAt = -1;
  node.kernel.push(
    frame(
      'switch',
      [{ stage: 'scheduler', cycles: ctx.cfg.scheduler.switchCycles, then: 'switch' }],
      -1,
    ),
  );
  node.switchWhy = why;
}

/** Slice edges on each node's own clock, and interactive work arriving. */
export function stepScheduling(ctx: FuguCtx): void {
  const s = ctx.state;
  for (const node of s.nodes) {
    if (sliceStarts(ctx.cfg.scheduler, node.id, s.cycle)) node.switchDue ??= 'timeslice';
  }
  for (const pid of ctx.interactive) {
    const p = s.procs[pid]!;
    const job = appOf(ctx, p.gid).interactive!;
    while (s.cycle >= p.nextWork) {
      p.work += job.burst;
      // Exponential gaps with mean burst/load: the job wants `load` of the processor [004 L1444].
      const gap = (-Math.log(1 - nextFloat(p.rng)) * job.burst) / Math.max(job.load, 1e-6);
      p.nextWork += Math.max(1, Math.round(gap));
    }
    const wasRunnable = p.runnable;
    p.runnable = p.work > 0;
    const node = nodeOf(ctx, p.node);
    const running = runningOn(ctx, node);
    if (p.runnable && !wasRunnable && (!running || running.sched.priority < p.sched.priority))
      node.switchDue ??= 'wake';
    if (!p.runnable && wasRunnable && node.running === p.pid) node.switchDue ??= 'yield';
  }
}
