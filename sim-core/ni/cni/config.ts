/**
 * The coherent-network-interface model's parameters and its registry of NI kinds (seed 000,
 * Mukherjee et al., ISCA 1996; digest seed-000-cni.md §B.6 Table 1, §C). Every default below is
 * the paper's where it gives one; the rest are named assumptions (docs/fidelity/cni.md).
 */
import { TABLE_2 } from '../../memory/table-2';
import { blocksSpanned, wordsSpanned, type BlockGeometry } from '../../node/bus/geometry';

/** The five NIs of the paper's taxonomy (Table 1). */
export const NI_KIND_NAMES = ['NI2w', 'CNI4', 'CNI16Q', 'CNI512Q', 'CNI16Qm'] as const;
export type NiKindName = (typeof NI_KIND_NAMES)[number];

/** Where the NI sits (Table 2's three columns; the cache bus only for NI2w, Figs. 6c/7c). */
export const BUS_KINDS = ['memory', 'io', 'cache'] as const;
export type BusKind = (typeof BUS_KINDS)[number];

/** How a bus is named in words (menus, the machine line). */
export const BUS_NAMES: Readonly<Record<BusKind, string>> = {
  memory: 'memory bus',
  io: 'I/O bus',
  cache: 'cache bus',
};

/** How the processor and the device exchange a message: the three mechanisms of the paper. */
export type NiMechanism = 'uncached-registers' | 'cdr' | 'queue';

/** Where the device pulls a send queue's blocks early (virtual polling, §B.2.2 and §H.3). */
export type VirtualPolling = 'off' | 'previous-block' | 'same-block';

export interface NiKind {
  name: NiKindName;
  mechanism: NiMechanism;
  /** Table 1: how much of the NI queue the processor sees. */
  exposed: string;
  pointers: string;
  home: string;
  /** Blocks of each cachable queue (send and receive); 0 for the register and CDR NIs. */
  queueBlocks: number;
  /** Receive-queue blocks the device caches, direct mapped; < queueBlocks only for CNI16Qm. */
  deviceCacheBlocks: number;
  /** Where the receive queue is homed: CNI16Qm's is in main memory (digest §H.5). */
  receiveHome: 'device' | 'memory';
  /** A memory home is infeasible behind an I/O bridge (§B.4, L560-567). */
  buses: readonly BusKind[];
  /** Overflow into main memory replaces software buffering when a sender blocks (§B.7). */
  autoOverflow: boolean;
  /**
   * The NI's own pulling of send blocks, unless a scenario sets one. The paper's variant of
   * virtual polling is argued from CQs filled in FIFO order (L711-722), so the queue NIs pull the
   * previous block; CNI4 reads its CDRs once SEND arrives and the processor waits for "the entire
   * read" (L670-676, L931-937; digest §H.3); NI2w caches nothing.
   */
  virtualPolling: VirtualPolling;
}

