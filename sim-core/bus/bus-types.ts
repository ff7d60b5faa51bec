/**
 * The bus model's split-free snooping bus: one transaction at a time, held for its whole
 * occupancy (seed 000 §B.0: "only one outstanding transaction"). Occupancies come from Table 2 of
 * the coherent-network-interface paper (digest seed-000-cni.md §C.2), in processor cycles.
 */
import type { Channel } from '../kernel/channel';
import { TABLE_2 } from '../memory/table-2';
import type { SnoopingAction } from '../memory/protocols/snooping-vocabulary';

/** Where a bus transaction's data came from. */
export type DataSource =
  { kind: 'memory' } | { kind: 'cache'; cache: number; fromWbBuffer: boolean } | { kind: 'none' };

export interface SnoopOutcome {
  cache: number;
  from: string;
  to: string;
  actions: readonly SnoopingAction[];
}

/** RD: read miss. RDX: write miss (read-and-invalidate). INV: address-only upgrade. WB: write-back. */
export type BusTxnKind = 'RD' | 'RDX' | 'INV' | 'WB';
export const BUS_TXN_KINDS: readonly BusTxnKind[] = ['RD', 'RDX', 'INV', 'WB'];

export interface BusCosts {
  /** A 64-byte block moved to a cache, from memory or from another cache (Table 2: 42). */
  blockTransfer: number;
  /** A dirty block written back to memory (not in Table 2: derived, see TABLE_2). */
  writeBack: number;
  /** Address-only invalidation (not in Table 2; an explicit, documented assumption). */
  invalidate: number;
  /** Uncached 8-byte load from a device (Table 2: 28 memory bus, 48 I/O bus). */
  uncachedLoad: number;
  /** Uncached 8-byte store to a device (Table 2: 12 memory bus, 32 I/O bus). */
  uncachedStore: number;
}

/**
 * The bus model's presets: a block moves between processors at the memory-to-cache cost on the
 * memory bus; on the I/O bus the block figure is the CNI→processor transfer (76).
 */
export const busPresets = {
  memory: {
    blockTransfer: TABLE_2.memory.memoryToCache,
    writeBack: TABLE_2.memory.writeBack,
    invalidate: TABLE_2.memory.invalidate,
    uncachedLoad: TABLE_2.memory.uncachedLoad,
    uncachedStore: TABLE_2.memory.uncachedStore,
  },
  io: {
    blockTransfer: TABLE_2.io.deviceToProcessor,
    writeBack: TABLE_2.io.writeBack,
    invalidate: TABLE_2.io.invalidate,
    uncachedLoad: TABLE_2.io.uncachedLoad,
    uncachedStore: TABLE_2.io.uncachedStore,
  },
} as const satisfies Record<string, BusCosts>;

export type BusPreset = keyof typeof busPresets;

export function costOf(kind: BusTxnKind, costs: BusCosts): number {
  switch (kind) {
    case 'RD':
    case 'RDX':
      return costs.blockTransfer;
    case 'INV':
      return costs.invalidate;
    case 'WB':
      return costs.writeBack;
  }
}

/** A request on a cache's wire to the arbiter; its kind is decided at grant from the line's state. */
export interface BusRequest {
  cache: number;
  block: number;
  seq: number;
  issuedAt: number;
  writeback: boolean;
}

export interface BusTxn {
  id: number;
  kind: BusTxnKind;
  requester: number;
  block: number;
  grantedAt: number;
  endsAt: number;
  source: DataSource;
  shared: boolean;
  data: number[] | null;
  snoops: SnoopOutcome[];
}

export interface BusState {
  /** One request wire per cache, latency 1: a request made in cycle c can win the bus in c + 1. */
  wires: Channel<BusRequest>[];
  /** Requests that have reached the arbiter, oldest first (by seq). */
  queue: BusRequest[];
  current: BusTxn | null;
  nextTxnId: number;
  nextRequestSeq: number;
  /** The most recent transactions, newest last, for the bus timeline view. */
  recent: BusTxn[];
}
