/**
 * The per-node machinery every NI shares: coherent accesses driven by the protocol's table (the
 * same MOESI/MESI/MSI data the bus model and the protocol view use), one atomic bus per node with
 * Table 2 occupancies, the I/O bridge's rules (§B.8), snarfing (§B.0 item 6), and the small
 * interpreter that runs each agent's routines one operation at a time.
 */
import { cellOf, type Cell, type ProtocolAction, type ProtocolEvent } from '../../memory/protocol';
import type { CniModelEvent } from './cni-events';
import type { CniConfig } from './cni-config';
import {
  AGENT_NAMES,
  type Agent,
  type AgentName,
  type BlockData,
  type CniBusRequest,
  type CniNode,
  type CniState,
  type CniTxn,
  type CniTxnKind,
  type Line,
  type Op,
  type RoutineFrame,
  type Value,
  type Locals,
} from './cni-state';
import type { Layout } from './layout';
import type { MessageNetwork } from '../../net/message-network';

/** What an NI mechanism adds to the shared machinery: its registers and its reactions. */
export interface DeviceHooks {
  readRegister(ctx: Ctx, reg: string): number;
  writeRegister(ctx: Ctx, reg: string, value: number): void;
  /** Called for every granted coherent transaction, after the snoops (virtual polling, pops). */
  onGrant(ctx: Ctx, txn: CniTxn): void;
}

export interface Ctx {
  cfg: CniConfig;
  layout: Layout;
  state: CniState;
  node: CniNode;
  events: CniModelEvent[];
  hooks: DeviceHooks;
  routines: Readonly<Record<string, Routine>>;
  /** The network between the NIs, chosen by `network.kind`; its state is `state.net`. */
  network: MessageNetwork;
}

/** A routine's answer: an operation to perform, a call, a return, or null to go straight on. */
export type Step = Op | { call: string; locals: Locals } | { ret: Value } | null;
export type Routine = (ctx: Ctx, frame: RoutineFrame, agent: Agent) => Step;

export const blockName = (ctx: Ctx, block: number) => ctx.layout.blocks[block]?.name ?? `#${block}`;

function modelError(ctx: Ctx, what: string): never {
  throw new Error(`coherent-NI model, node ${ctx.node.id}, cycle ${ctx.state.cycle}: ${what}`);
}

function transition(ctx: Ctx, state: string, event: ProtocolEvent): Cell & { kind: 'transition' } {
  const cell = cellOf(ctx.cfg.protocol, state, event);
  if (cell.kind !== 'transition')
    modelError(ctx, `${state} × ${event} is ${cell.kind}: ${cell.why}`);
  return cell;
}

export function lineOf(agent: Agent, block: number): Line {
  let line = agent.lines[block];
  if (!line) {
    line = { state: 'I', data: null };
    agent.lines[block] = line;
  }
  return line;
}

const readable = (ctx: Ctx, state: string) => ctx.cfg.protocol.states[state]?.perm !== 'none';

/** The block's data as the agent sees it, or null when its copy is not readable. */
export function peek(ctx: Ctx, agent: Agent, block: number): BlockData | null {
  const line = agent.lines[block];
  return line && readable(ctx, line.state) ? line.data : null;
}

function emitCoh(
  ctx: Ctx,
  agent: AgentName,
  block: number,
  from: string,
  to: string,
  event: ProtocolEvent | 'Snarf',
  actions: readonly ProtocolAction[],
  txn: number | null,
) {
  ctx.events.push({
    kind: 'cni.coh',
    node: ctx.node.id,
    agent,
    target: blockName(ctx, block),
    from,
    to,
    event,
    actions,
    txn,
  });
}

function writeData(ctx: Ctx, line: Line, block: number, data: BlockData) {
  const version = (ctx.node.latest[block]?.v ?? 0) + 1;
  line.data = { ...(line.data ?? ctx.node.home[block] ?? {}), ...data, v: version };
  ctx.node.latest[block] = { ...line.data };
}

