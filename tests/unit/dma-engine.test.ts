/**
 * The DMA engine (sim-core/node/dma/, round2-spec §A.2 S2) on a machine of its own: a processor
 * CPU whose cache holds a block dirty, and the engine's bus master DMA on one MESI bus. Each test
 * posts one descriptor and steps the bus and the engine until it is done, then reads the events.
 */
import { describe, expect, it } from 'vitest';
import { protocols } from '../../sim-core/memory/protocols';
import { newAgent, type Op } from '../../sim-core/node/bus/agent';
import { complete, grant } from '../../sim-core/node/bus/bus';
import { newNodeBus } from '../../sim-core/node/bus/bus-state';
import type { BusCtx } from '../../sim-core/node/bus/context';
import { call, runAgent } from '../../sim-core/node/bus/interpreter';
import type { PhaseEventBody } from '../../sim-core/ledger/phase-events';
import {
  collectDma,
  dmaIdle,
  newDmaEngine,
  postDma,
  stepDma,
  type DmaCosts,
  type DmaPort,
} from '../../sim-core/node/dma/dma-engine';
import type { DmaEventBody } from '../../sim-core/node/dma/dma-events';
import { dmaView } from '../../sim-core/node/dma/dma-view';
import { busPort, dmaRefuses, memoryPort, type DmaCoherence } from '../../sim-core/node/dma/ports';

type Name = 'CPU' | 'DMA';
interface Ctx extends BusCtx<Name, Ctx> {
  mode: DmaCoherence;
}

const COSTS: DmaCosts = {
  init: 30,
  intr: 50,
  rate: 1,
  rateScalesSetup: false,
  blockData: 80,
  source: { init: 'init source', intr: 'intr source', exec: 'exec source' },
};

function machine(mode: DmaCoherence): Ctx {
  const agents = { CPU: newAgent<Name>('CPU'), DMA: newAgent<Name>('DMA') };
  call(agents.CPU, 'cpu');
  const writeBoth: Op[] = [0, 1].map((block) => ({
    op: 'store',
    block,
    data: { word: 7 },
    why: 'dirty it',
  }));
  return {
    mode,
    kit: {
      model: 'DMA test machine',
      protocol: protocols.MESI,
      costs: {
        transfer: {
          memory: { cpu: 160, device: 160 },
          cpu: { cpu: 140, device: 140 },
          device: { cpu: 140, device: 140 },
        },
        addressOnly: 20,
        writeBack: 100,
        uncachedLoad: 20,
        uncachedStore: 20,
        retry: 20,
      },
      geometry: { blockBytes: 128, wordBytes: 8 },
      agents: [
        { name: 'CPU', side: 'cpu', snarfs: false },
        { name: 'DMA', side: 'device', snarfs: false },
      ],
      registers: 'DMA',
      blocks: [
        { name: 'a', home: 'memory' },
        { name: 'b', home: 'memory' },
      ],
      bridge: false,
      storeBuffer: 1,
      writeBackBuffer: false,
    },
    state: { cycle: 0, nextTxnId: 0, nextRequestSeq: 0 },
    node: {
      id: 0,
      agents,
      home: { 0: { word: 0 }, 1: { word: 0 } },
      latest: {},
      bus: newNodeBus(['RD']),
    },
    hooks: {
      readRegister: () => 0,
      writeRegister: () => {},
      onGrant: () => {},
      refuses: (ctx, req) => dmaRefuses(req, ctx.mode),
    },
    log: { access: () => {}, coh: () => {}, txn: () => {}, nack: () => {}, work: () => {} },
    routines: { cpu: (_ctx, f) => (f.pc < writeBoth.length ? writeBoth[f.pc++]! : { ret: null }) },
  };
}

/** Dirties both blocks, then moves them with one descriptor; the events and the transfer. */
function transfer(
  mode: DmaCoherence,
  costs = COSTS,
  port?: DmaPort<Ctx>,
  dir: 'read' | 'write' = 'read',
) {
  const ctx = machine(mode);
  const engine = newDmaEngine('DMA', 0);
  const events: (DmaEventBody | PhaseEventBody)[] = [];
  const emit = (e: DmaEventBody | PhaseEventBody) => events.push(e);
  const through = port ?? busPort<Ctx>('DMA', mode);
  let id = -1;
  let finished = null;
  while (!finished) {
    if (++ctx.state.cycle > 5000) throw new Error('the transfer did not finish');
    complete(ctx);
    grant(ctx);
    if (ctx.node.agents.CPU!.halted && id < 0)
      id = postDma(engine, ctx.state.cycle, emit, {
        label: 'two blocks',
        dir,
        blocks: [0, 1],
        names: ['a', 'b'],
        data: dir === 'write' ? [{ word: 9 }, { word: 9 }] : [],
        message: 3,
        part: 'Data Transfer',
      });
    stepDma(ctx, engine, through, costs, ctx.state.cycle, emit);
    runAgent(ctx, ctx.node.agents.CPU!);
    if (id >= 0) finished = collectDma(engine, id);
  }
  return { ctx, engine, events, finished, postedAt: finished.postedAt };
}

const kinds = (events: readonly (DmaEventBody | PhaseEventBody)[]) =>
  events.map((e) => (e.kind === 'dma.phase' ? `${e.kind}:${e.phase}:${e.edge}` : e.kind));

