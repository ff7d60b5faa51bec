/**
 * The data path beside the PP [003 L9, L77]: memory reads and writes (pipelined: a new address
 * every 16 cycles, the first word of a read after 14, the last after 29) and interventions on the
 * processor cache (not pipelined: the state after 23, the first word after 28, the last after 43,
 * and the port busy until then). A handler starts an access and may wait for one of its times.
 */
import { costSource, emit, slice, type FlashCtx } from './flash-context';
import type { Access, FlashNode } from './flash-state';

export function readAccess(ctx: FlashCtx, node: FlashNode, line: number, message: number): Access {
  const c = ctx.cfg.costs;
  const issue = Math.max(ctx.now, node.memFreeAt);
  node.memFreeAt = issue + c.memIssueGap;
  const a: Access = {
    kind: 'read',
    line,
    issuedAt: issue,
    stateAt: issue,
    firstAt: issue + c.memFirstWord,
    doneAt: issue + c.memLastWord,
  };
  emit(ctx, {
    kind: 'flash.mem',
    node: node.id,
    op: 'read',
    line,
    issue,
    first: a.firstAt,
    last: a.doneAt,
  });
  slice(ctx, {
    message,
    node: node.id,
    actor: 'memory',
    phase: 'read a line',
    category: 'memory',
    start: issue,
    end: a.doneAt,
    source: costSource('memLastWord'),
  });
  return a;
}

export function writeAccess(ctx: FlashCtx, node: FlashNode, line: number, message: number): Access {
  const c = ctx.cfg.costs;
  const issue = Math.max(ctx.now, node.memFreeAt);
  node.memFreeAt = issue + c.memIssueGap;
  const a: Access = {
    kind: 'write',
    line,
    issuedAt: issue,
    stateAt: issue,
    firstAt: issue,
    doneAt: issue + c.memWrite,
  };
  emit(ctx, {
    kind: 'flash.mem',
    node: node.id,
    op: 'write',
    line,
    issue,
    first: issue,
    last: a.doneAt,
  });
  slice(ctx, {
    message,
    node: node.id,
    actor: 'memory',
    phase: 'write a line',
    category: 'memory',
    start: issue,
    end: a.doneAt,
    source: costSource('memWrite'),
  });
  return a;
}

/** An intervention: `from` → `to` are the processor cache's MESI states. */
export function cacheAccess(
  ctx: FlashCtx,
  node: FlashNode,
  line: number,
  states: { from: string; to: string },
  message: number,
): Access {
  const c = ctx.cfg.costs;
  const issue = Math.max(ctx.now, node.cacheFreeAt);
  node.cacheFreeAt = issue + c.cacheLastWord + c.cacheTurnaround;
  const a: Access = {
    kind: 'get',
    line,
    issuedAt: issue,
    stateAt: issue + c.cacheState,
    firstAt: issue + c.cacheFirstWord,
    doneAt: issue + c.cacheLastWord,
  };
  emit(ctx, {
    kind: 'flash.cache',
    node: node.id,
    op: 'get',
    line,
    ...states,
    state: a.stateAt,
    first: a.firstAt,
    last: a.doneAt,
  });
  slice(ctx, {
    message,
    node: node.id,
    actor: 'cache port',
    phase: 'intervention',
    category: 'memory',
    start: issue,
    end: a.doneAt,
    source: costSource('cacheLastWord'),
  });
  return a;
}
