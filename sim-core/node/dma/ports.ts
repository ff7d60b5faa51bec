/**
 * How a DMA engine moves a block (round2-spec §A.2 S2): through the bus-node kit as a device
 * without cache lines (DMARD / DMAWR, snooped by intervention or refused by RETRY, or not snooped
 * at all), or through a memory port of its own with Cranium's timing (the first word after a
 * latency, then a fixed occupancy per block; digest 001 §C, cranium-system's memoryFree).
 */
import type { BlockData } from '../bus/agent';
import type { BusRequest } from '../bus/bus-state';
import { request } from '../bus/coherence';
import type { AgentOf, ModelCtx } from '../bus/context';
import { extraBlockCycles, type DmaCosts, type DmaPort } from './dma-engine';

/**
 * How a coherent DMA read treats a block dirty in a cache [002 L43]: the cache supplies it
 * (intervention), or refuses with RETRY, writes it back and lets the DMA read memory (retry);
 * a non-coherent DMA is not snooped and reads memory as it is.
 */
export type DmaCoherence = 'intervention' | 'retry' | 'noncoherent';
export const DMA_COHERENCE_NAMES = ['intervention', 'retry', 'noncoherent'] as const;

/** The kit's `refuses` answer for an engine in `mode`: an owner refuses its coherent reads. */
export const dmaRefuses = (req: BusRequest, mode: DmaCoherence) =>
  mode === 'retry' && req.kind === 'device' && req.device?.txn === 'DMARD';

/** The engine is the kit agent `agent` (a device with no lines and no routine) on `ctx`'s bus. */
export function busPort<C extends ModelCtx<C>>(agent: AgentOf<C>, mode: DmaCoherence): DmaPort<C> {
  return {
    begin(ctx, engine, t, costs) {
      const dir = t.desc.dir;
      const block = t.desc.blocks[t.index]!;
      const why =
        `${engine.name} ${dir === 'read' ? 'reads' : 'writes'} ${t.desc.names[t.index]} ` +
        `for "${t.desc.label}" (${t.index + 1} of ${t.desc.blocks.length})`;
      const req = request(ctx, agent, 'device', {
        block,
        why,
        device: {
          txn: dir === 'read' ? 'DMARD' : 'DMAWR',
          coherent: mode !== 'noncoherent',
          data: dir === 'write' ? (t.desc.data[t.index] ?? null) : null,
          extraCycles: extraBlockCycles(costs),
        },
      });
      t.request = req.seq;
      const dev = ctx.node.agents[agent]!;
      dev.busy = {
        op: { op: 'device', txn: req.device!.txn, block, coherent: mode !== 'noncoherent', why },
        since: ctx.state.cycle,
        left: 0,
        request: req.seq,
        waitingFor: 'transaction',
      };
    },
    waitsOnBus: (ctx) => ctx.node.agents[agent]!.busy !== null,
    poll(ctx, _engine, t) {
      const dev = ctx.node.agents[agent]!;
      if (dev.busy) return null;
      const recent = ctx.node.bus.recent;
      let txn = null;
      for (let i = recent.length - 1; i >= 0 && !txn; i--) {
        const x = recent[i]!;
        if (x.request.seq === t.request && x.kind !== 'RETRY') txn = x;
      }
      return {
        data: dev.result && typeof dev.result === 'object' ? (dev.result as BlockData) : null,
        source: txn?.source ?? '—',
        retries: txn?.request.retries ?? 0,
      };
    },
  };
}

/** Cranium's memory-port timing: `firstWord` before the first block, `perBlock` each. */
export interface MemoryPortTiming {
  firstWord: number;
  perBlock: number;
}

/** Where a memory port reads and writes: the model's own memory. */
export interface MemoryAccess<C> {
  read(ctx: C, block: number): BlockData | null;
  write(ctx: C, block: number, data: BlockData): void;
  now(ctx: C): number;
}

export function memoryPort<C>(timing: MemoryPortTiming, memory: MemoryAccess<C>): DmaPort<C> {
  return {
    begin(ctx, _engine, t, costs: DmaCosts) {
      const first = t.index === 0 ? timing.firstWord : 0;
      t.busyUntil = memory.now(ctx) + first + Math.round(timing.perBlock / costs.rate);
    },
    poll(ctx, _engine, t) {
      if (memory.now(ctx) < t.busyUntil) return null;
      const block = t.desc.blocks[t.index]!;
      if (t.desc.dir === 'write') {
        memory.write(ctx, block, t.desc.data[t.index] ?? {});
        return { data: null, source: 'memory', retries: 0 };
      }
      return { data: memory.read(ctx, block), source: 'memory', retries: 0 };
    },
  };
}
