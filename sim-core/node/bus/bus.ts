/**
 * One atomic snooping bus per node (round2-spec §A.2 S1; seed 000 digest §B.0, §B.8). The request
 * arbitration picks (arbitration.ts) is granted, and every snoop happens at the grant, in the
 * agents' snoop order; the transaction holds the bus for the cycles the cost table gives, and its
 * requester's line fills when it ends. Responses: data from an owner's cache or from the block's
 * home; a device's SHARED assertion; an owner's RETRY (retry.ts); behind an I/O bridge, posted
 * writes. With snarfing, a passing write-back fires Snarf on the lines kept in I. A device that
 * keeps its copies itself (a DMA engine, EDT's NI buffer) reads, invalidates and writes blocks
 * without a line (DeviceTxnKind): the caches snoop it, an owner may refuse its read with RETRY,
 * and the device may itself supply a block it owns (`supplies`).
 */
import type { SnoopingEvent } from '../../memory/protocols/snooping-vocabulary';
import { lineOf, type Agent, type BlockData, type DeviceTxnKind } from './agent';
import { arbitrate } from './arbitration';
import { RECENT_TXNS, type BusRequest, type BusTxnKind, type Txn } from './bus-state';
import { transition, writeData } from './coherence';
import { blockName, modelError, sideOf, type AgentOf, type ModelCtx } from './context';
import type { Supplier } from './costs';
import { refuse, refuser, releaseRetries } from './retry';

const SNOOP_EVENT: Partial<Record<BusTxnKind, SnoopingEvent>> = {
  RD: 'OtherRd',
  RDX: 'OtherRdX',
  // The others give up their copies exactly as for an RDX; an owner still hands its block over.
  ITOM: 'OtherRdX',
  INV: 'OtherInv',
};

/**
 * How the caches snoop a device's transaction: a read as a read; an invalidation and a block write
 * as a write that takes every copy away (the device overwrites the whole block, so even an owner's
 * or an exclusive holder's copy goes, as for ITOM).
 */
const DEVICE_SNOOP_EVENT: Readonly<Record<DeviceTxnKind, SnoopingEvent>> = {
  RD: 'OtherRd',
  DMARD: 'OtherRd',
  INV: 'OtherRdX',
  WB: 'OtherRdX',
  DMAWR: 'OtherRdX',
};

/** Kinds that ask for a block's data (a cache or a device may supply it). */
const READS: ReadonlySet<BusTxnKind> = new Set(['RD', 'RDX', 'ITOM', 'DMARD']);

/** An invalidation, or an ITOM no owner answered with data: only the address crosses the bus. */
const addressOnly = (kind: BusTxnKind, data: BlockData | null) =>
  kind === 'INV' || (kind === 'ITOM' && !data);

/** The request a line's transient state stands for. */
const KIND_OF_TRANSIENT: Record<string, BusTxnKind> = {
  IS_AD: 'RD',
  IM_AD: 'RDX',
  SM_A: 'INV',
  OM_A: 'INV',
};

/** What the snoops of a granted coherent request answered. */
interface Answer {
  data: BlockData | null;
  /** Who supplied the data: an agent's name, or the block's home ('memory', 'device'). */
  source: string;
  supplier: Supplier;
  shared: boolean;
}

/**
 * Every other agent's copy of the block fires the snoop event (a line, then its victim in the
 * write-back buffer); an owner may supply the block, a sharer assert shared, a buffered
 * write-back be cancelled. Then the device may assert shared too (SHARED, for a read).
 */
function snoop<C extends ModelCtx<C>>(
  ctx: C,
  req: BusRequest<AgentOf<C>>,
  event: SnoopingEvent,
  kind: BusTxnKind,
  txn: number,
): Answer {
  const bus = ctx.node.bus;
  const answer: Answer = { data: null, source: '—', supplier: 'memory', shared: false };
  for (const spec of ctx.kit.agents) {
    const name = spec.name;
    const other = ctx.node.agents[name];
    if (!other || name === req.agent) continue;
    for (const [copy, isVictim] of [
      [other.lines[req.block], false],
      [other.victims[req.block], true],
    ] as const) {
      if (!copy || copy.state === 'I') continue;
      const cell = transition(ctx, copy.state, event);
      ctx.log.coh(ctx, name, req.block, copy.state, cell.next, event, cell.actions, txn);
      if (cell.actions.includes('supplyData')) {
        answer.data = copy.data;
        answer.source = name;
        answer.supplier = spec.side;
      }
      if (cell.actions.includes('assertShared')) answer.shared = true;
      if (cell.actions.includes('flushToMemory')) ctx.node.home[req.block] = { ...copy.data };
      copy.state = cell.next;
      if (isVictim && (cell.actions.includes('cancelWriteback') || cell.next === 'I')) {
        delete other.victims[req.block];
        const wb = bus.queue.findIndex(
          (r) => r.kind === 'writeback' && r.block === req.block && r.agent === name,
        );
        if (wb >= 0) {
          const cancelled = bus.queue.splice(wb, 1)[0]!;
          releaseRetries(bus, cancelled.seq);
          // The victim has left with the new owner: an evictor waiting for its write-back is done.
          release(other, cancelled);
        }
      }
    }
  }
  if (!answer.data && READS.has(kind) && ctx.hooks.supplies) {
    const supplied = ctx.hooks.supplies(ctx, req, kind);
    if (supplied) {
      answer.data = supplied.data;
      answer.source = supplied.by;
      answer.supplier = 'device';
    }
  }
  if (kind === 'RD' && req.kind === 'coherent' && ctx.hooks.assertShared?.(ctx, req.block))
    answer.shared = true;
  return answer;
}

