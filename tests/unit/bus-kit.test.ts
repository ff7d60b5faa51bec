/**
 * The bus-node kit (sim-core/node/bus/, round2-spec §A.2 S1) on a machine of its own: a processor
 * CPU and a device DEV on one MESI bus over one memory-homed block, with a cost table whose every
 * entry differs, so each test can tell who supplied whom. RETRY and SHARED have no user yet (EDT
 * will be the first), so they are checked here: a refusing owner writes back before the requester
 * is served from memory, and a device's shared assertion keeps a reader out of E.
 */
import { describe, expect, it } from 'vitest';
import { protocols } from '../../sim-core/memory/protocols';
import { newAgent, type Op } from '../../sim-core/node/bus/agent';
import { complete, grant } from '../../sim-core/node/bus/bus';
import { newNodeBus, type BusRequest, type Txn } from '../../sim-core/node/bus/bus-state';
import type { BusCtx, BusNodeConfig } from '../../sim-core/node/bus/context';
import type { BusCostTable } from '../../sim-core/node/bus/costs';
import type { DeviceHooks } from '../../sim-core/node/bus/hooks';
import { call, runAgent } from '../../sim-core/node/bus/interpreter';
import type { Routine } from '../../sim-core/node/bus/routine';

type Name = 'CPU' | 'DEV';

interface TestCtx extends BusCtx<Name, TestCtx> {
  /** Every transaction granted, and every line change as `agent: from × event → to`. */
  txns: Txn<Name>[];
  changes: string[];
}

const COSTS: BusCostTable = {
  transfer: {
    memory: { cpu: 10, device: 11 },
    cpu: { cpu: 14, device: 12 },
    device: { cpu: 13, device: 15 },
  },
  addressOnly: 2,
  writeBack: 6,
  uncachedLoad: 3,
  uncachedStore: 4,
  retry: 1,
};

const machine = (costs: BusCostTable, writeBackBuffer: boolean): BusNodeConfig<Name> => ({
  model: 'test machine',
  protocol: protocols.MESI,
  costs,
  geometry: { blockBytes: 128, wordBytes: 8 },
  agents: [
    { name: 'CPU', side: 'cpu', snarfs: false },
    { name: 'DEV', side: 'device', snarfs: false },
  ],
  registers: 'DEV',
  blocks: [{ name: 'b', home: 'memory' }],
  bridge: false,
  storeBuffer: 1,
  writeBackBuffer,
});

/** A routine that performs `ops` in order, then returns. */
const script =
  (ops: Op[]): Routine<TestCtx, Name> =>
  (_ctx, frame) =>
    frame.pc < ops.length ? ops[frame.pc++]! : { ret: null };

const store: Op = { op: 'store', block: 0, data: { word: 7 }, why: 'write the block' };
const load: Op = { op: 'load', block: 0, why: 'read the block' };
const wait = (cycles: number): Op => ({ op: 'compute', cycles, why: 'let the other go first' });

/** Runs CPU's and DEV's scripts to the end and returns the context. */
function run(
  cpu: Op[],
  dev: Op[],
  hooks: Partial<DeviceHooks<TestCtx, Name>> = {},
  costs = COSTS,
  writeBackBuffer = true,
): TestCtx {
  const kit = machine(costs, writeBackBuffer);
  const agents = { CPU: newAgent<Name>('CPU'), DEV: newAgent<Name>('DEV') };
  call(agents.CPU, 'cpu');
  call(agents.DEV, 'dev');
  const ctx: TestCtx = {
    kit,
    state: { cycle: 0, nextTxnId: 0, nextRequestSeq: 0 },
    node: { id: 0, agents, home: { 0: { word: 0 } }, latest: {}, bus: newNodeBus(['RD']) },
    hooks: { readRegister: () => 0, writeRegister: () => {}, onGrant: () => {}, ...hooks },
    log: {
      access: () => {},
      coh: (c, agent, _block, from, to, event) =>
        c.changes.push(`${agent}: ${from} × ${event} → ${to}`),
      txn: (c, txn) => c.txns.push(txn),
      nack: () => {},
      work: () => {},
    },
    routines: { cpu: script(cpu), dev: script(dev) },
    txns: [],
    changes: [],
  };
  const busy = () => ctx.node.bus.current || ctx.node.bus.queue.length > 0;
  while (!(agents.CPU.halted && agents.DEV.halted && !busy())) {
    if (++ctx.state.cycle > 500) throw new Error('the test machine did not finish');
    complete(ctx);
    grant(ctx);
    runAgent(ctx, agents.CPU);
    runAgent(ctx, agents.DEV);
  }
  return ctx;
}

