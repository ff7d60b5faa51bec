/**
 * The Cranium NI's parameters, each with its source (seed 001; digest §C, §D, §E.1). Timing is
 * the architecture-level accounting of Table 6.1 and Fig. 6.1 (the ADU bus of §6.1): the model
 * simulates these stages and Table 6.1's totals emerge from them (docs/fidelity/cranium.md).
 */
import type { NetworkConfig } from '../../network/network-config';
import type { CraniumProgram } from './program';
import type { QueueName } from './queue-names';

export interface CraniumTiming {
  /** A processor ↔ NI command or status transfer: an uncached register access (L1337). */
  register: number;
  /** Test and branch after a status load: Table 6.1's receive software is 10 + 3 (L1371). */
  testBranch: number;
  /** A cold channel's node-map and buffer-map lookups, pipelined (Fig. 6.1). */
  lookups: number;
  /** DMA payload read: cycles until its first phit is ready (Fig. 6.1: "at the 6th cycle"). */
  firstPhit: number;
  /** Into the outbox FIFO. */
  outboxFifo: number;
  /** Out of the outbox onto the P link: the network's injection cycle (0: straight from memory). */
  linkEntry: number;
  /** Inbox FIFO in and out (Fig. 6.1). */
  inboxFifo: number;
  /** Header decode and verify (Fig. 6.1). */
  decode: number;
  /** Waiting for a memory-bus address slot (Fig. 6.1's stages sum to 16 of Table 6.1's 17). */
  slotWait: number;
  /** DMA payload write of one 32-byte line (Fig. 6.1). */
  payloadWrite: number;
  /** A queue entry's second line: flag, timestamp and header (§C.16: +5). */
  queueHeaderLine: number;
  /** How long one line transfer holds the NI's memory port (ADU: 2 lines per 10 cycles). */
  lineOccupancy: number;
  /** A load or store that hits in the processor's cache. */
  cacheHit: number;
  /** A load that misses: the line comes over the memory bus (the queue flag's poll, L2654). */
  cacheMiss: number;
  /** Least cycles between a node's successive packet payload reads (Table 6.4's variants; 0: none). */
  sendGap: number;
  /** Least cycles between a node's successive packet payload writes (Table 6.4's M2; 0: none). */
  receiveGap: number;
}

/** The three memory systems of the thesis (digest §D.4); Table 6.1 uses the ADU bus. */
export const MEMORY_MODELS = {
  adu: { firstPhit: 5, payloadWrite: 10, lineOccupancy: 5 },
  meerkat: { firstPhit: 10, payloadWrite: 18, lineOccupancy: 18 },
  optimistic: { firstPhit: 1, payloadWrite: 8, lineOccupancy: 8 },
} as const satisfies Record<string, Partial<CraniumTiming>>;
export type MemoryModel = keyof typeof MEMORY_MODELS;

export const DEFAULT_TIMING: CraniumTiming = {
  register: 10,
  testBranch: 3,
  lookups: 15,
  outboxFifo: 1,
  linkEntry: 1,
  inboxFifo: 2,
  decode: 4,
  slotWait: 1,
  queueHeaderLine: 5,
  cacheHit: 1,
  cacheMiss: 10,
  sendGap: 0,
  receiveGap: 0,
  ...MEMORY_MODELS.adu,
};

/** The "ideal NI with memory" of Table 6.1: no FIFOs, no header decode, no test and branch (L1363). */
const IDEAL_WITH_MEMORY = {
  testBranch: 0,
  outboxFifo: 0,
  linkEntry: 0,
  inboxFifo: 0,
  decode: 0,
  slotWait: 0,
} as const satisfies Partial<CraniumTiming>;

/**
 * Table 6.1's NIs (`system.ni`), as what each takes away from Cranium's timing, applied after the
 * memory model. The thesis's throughput ratios (60%, 80%, 95% of ideal) are against `ideal`;
 * `ideal-nomem` (L1344, L1363) also moves no data through memory: the payload goes straight
 * between registers and the link.
 */
export const NI_TIMINGS = {
  cranium: {},
  ideal: IDEAL_WITH_MEMORY,
  'ideal-nomem': { ...IDEAL_WITH_MEMORY, firstPhit: 0, payloadWrite: 0, lineOccupancy: 0 },
} as const satisfies Record<string, Partial<CraniumTiming>>;
export type NiTimingName = keyof typeof NI_TIMINGS;
export const NI_TIMING_NAMES = Object.keys(NI_TIMINGS) as [NiTimingName, ...NiTimingName[]];

/** How a DMA write treats a line the processor caches (digest §C.14, L1202). */
export type DmaCoherence = 'invalidate' | 'update' | 'simulator';

export type SchedulerKind = 'fcfs' | 'rr' | 'prr' | 'alpha';

export interface CraniumNodeSetup {
  node: number;
  processId: number;
  /** Pinned pages by buffer handle (`alloc_cranium_buffer`). */
  buffers: { handle: number; cached: number[]; dirty: number[] }[];
  /** The user queue's flag lines this processor caches at the start (F12). */
  cachedQueueFlags: boolean;
  program: CraniumProgram;
}

export interface CraniumConfig {
  /** The torus the packets cross: 11-phit packets, the outbox as its injection queue. */
  network: NetworkConfig;
  timing: CraniumTiming;
  pageBytes: number;
  channels: number;
  inboxPackets: number;
  queueEntries: Record<QueueName, number>;
  scheduler: SchedulerKind;
  /** Alpha scheduling: priority = arrival + α · packets (L931). */
  alpha: number;
  dmaCoherence: DmaCoherence;
  /** Overflow sets FREEZE (the default freeze mask); false: interrupt only (digest I‑16). */
  freezeOnOverflow: boolean;
  /** Channels start with the translations of their first command cached (Table 6.1's "warm"). */
  warmChannels: boolean;
  /** Express Broadcast Network: cycles from the last barrier entry to completion. */
  barrierCycles: number;
  /** Cycles a completed barrier stays in C before returning to I (Table A.3's timer). */
  barrierHold: number;
  nodes: CraniumNodeSetup[];
  checkInvariants: boolean;
}

export const LINE_BYTES = 32;
