/**
 * The bus model's state, plain data (a snapshot is a copy of it), and its value at cycle 0
 * (seed 000 §B.0): the processors running their programs, their caches, the requests on their way
 * to the bus, the bus itself, main memory and the sequential reference the invariants check against.
 */
import { createChannel } from '../kernel/channel';
import { createStream } from '../kernel/rng';
import {
  blockOf,
  createCache,
  wordsPerBlock,
  type CacheGeometry,
  type CacheState,
} from '../memory/cache';
import type { BusSystemConfig } from './bus-config';
import type { AccessOp } from './bus-events';
import type { BusRequest, BusState, BusTxnKind } from './bus-types';
import type { CompiledProgram } from './program';

/**
 * A load or store a processor makes (a spin polls with loads); the processor holds it in `waiting`
 * while its miss is on the bus.
 */
export interface PendingAccess {
  op: AccessOp;
  addr: number;
  value: number;
  since: number;
  spin: boolean;
}

export interface ProcessorState {
  id: number;
  pc: number;
  loopCounters: number[];
  computeLeft: number;
  waiting: PendingAccess | null;
  /** Set while a spin has seen the wrong value, so repeated polls stay quiet in the log. */
  spinning: boolean;
  done: boolean;
  retired: number;
  stallCycles: number;
}

export interface BusSystemState {
  cycle: number;
  procs: ProcessorState[];
  caches: CacheState[];
  /** Requests each cache has made but not yet put on its wire (one per cycle), oldest first. */
  outboxes: BusRequest[][];
  bus: BusState;
  /** Main memory, sparse: block number → words. Absent blocks read as the initial image. */
  memory: Record<number, number[]>;
  /** The sequential reference: word address → value of the most recent store. */
  reference: Record<number, number>;
  halted: boolean;
  /** Cycles in a row with a program unfinished and no instruction retiring (bus-liveness.ts). */
  quiet: number;
  busStats: {
    busyCycles: number;
    transactions: Record<BusTxnKind, number>;
    cacheToCache: number;
    memoryReads: number;
    memoryWrites: number;
    dropped: number;
  };
}

/** The initial memory image: word address → value (absent words read 0). */
export type MemoryImage = Record<number, number>;

export function memoryImage(initialMemory: BusSystemConfig['initialMemory']): MemoryImage {
  const image: MemoryImage = {};
  for (const { addr, value } of initialMemory) image[addr] = value;
  return image;
}

/** A block's words as the initial image has them. */
export function imageBlock(image: MemoryImage, block: number, g: CacheGeometry): number[] {
  return Array.from(
    { length: wordsPerBlock(g) },
    (_, w) => image[block * g.blockBytes + w * g.wordBytes] ?? 0,
  );
}

export function initialBusState(
  cfg: BusSystemConfig,
  programs: readonly CompiledProgram[],
  image: MemoryImage,
): BusSystemState {
  const memory: Record<number, number[]> = {};
  for (const addr of Object.keys(image).map(Number)) {
    const block = blockOf(addr, cfg.geometry);
    memory[block] ??= imageBlock(image, block, cfg.geometry);
  }
  return {
    cycle: 0,
    procs: programs.map((p, id) => ({
      id,
      pc: 0,
      loopCounters: new Array<number>(p.loopSlots).fill(0),
      computeLeft: 0,
      waiting: null,
      spinning: false,
      done: false,
      retired: 0,
      stallCycles: 0,
    })),
    caches: Array.from({ length: cfg.nodes }, (_, id) =>
      createCache(id, cfg.geometry, createStream(cfg.seed, `cache${id}.replacement`)),
    ),
    outboxes: Array.from({ length: cfg.nodes }, () => []),
    bus: {
      wires: Array.from({ length: cfg.nodes }, () => createChannel<BusRequest>(1)),
      queue: [],
      current: null,
      nextTxnId: 1,
      nextRequestSeq: 0,
      recent: [],
    },
    memory,
    reference: { ...image },
    halted: false,
    quiet: 0,
    busStats: {
      busyCycles: 0,
      transactions: { RD: 0, RDX: 0, INV: 0, WB: 0 },
      cacheToCache: 0,
      memoryReads: 0,
      memoryWrites: 0,
      dropped: 0,
    },
  };
}
