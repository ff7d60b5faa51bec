/**
 * The Frame of the bus model: the whole visual state at one cycle, self-contained (a view needs
 * no other frame to draw it), with stable ids (processor, cache, set/way, block, txn) and lists in
 * a fixed order (by id, then set, then way; memory by block).
 */
import type { BusRequest, BusTxn, BusTxnKind } from './bus-types';
import type { CacheStats } from '../memory/cache';
import type { AccessOp } from './bus-events';

export interface BusSystemStats {
  cycles: number;
  bus: {
    busyCycles: number;
    utilisation: number;
    transactions: Record<BusTxnKind, number>;
    cacheToCache: number;
    memoryReads: number;
    memoryWrites: number;
    dropped: number;
  };
  caches: ({ id: number } & CacheStats)[];
  processors: { id: number; retired: number; stallCycles: number; done: boolean }[];
}

export interface LineView {
  set: number;
  way: number;
  block: number;
  state: string;
  words: number[];
  /** Per word: differs from the most recent store to that address. */
  stale: boolean[];
  lastUse: number;
}

export interface BusFrame {
  model: 'bus';
  cycle: number;
  halted: boolean;
  processors: {
    id: number;
    pc: number;
    status: 'running' | 'computing' | 'waiting' | 'spinning' | 'done';
    computeLeft: number;
    waiting: { op: AccessOp; addr: number; since: number } | null;
    loopCounters: number[];
  }[];
  caches: {
    id: number;
    lines: LineView[];
    wbBuffer: { block: number; state: string; words: number[]; stale: boolean[] }[];
  }[];
  bus: {
    current: BusTxn | null;
    queue: BusRequest[];
    onWires: BusRequest[];
    outboxes: BusRequest[][];
    recent: BusTxn[];
  };
  memory: { block: number; words: number[]; stale: boolean[] }[];
  stats: BusSystemStats;
}