function request(
  ctx: Ctx,
  agent: AgentName,
  kind: CniBusRequest['kind'],
  fields: { block?: number; reg?: string; value?: number; why: string; wholeBlock?: boolean },
): CniBusRequest {
  const req: CniBusRequest = {
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
  ctx.node.bus.queue.push(req);
  return req;
}

/** A coherent load or store: a hit completes now; a miss or upgrade queues a bus request. */
function access(ctx: Ctx, agent: Agent, op: Op & { op: 'load' | 'store' }): boolean {
  const line = lineOf(agent, op.block);
  const from = line.state;
  const cell = transition(ctx, from, op.op === 'load' ? 'Load' : 'Store');
  line.state = cell.next;
  const hit = cell.actions.includes('hit');
  ctx.events.push({
    kind: 'cni.access',
    node: ctx.node.id,
    agent: agent.name,
    op: op.op,
    target: blockName(ctx, op.block),
    hit,
    state: from,
    why: op.why,
  });
  if (from !== cell.next)
    emitCoh(
      ctx,
      agent.name,
      op.block,
      from,
      cell.next,
      op.op === 'load' ? 'Load' : 'Store',
      cell.actions,
      null,
    );
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

/** The device drops a block from its cache; a dirty one goes out as a write-back. */
function evict(ctx: Ctx, agent: Agent, op: Op & { op: 'evict' }): 'silent' | 'writeback' {
  const line = agent.lines[op.block];
  if (!line || line.state === 'I') return 'silent';
  const cell = transition(ctx, line.state, 'Replacement');
  emitCoh(ctx, agent.name, op.block, line.state, cell.next, 'Replacement', cell.actions, null);
  if (cell.actions.includes('toWbBuffer')) {
    agent.victims[op.block] = { state: cell.next, data: line.data };
    delete agent.lines[op.block];
    request(ctx, agent.name, 'writeback', { block: op.block, why: op.why });
    return 'writeback';
  }
  delete agent.lines[op.block];
  return 'silent';
}

const sideOf = (agent: AgentName) => (agent === 'NI' ? 'device' : 'cpu');

function transferCost(ctx: Ctx, requester: AgentName, source: string): number {
  const c = ctx.cfg.costs;
  if (source === 'memory') return c.memoryToCache;
  if (requester === 'NI') return c.processorToDevice;
  if (source === 'NI' || source === 'device') return c.deviceToProcessor;
  return c.memoryToCache; // processor to processor on the memory bus
}

const SNOOP_EVENT: Partial<Record<CniTxnKind, ProtocolEvent>> = {
  RD: 'OtherRd',
  RDX: 'OtherRdX',
  // The others give up their copies exactly as for an RDX; an owner still hands its block over.
  ITOM: 'OtherRdX',
  INV: 'OtherInv',
};

/** An invalidation, or an ITOM no owner answered with data: only the address crosses the bus. */
const addressOnly = (kind: CniTxnKind, data: BlockData | null) =>
  kind === 'INV' || (kind === 'ITOM' && !data);

const KIND_OF_TRANSIENT: Record<string, CniTxnKind> = {
  IS_AD: 'RD',
  IM_AD: 'RDX',
  SM_A: 'INV',
  OM_A: 'INV',
};

/** Picks the request the bus serves next, applying the bridge's NACK rule on the I/O bus. */
function arbitrate(ctx: Ctx): CniBusRequest | null {
  const bus = ctx.node.bus;
  if (bus.queue.length === 0) return null;
  const guaranteed = bus.queue.find((r) => r.guaranteed);
  if (guaranteed) return guaranteed;
  const first = bus.queue.reduce((a, b) => (b.seq < a.seq ? b : a));
  if (bus.kind === 'io') {
    // Both sides start a transaction at the same moment: the I/O side is NACKed (§B.8).
    // Both sides are waiting when the bus frees, so both would start at once on their own
    // buses: the bridge NACKs the I/O side, whose retry is then guaranteed.
    const rival = bus.queue.find((r) => sideOf(r.agent) !== sideOf(first.agent));
    if (rival) {
      const nacked = sideOf(first.agent) === 'device' ? first : rival;
      nacked.guaranteed = true;
      bus.nacks++;
      ctx.events.push({
        kind: 'cni.nack',
        node: ctx.node.id,
        agent: nacked.agent,
        target:
          nacked.kind === 'ucLoad' || nacked.kind === 'ucStore'
            ? nacked.reg
            : blockName(ctx, nacked.block),
      });
      return nacked === first ? rival : first;
    }
  }
  return first;
}

/** Step 2 of a cycle: grant the bus. The bus is atomic: every snoop happens now. */
export function grant(ctx: Ctx): void {
  const bus = ctx.node.bus;
  if (bus.current) return;
  const req = arbitrate(ctx);
  if (!req) return;
  bus.queue.splice(bus.queue.indexOf(req), 1);
  const agent = ctx.node.agents[req.agent]!;
  const c = ctx.cfg.costs;
  const id = ctx.state.nextTxnId++;
  let kind: CniTxnKind;
  let source = '—';
  let cycles: number;
  let target = req.reg;
  let carried: { data: BlockData | null; shared: boolean } = { data: null, shared: false };
  if (req.kind === 'ucLoad' || req.kind === 'ucStore') {
    kind = req.kind === 'ucLoad' ? 'UCR8' : 'UCW8';
    cycles = kind === 'UCR8' ? c.uncachedLoad : c.uncachedStore;
    source = kind === 'UCR8' ? 'NI' : '—';
  } else if (req.kind === 'writeback') {
    kind = 'WB';
    cycles = c.writeBack;
    target = blockName(ctx, req.block);
    const victim = agent.victims[req.block]!;
    const cell = transition(ctx, victim.state, 'Grant');
    emitCoh(ctx, agent.name, req.block, victim.state, cell.next, 'Grant', cell.actions, id);
    delete agent.victims[req.block];
    ctx.node.home[req.block] = { ...victim.data };
    source = agent.name;
    snarf(ctx, req.block, id);
  } else {
    const line = lineOf(agent, req.block);
    kind = KIND_OF_TRANSIENT[line.state] ?? modelError(ctx, `no request kind for ${line.state}`);
    if (kind === 'RDX' && req.wholeBlock) kind = 'ITOM';
    target = blockName(ctx, req.block);
    const granted = transition(ctx, line.state, 'Grant');
    emitCoh(ctx, agent.name, req.block, line.state, granted.next, 'Grant', granted.actions, id);
    line.state = granted.next;
    let data: BlockData | null = null;
    let shared = false;
    const event = SNOOP_EVENT[kind]!;
    for (const name of AGENT_NAMES) {
      const other = ctx.node.agents[name];
      if (!other || name === agent.name) continue;
      for (const [copy, isVictim] of [
        [other.lines[req.block], false],
        [other.victims[req.block], true],
      ] as const) {
        if (!copy || copy.state === 'I') continue;
        const cell = transition(ctx, copy.state, event);
        emitCoh(ctx, name, req.block, copy.state, cell.next, event, cell.actions, id);
        if (cell.actions.includes('supplyData')) {
          data = copy.data;
          source = name;
        }
        if (cell.actions.includes('assertShared')) shared = true;
        if (cell.actions.includes('flushToMemory')) ctx.node.home[req.block] = { ...copy.data };
        copy.state = cell.next;
        if (isVictim && (cell.actions.includes('cancelWriteback') || cell.next === 'I')) {
          delete other.victims[req.block];
          const wb = ctx.node.bus.queue.findIndex(
            (r) => r.kind === 'writeback' && r.block === req.block && r.agent === name,
          );
          if (wb >= 0) ctx.node.bus.queue.splice(wb, 1);
        }
      }
    }
    if (addressOnly(kind, data)) {
      // Nobody reads memory for a block the requester will overwrite whole.
      cycles = c.invalidate;
    } else {
      if (!data) {
        data = ctx.node.home[req.block] ?? {};
        source = ctx.layout.blocks[req.block]?.home === 'memory' ? 'memory' : 'device';
      }
      cycles = transferCost(ctx, agent.name, source);
    }
    carried = { data: data ? { ...data } : null, shared };
  }
  const posted =
    bus.kind === 'io' && agent.name === 'NI' && (addressOnly(kind, carried.data) || kind === 'WB');
  const txn: CniTxn = {
    id,
    kind,
    agent: agent.name,
    block: req.block,
    target,
    source,
    grantedAt: ctx.state.cycle,
    endsAt: ctx.state.cycle + cycles,
    why: req.why,
    posted,
    request: req,
    ...carried,
  };
  bus.current = txn;
  bus.counts[kind]++;
  bus.busyCycles += cycles;
  bus.recent.push(txn);
  if (bus.recent.length > 32) bus.recent.shift();
  ctx.events.push({
    kind: 'cni.txn',
    node: ctx.node.id,
    txn: id,
    txnKind: kind,
    agent: agent.name,
    target,
    source,
    cycles,
    posted,
    why: req.why,
  });
  if (kind === 'RD' || kind === 'RDX' || kind === 'ITOM' || kind === 'INV')
    ctx.hooks.onGrant(ctx, txn);
  if (posted) finish(ctx, txn);
}

/** A processor cache that kept the tag in I grabs a written-back block as it passes (§B.6.4). */
function snarf(ctx: Ctx, block: number, txn: number) {
  if (!ctx.cfg.snarfing) return;
  for (const name of AGENT_NAMES) {
    const agent = ctx.node.agents[name];
    const line = agent?.lines[block];
    if (!agent || name === 'NI' || !line || line.state !== 'I') continue;
    const to = ctx.cfg.protocol.states.S ? 'S' : line.state;
    emitCoh(ctx, name, block, 'I', to, 'Snarf', ['fill'], txn);
    line.state = to;
    line.data = { ...ctx.node.home[block] };
  }
}

function release(ctx: Ctx, agent: Agent, req: CniBusRequest) {
  const busy = agent.busy;
  if (busy && busy.waitingFor === 'bus' && busy.request === req.seq) agent.busy = null;
}

/** Step 1 of a cycle: the transaction whose occupancy ends now delivers its data. */
export function complete(ctx: Ctx): void {
  const bus = ctx.node.bus;
  const txn = bus.current;
  if (!txn || txn.endsAt > ctx.state.cycle) return;
  bus.current = null;
  if (!txn.posted) finish(ctx, txn);
}

/**
 * The requester's side of a transaction: its line fills or upgrades, its waiting access
 * performs, and it resumes. A posted transaction finishes when the bridge takes it (at grant).
 */
function finish(ctx: Ctx, txn: CniTxn): void {
  const agent = ctx.node.agents[txn.agent]!;
  const req = txn.request;
  if (txn.kind === 'UCR8') {
    agent.result = ctx.hooks.readRegister(ctx, req.reg);
  } else if (txn.kind === 'UCW8') {
    agent.pendingStores--;
    ctx.hooks.writeRegister(ctx, req.reg, req.value);
  } else if (txn.kind !== 'WB') {
    const line = lineOf(agent, txn.block);
    const event: ProtocolEvent = addressOnly(txn.kind, txn.data)
      ? 'Done'
      : txn.shared
        ? 'DataShared'
        : 'DataExcl';
    const cell = transition(ctx, line.state, event);
    emitCoh(ctx, agent.name, txn.block, line.state, cell.next, event, cell.actions, txn.id);
    line.state = cell.next;
    if (cell.actions.includes('fill')) line.data = txn.data ? { ...txn.data } : null;
    const op = agent.busy?.op;
    if (cell.actions.includes('performStore') && op?.op === 'store')
      writeData(ctx, line, txn.block, op.data);
    agent.result = line.data ? { ...line.data } : null;
  }
  release(ctx, agent, req);
}

// ---------------------------------------------------------------------------------------------
// The interpreter: one operation per agent per cycle; routines resume when their op completes.

const MAX_STEPS_PER_CYCLE = 200;

export function call(agent: Agent, routine: string, locals: Locals = {}) {
  agent.stack.push({ routine, pc: 0, locals });
}

/** Step 3 of a cycle for one agent. */
export function runAgent(ctx: Ctx, agent: Agent): void {
  if (agent.halted) return;
  const busy = agent.busy;
  if (busy) {
    if (busy.waitingFor === 'bus') return;
    if (busy.waitingFor === 'compute') {
      if (--busy.left <= 0) agent.busy = null;
      return;
    }
    // Waiting on the store buffer: a membar until it drains, or a store until there is room.
    if (busy.op.op === 'membar') {
      if (agent.pendingStores === 0) agent.busy = null;
      return;
    }
    if (agent.pendingStores >= ctx.cfg.storeBuffer) return;
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

function issueStore(ctx: Ctx, agent: Agent, op: Op & { op: 'ucStore' }) {
  agent.pendingStores++;
  request(ctx, agent.name, 'ucStore', { reg: op.reg, value: op.value, why: op.why });
}

/** Wait for the request just queued (the newest sequence number). */
const waitForBus = (ctx: Ctx, op: Op): NonNullable<Agent['busy']> => ({
  op,
  since: ctx.state.cycle,
  left: 0,
  request: ctx.state.nextRequestSeq - 1,
  waitingFor: 'bus',
});

function execute(ctx: Ctx, agent: Agent, op: Op): void {
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
      if (agent.pendingStores >= ctx.cfg.storeBuffer)
        agent.busy = { op, since: now, left: 0, request: -1, waitingFor: 'stores' };
      else issueStore(ctx, agent, op);
      return;
    case 'membar':
      if (agent.pendingStores > 0)
        agent.busy = { op, since: now, left: 0, request: -1, waitingFor: 'stores' };
      return;
    case 'compute':
      ctx.events.push({
        kind: 'cni.work',
        node: ctx.node.id,
        agent: agent.name,
        cycles: op.cycles,
        why: op.why,
      });
      if (op.cycles > 1)
        agent.busy = { op, since: now, left: op.cycles - 1, request: -1, waitingFor: 'compute' };
      return;
    case 'evict':
      if (evict(ctx, agent, op) === 'writeback' && !ctx.cfg.writeBackBuffer)
        agent.busy = waitForBus(ctx, op);
      return;
    case 'idle':
      return;
  }
}