const summary = (ctx: TestCtx) =>
  ctx.txns.map((t) => `${t.kind} ${t.agent}←${t.source} ${t.endsAt - t.grantedAt}`);
const stateOf = (ctx: TestCtx, agent: Name) => ctx.node.agents[agent]!.lines[0]?.state ?? 'I';

describe('the bus-node kit on a test machine', () => {
  it('serves a device read of a dirty block by intervention, at the cost table’s cpu → device', () => {
    const ctx = run([store], [wait(20), load]);
    expect(summary(ctx)).toEqual(['RDX CPU←memory 10', 'RD DEV←CPU 12']);
    expect(stateOf(ctx, 'CPU')).toBe('S');
    expect(stateOf(ctx, 'DEV')).toBe('S');
    expect(ctx.node.agents.DEV!.lines[0]!.data).toMatchObject({ word: 7 });
  });

  it('counts each transaction kind, the kinds the model lists starting at 0', () => {
    const ctx = run([store], [wait(20), load]);
    expect(ctx.node.bus.counts).toEqual({ RD: 1, RDX: 1 });
    expect(ctx.node.bus.busyCycles).toBe(22);
  });
});

describe('RETRY: an owner refuses, writes back, and the requester is served afterwards', () => {
  const refuseTheDevice = {
    refuses: (_ctx: TestCtx, req: BusRequest<Name>) => req.agent === 'DEV',
  };

  it('answers RETRY, then the owner’s write-back, then the read from memory', () => {
    const ctx = run([store], [wait(20), load], refuseTheDevice);
    expect(summary(ctx)).toEqual([
      'RDX CPU←memory 10',
      'RETRY DEV←CPU 1',
      'WB CPU←CPU 6',
      'RD DEV←memory 11',
    ]);
    expect(ctx.changes).toEqual([
      'CPU: I × Store → IM_AD',
      'CPU: IM_AD × Grant → IM_D',
      'CPU: IM_D × DataExcl → M',
      'DEV: I × Load → IS_AD',
      // The refused request is not granted: DEV's line keeps waiting; the owner leaves.
      'CPU: M × Replacement → MI_A',
      'CPU: MI_A × Grant → I',
      'DEV: IS_AD × Grant → IS_D',
      'DEV: IS_D × DataExcl → E',
    ]);
    expect(ctx.node.agents.DEV!.lines[0]!.data).toMatchObject({ word: 7 });
  });

  it('grants the retried request only once the write-back has ended', () => {
    const ctx = run([store], [wait(20), load], refuseTheDevice);
    const [, retry, wb, rd] = ctx.txns;
    expect(wb!.grantedAt).toBe(retry!.endsAt);
    expect(rd!.grantedAt).toBe(wb!.endsAt);
    expect(rd!.request).toBe(retry!.request);
  });

  it('asks only owners: a clean copy is never refused', () => {
    let asked = 0;
    const ctx = run([load], [wait(20), load], {
      refuses: () => {
        asked++;
        return true;
      },
    });
    expect(asked).toBe(0);
    expect(summary(ctx)).toEqual(['RD CPU←memory 10', 'RD DEV←memory 11']);
  });

  it('needs a RETRY cost in the table', () => {
    const { retry: _omitted, ...noRetry } = COSTS;
    expect(() => run([store], [wait(20), load], refuseTheDevice, noRetry)).toThrow(
      /refused, but the costs give no retry/,
    );
  });
});

describe('a write-back cancelled by a snoop', () => {
  // Without a write-back buffer the evictor waits for its write-back. DEV's read is queued
  // before it, behind DEV's own register store, so it is granted while the victim waits in
  // MI_A: under MESI the read takes the data and flushes it to memory, cancelling the write-back.
  const evict: Op = { op: 'evict', block: 0, why: 'make room' };
  const ucStore: Op = { op: 'ucStore', reg: 'r', value: 1, why: 'occupy the bus' };

  it('ends the evictor’s wait: the victim has left with the reader', () => {
    const ctx = run([store, evict], [wait(2), ucStore, load], {}, COSTS, false);
    expect(ctx.changes).toContain('CPU: MI_A × OtherRd → I');
    expect(summary(ctx)).toEqual(['RDX CPU←memory 10', 'UCW8 DEV←— 4', 'RD DEV←CPU 12']);
    expect(ctx.node.agents.CPU!.halted).toBe(true);
    expect(ctx.node.home[0]).toMatchObject({ word: 7 });
  });
});