/** Step 2 of a cycle: grant the bus. The bus is atomic: every snoop happens now. */
export function grant<C extends ModelCtx<C>>(ctx: C): void {
  const bus = ctx.node.bus;
  if (bus.current) return;
  const req = arbitrate(ctx);
  if (!req) return;
  bus.queue.splice(bus.queue.indexOf(req), 1);
  const agent = ctx.node.agents[req.agent]!;
  const c = ctx.kit.costs;
  const id = ctx.state.nextTxnId++;
  let kind: BusTxnKind;
  let source: string;
  let cycles: number;
  let target = req.reg;
  let carried: { data: BlockData | null; shared: boolean } = { data: null, shared: false };
  if (req.kind === 'ucLoad' || req.kind === 'ucStore') {
    kind = req.kind === 'ucLoad' ? 'UCR8' : 'UCW8';
    cycles = kind === 'UCR8' ? c.uncachedLoad : c.uncachedStore;
    source = kind === 'UCR8' ? ctx.kit.registers : '—';
  } else if (req.kind === 'writeback') {
    kind = 'WB';
    cycles = c.writeBack;
    target = blockName(ctx, req.block);
    const victim = agent.victims[req.block]!;
    const cell = transition(ctx, victim.state, 'Grant');
    ctx.log.coh(ctx, agent.name, req.block, victim.state, cell.next, 'Grant', cell.actions, id);
    delete agent.victims[req.block];
    ctx.node.home[req.block] = { ...victim.data };
    source = agent.name;
    snarf(ctx, req.block, id);
  } else if (req.kind === 'device') {
    ({ kind, source, cycles, carried } = grantDevice(ctx, req, agent, id));
    target = blockName(ctx, req.block);
  } else {
    const line = lineOf(agent, req.block);
    kind = KIND_OF_TRANSIENT[line.state] ?? modelError(ctx, `no request kind for ${line.state}`);
    if (kind === 'RDX' && req.wholeBlock) kind = 'ITOM';
    target = blockName(ctx, req.block);
    const owner = refuser(ctx, req);
    if (owner) {
      refuse(ctx, req, owner, kind);
      kind = 'RETRY';
      source = owner.name;
      cycles = c.retry ?? modelError(ctx, `${owner.name} refused, but the costs give no retry`);
    } else {
      const granted = transition(ctx, line.state, 'Grant');
      ctx.log.coh(
        ctx,
        agent.name,
        req.block,
        line.state,
        granted.next,
        'Grant',
        granted.actions,
        id,
      );
      line.state = granted.next;
      const answer = snoop(ctx, req, SNOOP_EVENT[kind]!, kind, id);
      let { data, supplier } = answer;
      source = answer.source;
      if (addressOnly(kind, data)) {
        // Nobody reads memory for a block the requester will overwrite whole.
        cycles = c.addressOnly;
      } else {
        if (!data) {
          data = ctx.node.home[req.block] ?? {};
          supplier = ctx.kit.blocks[req.block]?.home === 'memory' ? 'memory' : 'device';
          source = supplier;
        }
        cycles = c.transfer[supplier][sideOf(ctx.kit, agent.name)];
      }
      carried = { data: data ? { ...data } : null, shared: answer.shared };
    }
  }
  const posted =
    ctx.kit.bridge &&
    sideOf(ctx.kit, agent.name) === 'device' &&
    (addressOnly(kind, carried.data) || kind === 'WB');
  const txn: Txn<AgentOf<C>> = {
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
  bus.counts[kind] = (bus.counts[kind] ?? 0) + 1;
  bus.busyCycles += cycles;
  bus.recent.push(txn);
  if (bus.recent.length > RECENT_TXNS) bus.recent.shift();
  ctx.log.txn(ctx, txn, cycles);
  const deviceTxn = req.kind === 'device' && kind !== 'RETRY';
  if (kind === 'RD' || kind === 'RDX' || kind === 'ITOM' || kind === 'INV' || deviceTxn)
    ctx.hooks.onGrant(ctx, txn);
  if (posted) finish(ctx, txn);
}

/**
 * A device's transaction without a line: an owner may refuse a coherent read (RETRY); otherwise
 * the caches snoop it (unless it is not coherent) and a read takes the data from an owner, the
 * device's `supplies` hook or the home; a write becomes the block's home copy and newest version.
 */
function grantDevice<C extends ModelCtx<C>>(
  ctx: C,
  req: BusRequest<AgentOf<C>>,
  agent: Agent<AgentOf<C>>,
  id: number,
): {
  kind: BusTxnKind;
  source: string;
  cycles: number;
  carried: { data: BlockData | null; shared: boolean };
} {
  const c = ctx.kit.costs;
  const device = req.device ?? modelError(ctx, `${agent.name}'s device request has no transaction`);
  const kind = device.txn;
  const reads = kind === 'RD' || kind === 'DMARD';
  const owner = device.coherent && reads ? refuser(ctx, req) : null;
  if (owner) {
    refuse(ctx, req, owner, kind);
    const cycles = c.retry ?? modelError(ctx, `${owner.name} refused, but the costs give no retry`);
    return { kind: 'RETRY', source: owner.name, cycles, carried: { data: null, shared: false } };
  }
  const answer: Answer = device.coherent
    ? snoop(ctx, req, DEVICE_SNOOP_EVENT[kind], kind, id)
    : { data: null, source: '—', supplier: 'memory', shared: false };
  const none = { data: null, shared: false };
  if (kind === 'INV') return { kind, source: '—', cycles: c.addressOnly, carried: none };
  if (reads) {
    let { data, supplier, source } = answer;
    if (!data) {
      data = ctx.node.home[req.block] ?? {};
      supplier = ctx.kit.blocks[req.block]?.home === 'memory' ? 'memory' : 'device';
      source = supplier;
    }
    const cycles = c.transfer[supplier][sideOf(ctx.kit, agent.name)] + device.extraCycles;
    return { kind, source, cycles, carried: { data: { ...data }, shared: false } };
  }
  const version = (ctx.node.latest[req.block]?.v ?? 0) + 1;
  const written = { ...(device.data ?? {}), v: version };
  ctx.node.home[req.block] = { ...written };
  ctx.node.latest[req.block] = { ...written };
  const cycles = c.writeBack + device.extraCycles;
  return { kind, source: agent.name, cycles, carried: { data: written, shared: false } };
}

/** A cache that kept the tag in I takes a written-back block as it passes (seed 000 §B.6.4). */
function snarf<C extends ModelCtx<C>>(ctx: C, block: number, txn: number) {
  for (const spec of ctx.kit.agents) {
    if (!spec.snarfs) continue;
    const line = ctx.node.agents[spec.name]?.lines[block];
    if (!line || line.state !== 'I') continue;
    const cell = transition(ctx, line.state, 'Snarf');
    ctx.log.coh(ctx, spec.name, block, line.state, cell.next, 'Snarf', cell.actions, txn);
    line.state = cell.next;
    if (cell.actions.includes('fill')) line.data = { ...ctx.node.home[block] };
  }
}

function release<A extends string>(agent: Agent<A>, req: BusRequest<A>) {
  const busy = agent.busy;
  if (busy && busy.waitingFor === 'transaction' && busy.request === req.seq) agent.busy = null;
}

/**
 * Step 1 of a cycle: the transaction whose occupancy ends now delivers its data. A write-back's
 * end lets the requests its owner refused go back to arbitration; a RETRY's end delivers nothing.
 */
export function complete<C extends ModelCtx<C>>(ctx: C): void {
  const bus = ctx.node.bus;
  const txn = bus.current;
  if (!txn || txn.endsAt > ctx.state.cycle) return;
  bus.current = null;
  if (txn.kind === 'WB') releaseRetries(bus, txn.request.seq);
  if (!txn.posted && txn.kind !== 'RETRY') finish(ctx, txn);
}

/**
 * The requester's side of a transaction: its line fills or upgrades, its waiting access
 * performs, and it resumes. A posted transaction finishes when the bridge takes it (at grant).
 */
function finish<C extends ModelCtx<C>>(ctx: C, txn: Txn<AgentOf<C>>): void {
  const agent = ctx.node.agents[txn.agent]!;
  const req = txn.request;
  if (req.kind === 'device') {
    agent.result = txn.data ? { ...txn.data } : null;
    ctx.hooks.onDone?.(ctx, txn);
  } else if (txn.kind === 'UCR8') {
    agent.result = ctx.hooks.readRegister(ctx, req.reg);
  } else if (txn.kind === 'UCW8') {
    agent.pendingStores--;
    ctx.hooks.writeRegister(ctx, req.reg, req.value);
  } else if (txn.kind !== 'WB') {
    const line = lineOf(agent, txn.block);
    const event: SnoopingEvent = addressOnly(txn.kind, txn.data)
      ? 'Done'
      : txn.shared
        ? 'DataShared'
        : 'DataExcl';
    const cell = transition(ctx, line.state, event);
    ctx.log.coh(ctx, agent.name, txn.block, line.state, cell.next, event, cell.actions, txn.id);
    line.state = cell.next;
    if (cell.actions.includes('fill')) line.data = txn.data ? { ...txn.data } : null;
    const op = agent.busy?.op;
    if (cell.actions.includes('performStore') && op?.op === 'store')
      writeData(ctx, line, txn.block, op.data);
    agent.result = line.data ? { ...line.data } : null;
  }
  release(agent, req);
}
