/**
 * A message reaches its handler, and its handler ends: the round2-spec §A.3 end point (the handler
 * entered with the payload readable), with the invariants checked as it happens — FIFO order per
 * pair of virtual processors [004 L562], each message delivered once [004 L550], and a handler only
 * for a message whose GID is its process's [004 L797].
 */
import { appOf, msgOf, nodeOf, procOf, type FuguCtx } from './fugu-context';
import { pairKey, type FuguMessage } from './fugu-state';

type How = NonNullable<FuguMessage['path']>;

function violation(ctx: FuguCtx, rule: 'delivery' | 'conservation' | 'protocol', detail: string) {
  ctx.events.push({ kind: 'invariant.violation', rule, block: -1, detail });
}

/** The handler of message `id` starts now (at the next cycle's first instruction) in process `pid`. */
export function deliver(ctx: FuguCtx, id: number, pid: number, how: How): void {
  const m = msgOf(ctx, id);
  const p = procOf(ctx, pid);
  const node = nodeOf(ctx, p.node);
  if (ctx.cfg.checkInvariants) {
    if (m.deliveredAt >= 0)
      violation(
        ctx,
        'conservation',
        `message ${id} reached a handler twice (cycles ${m.deliveredAt} and ${ctx.state.cycle + 1})`,
      );
    if (m.gid !== p.gid || (how === 'fast upcall' && node.ni.currentGid !== m.gid))
      violation(
        ctx,
        'protocol',
        `message ${id} of GID ${m.gid} reached a handler of process ${pid} (GID ${p.gid})`,
      );
    const key = pairKey(m);
    const last = ctx.state.pairHandled[key] ?? -1;
    if (m.seq !== last + 1)
      violation(
        ctx,
        'delivery',
        `message ${id} (number ${m.seq} from vp ${m.srcVp} to vp ${m.dstVp}) overtook number ${last + 1}`,
      );
  }
  ctx.state.pairHandled[pairKey(m)] = m.seq;
  ctx.state.tally.delivered += 1;
  m.deliveredAt = ctx.state.cycle + 1;
  m.path = how;
  p.stats[how === 'fast upcall' ? 'upcall' : how === 'cross-domain' ? 'crossDomain' : how] += 1;
  ctx.events.push({ kind: 'fugu.handler', node: p.node, pid, msg: id, what: 'start', how });
}

/**
 * A handler rolled back before its dispose (dual-stub rollback, [004 L1273]): as far as the
 * message is concerned it never started; it will reach a handler again from the buffer.
 */
export function undeliver(ctx: FuguCtx, id: number, pid: number): void {
  const m = msgOf(ctx, id);
  const p = procOf(ctx, pid);
  if (m.deliveredAt < 0) return;
  const how = m.path ?? 'fast upcall';
  if (how === 'fast upcall') p.stats.upcall -= 1;
  if (how === 'cross-domain') p.stats.crossDomain -= 1;
  ctx.state.tally.delivered -= 1;
  m.deliveredAt = -1;
  m.path = null;
  m.overhead = 0;
  ctx.state.pairHandled[pairKey(m)] = m.seq - 1;
  ctx.events.push({
    kind: 'fugu.handler',
    node: p.node,
    pid,
    msg: id,
    what: 'rollback',
    how,
  });
}

/** The handler of message `id` has finished: its process counts it (a `wait` consumes the count). */
export function handled(ctx: FuguCtx, id: number, pid: number): void {
  const m = msgOf(ctx, id);
  const p = procOf(ctx, pid);
  m.handledAt = ctx.state.cycle + 1;
  p.arrived += 1;
  p.stats.received += 1;
  ctx.state.tally.handled += 1;
  ctx.events.push({
    kind: 'fugu.handler',
    node: p.node,
    pid,
    msg: id,
    what: 'end',
    how: m.path ?? 'fast upcall',
  });
}

const OVERHEAD_KIND = {
  'fast upcall': 'direct',
  poll: 'poll',
  buffered: 'buffered',
  'cross-domain': 'crossDomain',
} as const;

/**
 * When the routine that received a handled message ends (its stub's clean-up included), the
 * message's numbers join the run's tally and the message leaves the state.
 */
export function retire(ctx: FuguCtx, id: number): void {
  const m = ctx.state.messages[id];
  if (!m || m.handledAt < 0) return;
  const t = ctx.state.tally;
  const path = m.path ?? 'fast upcall';
  t.byPath[path] += 1;
  const kind = path === 'buffered' && m.woke ? 'isolated' : OVERHEAD_KIND[path];
  t.overhead[kind][0] += m.overhead;
  t.overhead[kind][1] += 1;
  t.latency[0] += m.deliveredAt - m.describedAt;
  t.latency[1] += 1;
  const app = t.apps[m.gid]!;
  app.messages += 1;
  if (path === 'buffered') app.buffered += 1;
  delete ctx.state.messages[m.id];
}

/** The handler spec a message names. */
export const handlerOf = (ctx: FuguCtx, id: number) => {
  const m = msgOf(ctx, id);
  return appOf(ctx, m.gid).handlers[m.handler]!;
};
