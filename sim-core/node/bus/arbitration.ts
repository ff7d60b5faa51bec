/**
 * Who has the bus next (round2-spec §A.2 S1; seed 000 digest §B.0, §B.8): the oldest request,
 * except that a request the bridge NACKed is guaranteed the next grant, and a request an owner
 * refused (RETRY) sits out until the owner's write-back has ended. Behind an I/O bridge, when
 * both sides wait as the bus frees, both would start at once on their own buses: the bridge NACKs
 * the device side.
 */
import type { BusRequest } from './bus-state';
import { sideOf, type AgentOf, type ModelCtx } from './context';

/** Not waiting for an owner's write-back after a RETRY. */
export const ready = (r: BusRequest) => r.retryAfter === undefined;

/** Picks the request the bus serves next. */
export function arbitrate<C extends ModelCtx<C>>(ctx: C): BusRequest<AgentOf<C>> | null {
  const bus = ctx.node.bus;
  if (bus.queue.length === 0) return null;
  const guaranteed = bus.queue.find((r) => r.guaranteed && ready(r));
  if (guaranteed) return guaranteed;
  let first: BusRequest<AgentOf<C>> | null = null;
  for (const r of bus.queue) if (ready(r) && (!first || r.seq < first.seq)) first = r;
  if (first && ctx.kit.bridge) {
    const side = sideOf(ctx.kit, first.agent);
    const rival = bus.queue.find((r) => ready(r) && sideOf(ctx.kit, r.agent) !== side);
    if (rival) {
      // The NACKed side's retry is guaranteed (§B.8: the next I/O transaction succeeds).
      const nacked = side === 'device' ? first : rival;
      nacked.guaranteed = true;
      bus.nacks++;
      ctx.log.nack(ctx, nacked);
      return nacked === first ? rival : first;
    }
  }
  return first;
}