/** Table 1 as data: the model reads every difference between the NIs from here. */
export const NI_KINDS: Readonly<Record<NiKindName, NiKind>> = {
  NI2w: {
    name: 'NI2w',
    mechanism: 'uncached-registers',
    exposed: '2 words',
    pointers: 'none',
    home: 'device FIFO',
    queueBlocks: 0,
    deviceCacheBlocks: 0,
    receiveHome: 'device',
    // On the cache bus its uncached accesses cost 4 cycles (Table 2); the CNIs need the bus
    // coherence of the memory or I/O bus.
    buses: ['memory', 'io', 'cache'],
    autoOverflow: false,
    virtualPolling: 'off',
  },
  CNI4: {
    name: 'CNI4',
    mechanism: 'cdr',
    exposed: '4 cache blocks',
    pointers: 'none (CDR handshake)',
    home: 'device',
    queueBlocks: 0,
    deviceCacheBlocks: 4,
    receiveHome: 'device',
    buses: ['memory', 'io'],
    autoOverflow: false,
    virtualPolling: 'off',
  },
  CNI16Q: {
    name: 'CNI16Q',
    mechanism: 'queue',
    exposed: '16 cache blocks',
    pointers: 'explicit',
    home: 'device',
    queueBlocks: 16,
    deviceCacheBlocks: 16,
    receiveHome: 'device',
    buses: ['memory', 'io'],
    autoOverflow: false,
    virtualPolling: 'previous-block',
  },
  CNI512Q: {
    name: 'CNI512Q',
    mechanism: 'queue',
    exposed: '512 cache blocks',
    pointers: 'explicit',
    home: 'device',
    queueBlocks: 512,
    deviceCacheBlocks: 512,
    receiveHome: 'device',
    buses: ['memory', 'io'],
    autoOverflow: false,
    virtualPolling: 'previous-block',
  },
  CNI16Qm: {
    name: 'CNI16Qm',
    mechanism: 'queue',
    exposed: '16 cache blocks',
    pointers: 'explicit',
    home: 'main memory',
    queueBlocks: 512,
    deviceCacheBlocks: 16,
    receiveHome: 'memory',
    buses: ['memory'],
    autoOverflow: true,
    virtualPolling: 'previous-block',
  },
};

/** Bus occupancy in processor cycles, Table 2 (L689-709); the I/O column includes memory-bus time. */
export interface CniBusCosts {
  uncachedLoad: number;
  uncachedStore: number;
  /** Cache-to-cache, device → processor (64 B). */
  deviceToProcessor: number;
  /** Cache-to-cache, processor → device (64 B). */
  processorToDevice: number;
  /** Memory → cache and cache → cache between processors on the memory bus (64 B). */
  memoryToCache: number;
  /** Not in Table 2: a write-back, an uncached store's transaction with seven more data beats. */
  writeBack: number;
  /** Not in Table 2: an address-only invalidation (digest §B.9 placeholder i). */
  invalidate: number;
}

export const CNI_BUS_PRESETS: Readonly<Record<BusKind, CniBusCosts>> = TABLE_2;

/** The cachable-queue optimisations of §B.3, each switchable (lecture E4). */
export interface QueueOptimisations {
  lazyPointers: boolean;
  validBits: boolean;
  senseReverse: boolean;
}

export const ALL_OPTIMISATIONS: QueueOptimisations = {
  lazyPointers: true,
  validBits: true,
  senseReverse: true,
};

/** 64-byte address and transfer blocks, 8-byte words (§C.1, L773-777): the kit's geometry. */
export const CNI_GEOMETRY: BlockGeometry = { blockBytes: 64, wordBytes: 8 };

export const HEADER_BYTES = 12;
export const NETWORK_MESSAGE_BYTES = 256;
export const MAX_PAYLOAD = NETWORK_MESSAGE_BYTES - HEADER_BYTES;
export const SLOT_BLOCKS = NETWORK_MESSAGE_BYTES / CNI_GEOMETRY.blockBytes;
/** The normalisation base of Fig. 7: two processors through a local queue on the memory bus. */
export const LOCAL_QUEUE_BYTES_PER_CYCLE = 144e6 / 200e6;

/** Blocks a network message occupies: only the blocks it touches move (digest §H.12). */
export const blocksFor = (g: BlockGeometry, payload: number) =>
  blocksSpanned(g, HEADER_BYTES + payload);
/** Word-sized uncached accesses a network message needs on NI2w (header sent the same way). */
export const wordsFor = (g: BlockGeometry, payload: number) =>
  wordsSpanned(g, HEADER_BYTES + payload);

/** A user message split into 256-byte network messages with a 12-byte header each (§B.7). */
export function splitPayload(bytes: number): number[] {
  const parts: number[] = [];
  for (let left = bytes; left > 0; left -= MAX_PAYLOAD) parts.push(Math.min(left, MAX_PAYLOAD));
  return parts.length ? parts : [0];
}
