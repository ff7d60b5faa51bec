/**
 * An agent's coherent accesses, every state change a cell of the protocol's table (code-style
 * anchors P1; the same MSI/MESI/MOESI data the bus model and the protocol view use): a hit
 * completes at once, a miss or an upgrade queues a bus request, an eviction of a dirty line
 * queues a write-back (round2-spec §A.2 S1: agents with lines and write-back victims).
 */
import { cellOf, type Cell } from '../../memory/protocol';
import type { SnoopingAction, SnoopingEvent } from '../../memory/protocols/snooping-vocabulary';
import { lineOf, type Agent, type BlockData, type Line, type Op } from './agent';
import type { BusRequest } from './bus-state';
import { modelError, type AgentOf, type BusCtx, type ModelCtx } from './context';

/** The cell for `state` × `event`, which must be a transition: anything else is a model bug. */
export function transition<A extends string>(
  ctx: BusCtx<A>,
  state: string,
  event: SnoopingEvent,
): Cell<SnoopingAction> & { kind: 'transition' } {
  const cell = cellOf(ctx.kit.protocol, state, event);
  if (cell.kind !== 'transition')
    modelError(ctx, `${state} × ${event} is ${cell.kind}: ${cell.why}`);
  return cell;
}

const readable = <A extends string>(ctx: BusCtx<A>, state: string) =>
  ctx.kit.protocol.states[state]?.perm !== 'none';

/** The block's data as the agent sees it, or null when its copy is not readable. */
export function peek<A extends string>(
  ctx: BusCtx<A>,
  agent: Agent<A>,
  block: number,
): BlockData | null {
  const line = agent.lines[block];
  return line && readable(ctx, line.state) ? line.data : null;
}

/** A store's data lands in the line, with the block's next version (the data-value reference). */
export function writeData<A extends string>(
  ctx: BusCtx<A>,
  line: Line,
  block: number,
  data: BlockData,
) {
  const version = (ctx.node.latest[block]?.v ?? 0) + 1;
  line.data = { ...(line.data ?? ctx.node.home[block] ?? {}), ...data, v: version };
  ctx.node.latest[block] = { ...line.data };
}

export function request<A extends string>(
  ctx: BusCtx<A>,
  agent: A,
  kind: BusRequest['kind'],
  fields: {
    block?: number;
    reg?: string;
    value?: number;
    why: string;
    wholeBlock?: boolean;
    device?: BusRequest['device'];
  },
): BusRequest<A> {
  const req: BusRequest<A> = {
    seq: ctx.state.nextRequestSeq++,
    agent,
    kind,
    block: fields.block ?? -1,
    reg: fields.reg ?? '',
    value: fields.value ?? 0,
    issuedAt: ctx.state.cycle,
    why: fields.why,
    guaranteed: false,
    wholeBlock: fields.wholeBlock ?? false,
  };
  if (fields.device) req.device = fields.device;
  ctx.node.bus.queue.push(req);
  return req;
}

/** A coherent load or store: a hit completes now (true); a miss or upgrade queues a request. */
export function access<C extends ModelCtx<C>>(
  ctx: C,
  agent: Agent<AgentOf<C>>,
  op: Op & { op: 'load' | 'store' },
): boolean {
  const line = lineOf(agent, op.block);
  const from = line.state;
  const event = op.op === 'load' ? 'Load' : 'Store';
  const cell = transition(ctx, from, event);
  line.state = cell.next;
  const hit = cell.actions.includes('hit');
  ctx.log.access(ctx, agent.name, op, hit, from);
  if (from !== cell.next)
    ctx.log.coh(ctx, agent.name, op.block, from, cell.next, event, cell.actions, null);
  if (hit) {
    if (op.op === 'store') writeData(ctx, line, op.block, op.data);
    agent.result = line.data ? { ...line.data } : null;
    return true;
  }
  request(ctx, agent.name, 'coherent', {
    block: op.block,
    why: op.why,
    wholeBlock: op.op === 'store' && op.whole === true,
  });
  return false;
}

/** The agent drops a block from its cache; a dirty one goes out as a write-back. */
export function evict<C extends ModelCtx<C>>(
  ctx: C,
  agent: Agent<AgentOf<C>>,
  op: Op & { op: 'evict' },
): 'silent' | 'writeback' {
  const line = agent.lines[op.block];
  if (!line || line.state === 'I') return 'silent';
  const cell = transition(ctx, line.state, 'Replacement');
  ctx.log.coh(ctx, agent.name, op.block, line.state, cell.next, 'Replacement', cell.actions, null);
  if (cell.actions.includes('toWbBuffer')) {
    agent.victims[op.block] = { state: cell.next, data: line.data };
    delete agent.lines[op.block];
    request(ctx, agent.name, 'writeback', { block: op.block, why: op.why });
    return 'writeback';
  }
  delete agent.lines[op.block];
  return 'silent';
}
