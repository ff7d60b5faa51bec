/**
 * FUGU's invariants, checked every cycle (round2-spec §B3.2): every launched message is in exactly
 * one place — the network, an input queue, a buffer, a handler, or done — so none is lost or
 * duplicated [004 L550]; a process is DIRECT only with an empty buffer [004 L889]; the timer does
 * not count while disabled [004 L867]; dispose-pending is set only while a handler runs. FIFO per
 * pair and the GID match are checked as each message reaches its handler (delivery.ts).
 */
import type { FuguCtx } from './fugu-context';
import type { Frame } from './fugu-state';

function violation(ctx: FuguCtx, rule: 'conservation' | 'protocol', detail: string) {
  ctx.events.push({ kind: 'invariant.violation', rule, block: -1, detail });
}

/** A handler runs on this stack and has not yet disposed its message. */
function inHandler(frames: readonly Frame[]): boolean {
  for (const f of frames)
    if ((f.routine === 'upcall' || f.routine === 'cross-domain') && !f.disposed) return true;
  return false;
}

export function checkInvariants(ctx: FuguCtx): void {
  const s = ctx.state;
  const { launched, delivered } = s.tally;
  const inNetwork = ctx.network.inTransit(s.net).length;
  let queued = 0;
  let buffered = 0;
  // A message whose handler has started may still sit at the head until it disposes.
  for (const n of s.nodes)
    for (const id of n.ni.inputQueue) if (s.messages[id]!.deliveredAt < 0) queued += 1;
  for (const p of s.procs) buffered += p.buffer.queue.length;
  // A message being inserted or extracted is in one of these until its routine's action moves it.
  if (launched !== delivered + inNetwork + queued + buffered)
    violation(
      ctx,
      'conservation',
      `${launched} messages launched, but ${delivered} delivered + ${inNetwork} in the network + ${queued} in input queues + ${buffered} buffered`,
    );
  for (const p of s.procs) {
    if (p.mode === 'DIRECT' && p.buffer.queue.length > 0)
      violation(
        ctx,
        'protocol',
        `process ${p.pid} is DIRECT with ${p.buffer.queue.length} buffered messages`,
      );
  }
  for (const n of s.nodes) {
    const t = n.ni.timer;
    if (!t.enabled && t.counter !== ctx.cfg.atomicityTimeout)
      violation(
        ctx,
        'protocol',
        `node ${n.id}'s atomicity timer moved while disabled (${t.counter})`,
      );
    if (!n.ni.uac.disposePending) continue;
    const p = n.running === null ? null : s.procs[n.running]!;
    if (!inHandler(n.kernel) && !(p && inHandler(p.frames)))
      violation(ctx, 'protocol', `node ${n.id} has dispose-pending set outside a handler`);
  }
}
