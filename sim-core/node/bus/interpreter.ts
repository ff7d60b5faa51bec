/**
 * The routine interpreter (round2-spec §A.2 S1; docs/architecture.md, coherent-NI model): each
 * agent runs routines — a messaging layer, a device's loop, the procedures of an NI kind — kept as
 * plain-data frames (routine name, program counter, locals), so a snapshot is a copy and step back
 * is replay. A routine answers with one operation to perform, a call, a return, or null to go
 * straight on; an agent performs at most one operation per cycle and resumes when it completes.
 */
import type { Agent, Locals, Op } from './agent';
import { access, evict, request } from './coherence';
import { modelError, type AgentOf, type BusCtx, type ModelCtx } from './context';

const MAX_STEPS_PER_CYCLE = 200;

export function call<A extends string>(agent: Agent<A>, routine: string, locals: Locals = {}) {
  agent.stack.push({ routine, pc: 0, locals });
}

/** Step 3 of a cycle for one agent. */
export function runAgent<C extends ModelCtx<C>>(ctx: C, agent: Agent<AgentOf<C>>): void {
  if (agent.halted) return;
  const busy = agent.busy;
  if (busy) {
    if (busy.waitingFor === 'transaction') return;
    if (busy.waitingFor === 'compute') {
      if (--busy.left <= 0) agent.busy = null;
      return;
    }
    // Waiting on the store buffer: a membar until it drains, or a store until there is room.
    if (busy.op.op === 'membar') {
      if (agent.pendingStores === 0) agent.busy = null;
      return;
    }
    if (agent.pendingStores >= ctx.kit.storeBuffer) return;
    agent.busy = null;
    issueStore(ctx, agent, busy.op as Op & { op: 'ucStore' });
    return;
  }
  for (let n = 0; n < MAX_STEPS_PER_CYCLE; n++) {
    const frame = agent.stack[agent.stack.length - 1];
    if (!frame) {
      agent.halted = true;
      return;
    }
    const routine = ctx.routines[frame.routine] ?? modelError(ctx, `no routine ${frame.routine}`);
    const step = routine(ctx, frame, agent);
    if (step === null) continue;
    if ('call' in step) {
      agent.stack.push({ routine: step.call, pc: 0, locals: step.locals });
      continue;
    }
    if ('ret' in step) {
      agent.stack.pop();
      agent.result = step.ret;
      continue;
    }
    execute(ctx, agent, step);
    return;
  }
  modelError(ctx, `${agent.name} ran ${MAX_STEPS_PER_CYCLE} steps without an operation`);
}

function issueStore<A extends string>(ctx: BusCtx<A>, agent: Agent<A>, op: Op & { op: 'ucStore' }) {
  agent.pendingStores++;
  request(ctx, agent.name, 'ucStore', { reg: op.reg, value: op.value, why: op.why });
}

/** Wait for the request just queued (the newest sequence number). */
const waitForBus = <A extends string>(ctx: BusCtx<A>, op: Op): NonNullable<Agent['busy']> => ({
  op,
  since: ctx.state.cycle,
  left: 0,
  request: ctx.state.nextRequestSeq - 1,
  waitingFor: 'transaction',
});

function execute<C extends ModelCtx<C>>(ctx: C, agent: Agent<AgentOf<C>>, op: Op): void {
  const now = ctx.state.cycle;
  switch (op.op) {
    case 'load':
    case 'store':
      if (!access(ctx, agent, op)) agent.busy = waitForBus(ctx, op);
      return;
    case 'ucLoad': {
      request(ctx, agent.name, 'ucLoad', { reg: op.reg, why: op.why });
      agent.busy = waitForBus(ctx, op);
      return;
    }
    case 'ucStore':
      if (agent.pendingStores >= ctx.kit.storeBuffer)
        agent.busy = { op, since: now, left: 0, request: -1, waitingFor: 'stores' };
      else issueStore(ctx, agent, op);
      return;
    case 'membar':
      if (agent.pendingStores > 0)
        agent.busy = { op, since: now, left: 0, request: -1, waitingFor: 'stores' };
      return;
    case 'compute':
      ctx.log.work(ctx, agent, op);
      if (op.cycles > 1)
        agent.busy = { op, since: now, left: op.cycles - 1, request: -1, waitingFor: 'compute' };
      return;
    case 'evict':
      if (evict(ctx, agent, op) === 'writeback' && !ctx.kit.writeBackBuffer)
        agent.busy = waitForBus(ctx, op);
      return;
    case 'device':
      request(ctx, agent.name, 'device', {
        block: op.block,
        why: op.why,
        device: {
          txn: op.txn,
          coherent: op.coherent,
          data: op.data ?? null,
          extraCycles: op.extraCycles ?? 0,
        },
      });
      agent.busy = waitForBus(ctx, op);
      return;
    case 'idle':
      return;
  }
}
