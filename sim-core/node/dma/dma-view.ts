/**
 * What the DMA card shows of an engine (round2-spec §B1.3, shared by any model with an engine):
 * its phase, the descriptor under way and its progress, the queue behind it and the retries.
 */
import type { DmaEngine } from './dma-engine';

export interface DmaView {
  name: string;
  node: number;
  /** What the engine is doing now. */
  state: 'idle' | 'init' | 'exec' | 'intr';
  current: null | {
    desc: number;
    label: string;
    dir: 'read' | 'write';
    /** Blocks moved so far, of all of them, and the one in flight. */
    moved: number;
    of: number;
    block: string | null;
    retries: number;
    /** Cycles left of Init or Intr (null in Exec). */
    left: number | null;
  };
  queued: { desc: number; label: string; blocks: number }[];
  blocksMoved: number;
  retries: number;
  busyCycles: number;
}

export function dmaView(engine: DmaEngine, now: number): DmaView {
  const t = engine.current;
  return {
    name: engine.name,
    node: engine.node,
    state: t ? t.phase : 'idle',
    current: t && {
      desc: t.desc.id,
      label: t.desc.label,
      dir: t.desc.dir,
      moved: t.phase === 'exec' ? t.index : t.phase === 'intr' ? t.desc.blocks.length : 0,
      of: t.desc.blocks.length,
      block: t.phase === 'exec' ? (t.desc.names[t.index] ?? null) : null,
      retries: t.retries,
      left: t.phase === 'exec' ? null : Math.max(0, t.phaseEnds - now),
    },
    queued: engine.queue.map((d) => ({ desc: d.id, label: d.label, blocks: d.blocks.length })),
    blocksMoved: engine.blocksMoved,
    retries: engine.retries,
    busyCycles: engine.busyCycles,
  };
}
