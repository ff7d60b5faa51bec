/**
 * The DMA engine's events (round2-spec §A.2 S2): a descriptor queued, a phase (Init, Exec, Intr)
 * starting or ending, one block moved (who supplied it, after how many RETRYs), a descriptor done.
 * Any model with an engine includes them in its events and `dmaVocabulary` in its vocabularies.
 */

/** read: host memory to the device; write: the device to host memory. */
export type DmaDirection = 'read' | 'write';

export type DmaEventBody =
  | {
      kind: 'dma.post';
      node: number;
      engine: string;
      desc: number;
      label: string;
      dir: DmaDirection;
      blocks: number;
    }
  | {
      kind: 'dma.phase';
      node: number;
      engine: string;
      desc: number;
      label: string;
      phase: 'init' | 'exec' | 'intr';
      edge: 'start' | 'end';
      /** At a start: the phase's length when it is known (Init, Intr), else 0; at an end: its length. */
      cycles: number;
    }
  | {
      kind: 'dma.block';
      node: number;
      engine: string;
      desc: number;
      dir: DmaDirection;
      block: string;
      index: number;
      of: number;
      /** Who supplied a read ('memory', a cache's agent) or took a write. */
      source: string;
      retries: number;
      cycles: number;
    }
  | {
      kind: 'dma.done';
      node: number;
      engine: string;
      desc: number;
      label: string;
      cycles: number;
      retries: number;
    };
