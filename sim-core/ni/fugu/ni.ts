/**
 * The direct VNI's operations (seed 004 §4.1, Tables 4-1 to 4-3; digest §B.3-§B.6): the dispatch
 * rule on the head of the input queue, dispose with its traps, the UAC bits, and the atomicity
 * timer — preset while disabled, counting down once per user cycle while enabled, expiring at 0.
 */
import { FIRED_BY_KEY, inputsKey, type DispatchRow } from './dispatch-rule';
import { msgOf, runningOn, type FuguCtx } from './fugu-context';
import type { FuguNode, UacBit } from './fugu-state';

/** The GID the NI compares with while the scheduler itself runs (no user process). */
export const NO_GID = 0;

/** The row of the dispatch rule that fires for this NI now. */
export function firedRow(ctx: FuguCtx, node: FuguNode): DispatchRow {
  const ni = node.ni;
  const head = ni.inputQueue[0];
  return FIRED_BY_KEY[
    inputsKey(
      head === undefined ? 'none' : 'user',
      head !== undefined && msgOf(ctx, head).gid === ni.currentGid,
      ni.divertMode,
      ni.uac.interruptDisable,
    )
  ]!;
}

/** Evaluates the rule for the head; tells when the row that fires changes. */
export function dispatch(ctx: FuguCtx, node: FuguNode): DispatchRow {
  const ni = node.ni;
  const row = firedRow(ctx, node);
  ni.messageAvailable = row.outcome === 'message-available' || row.outcome === 'poll';
  const head = ni.inputQueue[0] ?? -1;
  if (row.id !== ni.fired || (head >= 0 && ni.firedAt < 0)) {
    ni.fired = row.id;
    ni.firedAt = head >= 0 ? ctx.state.cycle : -1;
    if (head >= 0)
      ctx.events.push({
        kind: 'fugu.dispatch',
        node: node.id,
        msg: head,
        gid: msgOf(ctx, head).gid,
        row: row.id,
        why: row.why,
      });
  }
  return row;
}

/** A UAC bit changes (told only when it does). */
export function setUac(
  ctx: FuguCtx,
  node: FuguNode,
  bit: UacBit,
  value: boolean,
  by: string,
): void {
  if (node.ni.uac[bit] === value) return;
  node.ni.uac[bit] = value;
  ctx.events.push({ kind: 'fugu.uac', node: node.id, bit, value, by });
}

/** Removes the head message: its receiver buffer slot goes back to its sender [004 L787]. */
export function popHead(ctx: FuguCtx, node: FuguNode): number {
  const msg = node.ni.inputQueue.shift()!;
  const m = msgOf(ctx, msg);
  ctx.network.acknowledge(ctx.state.net, ctx.cfg.network, ctx.state.cycle, m.src, m.dst);
  node.ni.firedAt = -1;
  return msg;
}

/** The user's dispose (Table 4-1): its traps, or the head removed and the timer preset. */
export function userDispose(ctx: FuguCtx, node: FuguNode, pid: number): number | null {
  const ni = node.ni;
  const head = ni.inputQueue[0];
  if (ni.divertMode || head === undefined) {
    // The buffered stub never reaches the hardware dispose; these traps mean a broken routine.
    ctx.events.push({
      kind: 'fugu.intr',
      node: node.id,
      what: ni.divertMode ? 'dispose-extend' : 'bad-dispose',
      msg: head ?? -1,
      pid,
      why: ni.divertMode ? 'dispose while divert-mode is set' : 'dispose with no message',
    });
    return null;
  }
  const msg = popHead(ctx, node);
  setUac(ctx, node, 'disposePending', false, 'dispose');
  presetTimer(ctx, node);
  return msg;
}

/** "dispose briefly disables (presets) the timer" [004 L806]. */
export function presetTimer(ctx: FuguCtx, node: FuguNode): void {
  const t = node.ni.timer;
  if (t.enabled && t.counter !== ctx.cfg.atomicityTimeout)
    ctx.events.push({
      kind: 'fugu.timer',
      node: node.id,
      what: 'preset',
      counter: ctx.cfg.atomicityTimeout,
    });
  t.counter = ctx.cfg.atomicityTimeout;
}

/**
 * The atomicity timer after this cycle's work [004 L806-807, L867]: enabled while interrupts are
 * disabled and a message for the running process waits (a GID-matching head, not diverted), or
 * while timer-force is set; preset while disabled; one count per user cycle while enabled.
 */
export function tickTimer(ctx: FuguCtx, node: FuguNode, pollRow: boolean): void {
  const ni = node.ni;
  const t = ni.timer;
  const enabled = (ni.uac.interruptDisable && pollRow) || ni.uac.timerForce;
  if (enabled !== t.enabled) {
    t.enabled = enabled;
    ctx.events.push({
      kind: 'fugu.timer',
      node: node.id,
      what: enabled ? 'enabled' : 'disabled',
      counter: t.counter,
    });
  }
  if (!enabled) {
    t.counter = ctx.cfg.atomicityTimeout;
    return;
  }
  // User cycles count: the running process's, or a cross-domain upcall's handler (the only kernel
  // routine that runs user code), which the kernel times with timer-force (actions.ts).
  const top = node.kernel[node.kernel.length - 1];
  const timed = top ? top.routine === 'cross-domain' : runningOn(ctx, node) !== null;
  if (node.did !== 'user' || ni.timeoutPending || !timed) return;
  t.counter -= 1;
  if (t.counter > 0) return;
  ni.timeoutPending = true;
  ctx.events.push({ kind: 'fugu.timer', node: node.id, what: 'expired', counter: 0 });
}
