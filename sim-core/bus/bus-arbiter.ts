/**
 * A request's way to the bus (seed 000 §B.0): a cache queues it in its outbox, puts at most one a
 * cycle on its request wire (step 4; latency 1), and the arbiter grants the oldest request that
 * has arrived whenever the bus is free (step 2; one transaction at a time).
 */
import { canSend, send, tick } from '../kernel/channel';
import type { CacheState } from '../memory/cache';
import { emit, type BusCtx } from './bus-context';
import { grant } from './bus-grant';

/** Queues a request for the bus in the cache's outbox. */
export function request(
  ctx: BusCtx,
  cache: CacheState,
  block: number,
  writeback: boolean,
  purpose: 'miss' | 'upgrade' | 'writeback',
): void {
  const s = ctx.state;
  s.outboxes[cache.id]!.push({
    cache: cache.id,
    block,
    seq: s.bus.nextRequestSeq++,
    issuedAt: s.cycle,
    writeback,
  });
  emit(ctx, { kind: 'bus.request', cache: cache.id, block, purpose });
}

/** Step 2: every wire ticks (cache 0 first); while the bus is free, the oldest request wins it. */
export function arbitrate(ctx: BusCtx): void {
  const s = ctx.state;
  for (const wire of s.bus.wires) {
    const arrived = tick(wire);
    if (arrived) s.bus.queue.push(arrived);
  }
  s.bus.queue.sort((a, b) => a.seq - b.seq);
  while (!s.bus.current && s.bus.queue.length > 0) grant(ctx, s.bus.queue.shift()!);
}

/** Step 4: each cache puts its oldest queued request on its wire, if the wire is free. */
export function driveWires(ctx: BusCtx): void {
  const s = ctx.state;
  for (let id = 0; id < s.outboxes.length; id++) {
    const outbox = s.outboxes[id]!;
    const wire = s.bus.wires[id]!;
    if (outbox.length > 0 && canSend(wire)) send(wire, outbox.shift()!);
  }
}
