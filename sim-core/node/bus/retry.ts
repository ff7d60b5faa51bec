/**
 * RETRY, a snooper's refusal (round2-spec §A.2 S1 and B1: EDT's CC-DMA by retry, "DMA read →
 * RETRY → write-back → DMA re-read"). The model's `refuses` hook is asked for each owner of the
 * requested block before any snoop. A refusing owner writes its copy back (it leaves the cache as
 * a victim, unless it already waits in the write-back buffer); the request goes back to the queue
 * and waits until that write-back has ended (or been cancelled by a new owner). Nobody else snoops
 * a refused transaction, and the requester's line keeps waiting for the bus.
 */
import type { Agent } from './agent';
import type { BusRequest, BusTxnKind, NodeBus } from './bus-state';
import { evict } from './coherence';
import { blockName, modelError, type AgentOf, type ModelCtx } from './context';

/** The first owner of the block, in snoop order, that refuses the request, if any. */
export function refuser<C extends ModelCtx<C>>(
  ctx: C,
  req: BusRequest<AgentOf<C>>,
): Agent<AgentOf<C>> | null {
  const refuses = ctx.hooks.refuses;
  if (!refuses) return null;
  for (const { name } of ctx.kit.agents) {
    const other = ctx.node.agents[name];
    if (!other || name === req.agent) continue;
    for (const copy of [other.lines[req.block], other.victims[req.block]]) {
      if (copy && ctx.kit.protocol.states[copy.state]?.owner && refuses(ctx, req, name))
        return other;
    }
  }
  return null;
}

/** The owner writes back; the request waits in the queue for that write-back. */
export function refuse<C extends ModelCtx<C>>(
  ctx: C,
  req: BusRequest<AgentOf<C>>,
  owner: Agent<AgentOf<C>>,
  kind: BusTxnKind,
): void {
  const bus = ctx.node.bus;
  if (!owner.victims[req.block]) {
    const why = `write ${blockName(ctx, req.block)} back: it refused ${req.agent}'s ${kind} (RETRY)`;
    if (evict(ctx, owner, { op: 'evict', block: req.block, why }) !== 'writeback')
      modelError(ctx, `${owner.name} refused ${kind} but has nothing to write back`);
  }
  const wb = bus.queue.find(
    (r) => r.kind === 'writeback' && r.block === req.block && r.agent === owner.name,
  );
  if (!wb) modelError(ctx, `${owner.name} refused ${kind} with no write-back queued`);
  req.retryAfter = wb.seq;
  req.retries = (req.retries ?? 0) + 1;
  bus.queue.push(req);
}

/** The write-back request `seq` has ended or been cancelled: its refused requests may go again. */
export function releaseRetries<A extends string>(bus: NodeBus<A>, seq: number) {
  for (const r of bus.queue) if (r.retryAfter === seq) delete r.retryAfter;
}
