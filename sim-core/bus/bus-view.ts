/**
 * The bus model's view, projected from the state: the Frame (bus-frame.ts) a view draws one cycle
 * from, with every word that differs from the most recent store to it marked stale, and the run's
 * statistics.
 */
import { clonePlain } from '../kernel/clone';
import { expected, type BusCtx } from './bus-context';
import type { BusFrame, BusSystemStats } from './bus-frame';
import type { BusSystemState } from './bus-state';

export function busStats(s: BusSystemState): BusSystemStats {
  return {
    cycles: s.cycle,
    bus: {
      ...s.busStats,
      transactions: { ...s.busStats.transactions },
      utilisation: s.cycle === 0 ? 0 : s.busStats.busyCycles / s.cycle,
    },
    caches: s.caches.map((c) => ({ id: c.id, ...c.stats })),
    processors: s.procs.map((p) => ({
      id: p.id,
      retired: p.retired,
      stallCycles: p.stallCycles,
      done: p.done,
    })),
  };
}

export function busFrame(ctx: BusCtx): BusFrame {
  const s = ctx.state;
  const g = ctx.cfg.geometry;
  const staleWords = (block: number, words: readonly number[]) =>
    words.map((v, w) => block >= 0 && v !== expected(ctx, block * g.blockBytes + w * g.wordBytes));
  const touched = Object.keys(s.memory)
    .map(Number)
    .sort((a, b) => a - b);
  return {
    model: 'bus',
    cycle: s.cycle,
    halted: s.halted,
    processors: s.procs.map((p) => ({
      id: p.id,
      pc: p.pc,
      status: p.done
        ? 'done'
        : p.waiting
          ? 'waiting'
          : p.spinning
            ? 'spinning'
            : p.computeLeft > 0
              ? 'computing'
              : 'running',
      computeLeft: p.computeLeft,
      waiting: p.waiting
        ? { op: p.waiting.op, addr: p.waiting.addr, since: p.waiting.since }
        : null,
      loopCounters: [...p.loopCounters],
    })),
    caches: s.caches.map((c) => ({
      id: c.id,
      lines: c.sets.flatMap((set, si) =>
        set.map((line, way) => ({
          set: si,
          way,
          block: line.block,
          state: line.state,
          words: [...line.words],
          stale: staleWords(line.block, line.words),
          lastUse: line.lastUse,
        })),
      ),
      wbBuffer: c.wbBuffer.map((e) => ({
        block: e.block,
        state: e.state,
        words: [...e.words],
        stale: staleWords(e.block, e.words),
      })),
    })),
    bus: {
      current: s.bus.current ? clonePlain(s.bus.current) : null,
      queue: s.bus.queue.map((r) => ({ ...r })),
      onWires: s.bus.wires.flatMap((w) => (w.slots[0] ? [{ ...w.slots[0] }] : [])),
      outboxes: s.outboxes.map((o) => o.map((r) => ({ ...r }))),
      recent: clonePlain(s.bus.recent),
    },
    memory: touched.map((block) => ({
      block,
      words: [...s.memory[block]!],
      stale: staleWords(block, s.memory[block]!),
    })),
    stats: busStats(s),
  };
}
