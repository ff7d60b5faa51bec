/**
 * The network interfaces of seed 002 as data (Won, Lee, Park & Kim, Eager Data Transfer; digest
 * seed-002-edt.md §B.4-B.5): the EDT NI, which snoops the memory bus and pulls each block as the
 * processor writes it [002 L76-84, L112-114], and the cache-coherent DMA NIs it is compared with,
 * by intervention or by retry [002 L43, L185], plus a non-coherent DMA that reads memory as it is,
 * the counterfactual that shows why coherence is needed [002 L43]. The model reads every
 * difference between them from here.
 */
import type { DmaCoherence } from '../../node/dma/ports';

export const EDT_NI_NAMES = ['EDT', 'CC-DMA_intv', 'CC-DMA_retry', 'DMA_noncoherent'] as const;
export type EdtNiName = (typeof EDT_NI_NAMES)[number];

/** How blocks cross between host and NI: pulled eagerly as they are written, or by a DMA engine. */
export type TransferMechanism = 'eager' | 'dma';

/** Rules of the invariant checker a configuration exists to break (reported as edt.stale). */
export type UnsafeRule = 'single-writer' | 'ni-copy-current' | 'host-copy-current';

export interface EdtNiKind {
  name: EdtNiName;
  /** As the paper and the menus call it. */
  label: string;
  /** One line: what it does with a block the processor has just written. */
  desc: string;
  mechanism: TransferMechanism;
  /** The host-side DMA engine's way through the bus (DMA NIs only). */
  dma: DmaCoherence | null;
  /** What the seed says of it. */
  source: string;
}

export const EDT_NI_KINDS: Readonly<Record<EdtNiName, EdtNiKind>> = {
  EDT: {
    name: 'EDT',
    label: 'EDT',
    desc: 'snoops the bus: a processor write-invalidate makes the NI read the block at once',
    mechanism: 'eager',
    dma: null,
    source: '[002 L76-84, L106-114]',
  },
  'CC-DMA_intv': {
    name: 'CC-DMA_intv',
    label: 'CC-DMA intervention',
    desc: 'DMA after the doorbell; a dirty block is supplied by the cache (intervention)',
    mechanism: 'dma',
    dma: 'intervention',
    source: '[002 L43, L185, L203]',
  },
  'CC-DMA_retry': {
    name: 'CC-DMA_retry',
    label: 'CC-DMA retry',
    desc: 'DMA after the doorbell; a dirty block is refused (RETRY), written back, then re-read',
    mechanism: 'dma',
    dma: 'retry',
    source: '[002 L43, L185, L203]',
  },
  DMA_noncoherent: {
    name: 'DMA_noncoherent',
    label: 'non-coherent DMA',
    desc: 'DMA that nobody snoops: without a software flush it reads stale memory',
    mechanism: 'dma',
    dma: 'noncoherent',
    source: '[002 L43] (counterfactual)',
  },
};

/** The three NIs the paper measures, in the order of its bars (Fig. 8: EDT, intv, retry) [002 L189]. */
export const MEASURED_NIS: readonly EdtNiName[] = ['EDT', 'CC-DMA_intv', 'CC-DMA_retry'];
