/**
 * A node's bus as plain data (round2-spec §A.2 S1; seed 000 digest §B.0: one outstanding
 * transaction, the bus held for the whole of it): the queue of requests, the transaction in
 * progress, the most recent ones for a timeline, and counters.
 */
import type { BlockData, DeviceTxnKind } from './agent';

/**
 * The transactions, in MBus-style names (digest §B.0): RD, RDX, INV, WB are the coherent read,
 * read-to-write, address-only invalidate and write-back; UCR8 / UCW8 an uncached 8-byte load or
 * store of a device register. ITOM ("I to M", MBus Level-2's Coherent Invalidate, the ItoM of
 * later buses) takes ownership without the data for a store that overwrites the whole block: the
 * others give up their copies as for an RDX, but unless an owner supplies the block only the
 * address crosses the bus. RETRY is a snooper's address-only refusal (round2-spec B1: CC-DMA by
 * retry): the requester tries again after the owner's write-back. DMARD / DMAWR are a DMA engine's
 * block read and write (round2-spec §A.2 S2), which no cache line of the engine takes part in.
 */
export type BusTxnKind =
  'RD' | 'RDX' | 'ITOM' | 'INV' | 'WB' | 'UCR8' | 'UCW8' | 'RETRY' | 'DMARD' | 'DMAWR';

/** What a device transaction asks for (agent.ts, DeviceTxnKind). */
export interface DeviceRequest {
  txn: DeviceTxnKind;
  coherent: boolean;
  /** The block a write carries. */
  data: BlockData | null;
  /** Cycles the device stretches its transfer by (a derated DMA's slower data phase). */
  extraCycles: number;
}

export interface BusRequest<A extends string = string> {
  seq: number;
  agent: A;
  kind: 'coherent' | 'writeback' | 'ucLoad' | 'ucStore' | 'device';
  block: number;
  reg: string;
  value: number;
  issuedAt: number;
  why: string;
  /** The bridge NACKed it once; the next I/O-bus transaction is guaranteed (seed 000 §B.8). */
  guaranteed: boolean;
  /** A miss of a whole-block store: ask for ownership only (ITOM). */
  wholeBlock: boolean;
  /** Refused with RETRY: it waits for the write-back request with this sequence number. */
  retryAfter?: number;
  /** How many times an owner refused it (absent: never). */
  retries?: number;
  /** A device transaction without a cache line (kind 'device'). */
  device?: DeviceRequest;
}

export interface Txn<A extends string = string> {
  id: number;
  kind: BusTxnKind;
  agent: A;
  block: number;
  target: string;
  /** Who supplied the data ('memory', 'device' for a device home, an agent), or who refused. */
  source: string;
  grantedAt: number;
  endsAt: number;
  why: string;
  /** Posted through the I/O bridge: the issuer went on without waiting (seed 000 §B.8). */
  posted: boolean;
  request: BusRequest<A>;
  /** The block carried, filled into the requester when the transaction ends. */
  data: BlockData | null;
  /** Another cache, or a device, asserted the shared line during the snoop. */
  shared: boolean;
}

export interface NodeBus<A extends string = string> {
  queue: BusRequest<A>[];
  current: Txn<A> | null;
  /** The most recent transactions, newest last, for the per-bus timeline. */
  recent: Txn<A>[];
  busyCycles: number;
  /** Transactions granted, by kind: the kinds the model counts start at 0. */
  counts: Partial<Record<BusTxnKind, number>>;
  nacks: number;
}

/** Transactions a bus keeps for its timeline. */
export const RECENT_TXNS = 32;

export const newNodeBus = <A extends string>(counted: readonly BusTxnKind[]): NodeBus<A> => ({
  queue: [],
  current: null,
  recent: [],
  busyCycles: 0,
  counts: Object.fromEntries(counted.map((k) => [k, 0])),
  nacks: 0,
});