describe('SHARED: a device asserts the shared line for a block it watches', () => {
  it('without it, a lone reader fills in E and a later store upgrades silently', () => {
    const ctx = run([load, store], []);
    expect(ctx.changes).toContain('CPU: IS_D × DataExcl → E');
    expect(summary(ctx)).toEqual(['RD CPU←memory 10']);
  });

  it('with it, the reader fills in S, so its store must invalidate on the bus', () => {
    const watched: number[] = [];
    const ctx = run([load, store], [], {
      assertShared: (_ctx, block) => {
        watched.push(block);
        return true;
      },
    });
    expect(ctx.changes).toContain('CPU: IS_D × DataShared → S');
    expect(summary(ctx)).toEqual(['RD CPU←memory 10', 'INV CPU←— 2']);
    expect(stateOf(ctx, 'CPU')).toBe('M');
    // Asked at the read only: an invalidation's requester ends in M whatever the line says.
    expect(watched).toEqual([0]);
  });
});

describe('a device without cache lines: its reads, invalidations and writes are snooped', () => {
  const device = (txn: 'RD' | 'INV' | 'WB' | 'DMARD' | 'DMAWR', coherent = true): Op => ({
    op: 'device',
    txn,
    block: 0,
    coherent,
    data: { word: 9 },
    why: `a device ${txn}`,
  });

  it('a coherent device read of a dirty block is supplied by the cache (intervention), M→S', () => {
    const ctx = run([store], [wait(20), device('DMARD')]);
    expect(summary(ctx)).toEqual(['RDX CPU←memory 10', 'DMARD DEV←CPU 12']);
    expect(stateOf(ctx, 'CPU')).toBe('S');
    expect(ctx.txns.at(-1)!.data).toMatchObject({ word: 7 });
    // The device keeps no line: its copy is its own business.
    expect(ctx.node.agents.DEV!.lines[0]).toBeUndefined();
  });

  it('a non-coherent read is not snooped: it gets memory’s stale copy', () => {
    const ctx = run([store], [wait(20), device('DMARD', false)]);
    expect(summary(ctx)).toEqual(['RDX CPU←memory 10', 'DMARD DEV←memory 11']);
    expect(stateOf(ctx, 'CPU')).toBe('M');
    expect(ctx.txns.at(-1)!.data).toMatchObject({ word: 0 });
  });

  it('an owner may refuse a device read with RETRY: write-back, then memory supplies', () => {
    const ctx = run([store], [wait(20), device('DMARD')], {
      refuses: (_ctx, req) => req.kind === 'device',
    });
    expect(summary(ctx)).toEqual([
      'RDX CPU←memory 10',
      'RETRY DEV←CPU 1',
      'WB CPU←CPU 6',
      'DMARD DEV←memory 11',
    ]);
    expect(ctx.txns[3]!.request.retries).toBe(1);
    expect(ctx.txns[3]!.data).toMatchObject({ word: 7 });
  });

  it('a device write takes every cached copy away and becomes the home copy and latest version', () => {
    const ctx = run([load], [wait(20), device('WB')]);
    expect(summary(ctx)).toEqual(['RD CPU←memory 10', 'WB DEV←DEV 6']);
    expect(ctx.changes).toContain('CPU: E × OtherRdX → I');
    expect(ctx.node.home[0]).toMatchObject({ word: 9, v: 1 });
    expect(ctx.node.latest[0]).toMatchObject({ word: 9, v: 1 });
  });

  it('a non-coherent write leaves a cached copy stale', () => {
    const ctx = run([load], [wait(20), device('DMAWR', false)]);
    expect(stateOf(ctx, 'CPU')).toBe('E');
    expect(ctx.node.home[0]).toMatchObject({ word: 9 });
    expect(ctx.node.agents.CPU!.lines[0]!.data).toMatchObject({ word: 0 });
  });

  it('a device invalidation costs the address only', () => {
    const ctx = run([load], [wait(20), device('INV')]);
    expect(summary(ctx)).toEqual(['RD CPU←memory 10', 'INV DEV←— 2']);
    expect(stateOf(ctx, 'CPU')).toBe('I');
  });

  it('a device that owns the block supplies a read no cache answers, and hears its own ends', () => {
    const ended: string[] = [];
    const ctx = run([load], [], {
      supplies: (_ctx, req) => (req.agent === 'CPU' ? { data: { word: 5 }, by: 'DEV' } : null),
    });
    expect(summary(ctx)).toEqual(['RD CPU←DEV 13']);
    expect(ctx.node.agents.CPU!.lines[0]!.data).toMatchObject({ word: 5 });
    const done = run([], [device('RD')], {
      onDone: (_c, txn) => ended.push(`${txn.kind} ${txn.agent}`),
    });
    expect(summary(done)).toEqual(['RD DEV←memory 11']);
    expect(ended).toEqual(['RD DEV']);
  });
});