describe('the DMA engine', () => {
  it('runs Init, then Exec block by block, then Intr, and says so', () => {
    const { events } = transfer('intervention');
    expect(kinds(events.filter((e) => e.kind !== 'phase'))).toEqual([
      'dma.post',
      'dma.phase:init:start',
      'dma.phase:init:end',
      'dma.phase:exec:start',
      'dma.block',
      'dma.block',
      'dma.phase:exec:end',
      'dma.phase:intr:start',
      'dma.phase:intr:end',
      'dma.done',
    ]);
  });

  it('by intervention: the cache supplies each dirty block, no RETRY', () => {
    const { events, finished, ctx } = transfer('intervention');
    const blocks = events.filter(
      (e): e is Extract<DmaEventBody, { kind: 'dma.block' }> => e.kind === 'dma.block',
    );
    expect(blocks.map((b) => [b.source, b.retries, b.cycles])).toEqual([
      ['CPU', 0, 141],
      ['CPU', 0, 141],
    ]);
    expect(finished.read).toMatchObject([{ word: 7 }, { word: 7 }]);
    expect(ctx.node.bus.counts.DMARD).toBe(2);
  });

  it('by retry: each dirty block is refused, written back and read again from memory', () => {
    const { events, finished, ctx } = transfer('retry');
    const blocks = events.filter(
      (e): e is Extract<DmaEventBody, { kind: 'dma.block' }> => e.kind === 'dma.block',
    );
    expect(blocks.map((b) => [b.source, b.retries])).toEqual([
      ['memory', 1],
      ['memory', 1],
    ]);
    expect(finished.retries).toBe(2);
    expect(ctx.node.bus.counts).toMatchObject({ RETRY: 2, WB: 2, DMARD: 2 });
    expect(finished.read).toMatchObject([{ word: 7 }, { word: 7 }]);
  });

  it('not coherent: memory’s stale copy, nobody snooped', () => {
    const { finished } = transfer('noncoherent');
    expect(finished.read).toMatchObject([{ word: 0 }, { word: 0 }]);
  });

  it('a derated engine stretches each block’s data phase, and Init and Intr only when told', () => {
    const full = transfer('intervention');
    const half = transfer('intervention', { ...COSTS, rate: 0.5 });
    const whole = transfer('intervention', { ...COSTS, rate: 0.5, rateScalesSetup: true });
    const took = (r: typeof full) => r.finished.at - r.postedAt;
    expect(took(half) - took(full)).toBe(2 * 80);
    expect(took(whole) - took(half)).toBe(30 + 50);
  });

  it('writes: coherent DMA writes take the cached copies away and become memory’s', () => {
    const { ctx } = transfer('intervention', COSTS, undefined, 'write');
    expect(ctx.node.home[0]).toMatchObject({ word: 9 });
    expect(ctx.node.agents.CPU!.lines[0]?.state ?? 'I').toBe('I');
  });

  it('through a memory port: the first word’s latency, then a fixed time per block', () => {
    const memory: Record<number, { word: number }> = { 0: { word: 4 }, 1: { word: 5 } };
    const port = memoryPort<Ctx>(
      { firstWord: 10, perBlock: 80 },
      { read: (_c, b) => memory[b] ?? null, write: () => {}, now: (c) => c.state.cycle },
    );
    const { events, finished } = transfer('noncoherent', COSTS, port);
    const blocks = events.filter(
      (e): e is Extract<DmaEventBody, { kind: 'dma.block' }> => e.kind === 'dma.block',
    );
    expect(blocks.map((b) => b.cycles)).toEqual([90, 80]);
    expect(finished.read).toEqual([{ word: 4 }, { word: 5 }]);
  });

  it('gives the ledger its Init, Exec and Intr slices, each with its source', () => {
    const { events } = transfer('intervention');
    const slices = events.filter((e): e is PhaseEventBody => e.kind === 'phase');
    expect(
      slices.map((s) => [s.phase.split(' (')[0], s.category, s.source, s.end - s.start]),
    ).toEqual([
      ['DMA Init', 'ni-sw', 'init source', 30],
      ['DMA Exec', 'ni-hw', 'exec source', 282],
      ['DMA Intr', 'ni-sw', 'intr source', 50],
    ]);
    expect(new Set(slices.map((s) => s.message))).toEqual(new Set([3]));
  });

  it('its card shows the phase, the progress and the queue; idle once done', () => {
    const ctx = machine('intervention');
    const engine = newDmaEngine('DMA', 0);
    postDma(engine, 0, () => {}, {
      label: 'x',
      dir: 'read',
      blocks: [0],
      names: ['a'],
      data: [],
      message: -1,
      part: null,
    });
    postDma(engine, 0, () => {}, {
      label: 'y',
      dir: 'read',
      blocks: [1],
      names: ['b'],
      data: [],
      message: -1,
      part: null,
    });
    stepDma(ctx, engine, busPort<Ctx>('DMA', 'intervention'), COSTS, 1, () => {});
    const card = dmaView(engine, 5);
    expect(card).toMatchObject({
      state: 'init',
      current: { label: 'x', moved: 0, of: 1, left: 26 },
      queued: [{ label: 'y' }],
    });
    expect(dmaIdle(engine)).toBe(false);
    expect(dmaIdle(newDmaEngine('DMA', 0))).toBe(true);
  });
});
