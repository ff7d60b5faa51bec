/**
 * The Cranium machine's state as plain data (snapshots are deep copies): the torus, and per node
 * the NI (channels, scheduler FIFO, inbox, four queues, flow control, barrier), the processor
 * running its program, its cache and its pinned pages (digest §C.4–§C.13).
 */
import type { NetworkState } from '../../network/network-state';
import type { CarriedPacket, PacketStore } from '../../node/torus/packet-store';
import type { ProcessorState } from '../../node/torus/processor';
import type { QueueName } from './queue-names';
import type { ChannelCommand } from './program';

/** Where the dispatch (dispatch.ts) sends a decoded packet: a queue, or an auto-receive channel. */
export type Destination =
  | { kind: 'queue'; queue: QueueName; why: string; error: number }
  | { kind: 'auto'; channel: number; why: string };

export type FlowState = 'NORMAL' | 'FLUSH' | 'FREEZE';
export type ChannelPhase = 'idle' | 'queued' | 'lookup' | 'active' | 'ready';
export type CacheLineState = 'I' | 'CE' | 'DE';
export type BarrierState = 'I' | 'W' | 'C' | 'A';

export interface ChannelState {
  dir: 'send' | 'recv';
  id: number;
  busy: boolean;
  phase: ChannelPhase;
  /** Packets still to send or to receive: what a read of the channel register returns. */
  remaining: number;
  packets: number;
  handle: number;
  /** Linear node id named by the command (destination, or expected source). */
  remoteNode: number;
  remoteChannel: number;
  seq: number;
  queue: boolean;
  intr: number;
  priority: boolean;
  fault: 'none' | 'dest' | 'crc';
  /** The message this channel sends or receives (−1 when none). */
  msg: number;
  /** Cached translations: the previous command's handles, valid until a different one comes. */
  cachedHandle: number;
  cachedNode: number;
  page: number;
  phys: { dy: number; dx: number } | null;
  lookupUntil: number;
  acceptedAt: number;
  /** Receive: packets accepted and being written (not yet counted down). */
  pending: number;
}

export interface QueueEntry {
  packet: number;
  flag: boolean;
  at: number;
  header: number[];
  payload: number;
  src: number;
}

/** A queue entry is two cache lines: payload, then flag, timestamp and header (Fig. A.8). */
export const QUEUE_ENTRY_BYTES = 64;

/**
 * A queue's four pointers are byte addresses (Teschio Table 7.2): Queue Buffer Start and End are
 * static and delimit the ring (End is the last entry's address, digest I‑15); Head and Tail move
 * by 64 bytes and wrap from End to Start (Fig. 7.14).
 */
export interface QueueState {
  name: QueueName;
  size: number;
  begin: number;
  end: number;
  head: number;
  tail: number;
  /** Where the next accepted packet will be written (ahead of tail while writes are in flight). */
  reserved: number;
  /** Tail reached head on an arrival: Head == Tail now means full, not empty (§C.7). */
  full: boolean;
  entries: (QueueEntry | null)[];
}

/** The entry index (0…size−1) a queue pointer addresses. */
export const entryIndex = (q: QueueState, address: number): number =>
  (address - q.begin) / QUEUE_ENTRY_BYTES;

/** Fig. 7.14's successor: Tail := Tail < End ? Tail + 64 : Start (the same for Head). */
export const nextEntry = (q: QueueState, address: number): number =>
  address < q.end ? address + QUEUE_ENTRY_BYTES : q.begin;

export interface InboxEntry {
  packet: number;
  headAt: number;
  tailAt: number;
  decidedAt: number;
  destination: Destination | null;
  /** The queue slot or page line it is being written to. */
  slot: number;
  /** When the DMA write ends; done once the tail has arrived too. */
  writeEnd: number;
  doneAt: number;
}

export interface InterruptRecord {
  at: number;
  type: 'send' | 'auto' | 'queue' | 'misc';
  /** NII_error_mask 1–7, or 0 for a notification. */
  code: number;
  channel: number;
  text: string;
}

export interface NiState {
  flow: FlowState;
  processId: number;
  send: ChannelState[];
  recv: ChannelState[];
  /** The scheduler FIFO of accepted commands (Teschio's 64 × 6 bits). */
  sched: { dir: 'send' | 'recv'; channel: number }[];
  /** Commands stored by the processor, effective when the register write completes. */
  commands: { at: number; instr: ChannelCommand }[];
  /** Payload reads on their way to the outbox. */
  dmaReads: { packet: number; readyAt: number }[];
  inbox: InboxEntry[];
  /** The NI's memory port is free from this cycle. */
  memoryFree: number;
  /** The next packet's payload read, and write, may start from these cycles (timing.sendGap, receiveGap). */
  sendGapUntil: number;
  receiveGapUntil: number;
  queues: Record<QueueName, QueueState>;
  interrupts: InterruptRecord[];
  barrier: BarrierState;
  barrierUntil: number;
}

export type WaitKind =
  | { kind: 'send'; channel: number }
  | { kind: 'recv'; channel: number }
  | { kind: 'queue'; queue: QueueName }
  | { kind: 'barrier' };

/** What a processor does when its current instruction's or final poll's time is up. */
export type CraniumFollowUp =
  /** Report the final poll of a channel register or the barrier. */
  | { op: 'notify'; what: 'send' | 'recv' | 'barrier'; channel: number }
  /** The polled flag is set: read the payload (its load's cycles), clear the flag. */
  | { op: 'consume'; queue: QueueName; payloadCycles: number }
  /** The head-advance register access ends: the head moves (or underflows). */
  | { op: 'advance'; queue: QueueName }
  | { op: 'thaw' }
  | { op: 'flow'; state: FlowState };

export interface ProcState extends ProcessorState<WaitKind, CraniumFollowUp> {
  /** Entries left to take from the polled queue in the current pollQueue. */
  pollsLeft: number;
}

export interface LineRecord {
  packet: number;
  msg: number;
  seq: number;
  at: number;
  /** 1 for the first packet of its message to arrive, 2 for the second, … */
  order: number;
  writes: number;
}

export interface BufferState {
  handle: number;
  frame: number;
  /** Each line's current contents, as a token (changed by stores). */
  lines: number[];
  /** What DMA wrote into each line, for the page view and the invariants. */
  received: (LineRecord | null)[];
}

export interface NodeState {
  node: number;
  ni: NiState;
  proc: ProcState;
  buffers: Record<number, BufferState>;
  /** The processor's cache: line name → state (absent: I). */
  cache: Record<string, CacheLineState>;
}

export interface CraniumPacket extends CarriedPacket<number[]> {
  msg: number;
  src: number;
  dst: number;
  srcChannel: number;
  destChannel: number;
  seq: number;
  payload: number;
  createdAt: number;
  placedAt: number;
  placed: string;
}

export interface MessageRecord {
  id: number;
  src: number;
  dst: number;
  channel: number;
  packets: number;
  queue: boolean;
  fault: 'none' | 'dest' | 'crc';
  /** The cycle the send command's register store began. */
  commandAt: number;
  sentAll: number;
  /** Sequence numbers in the order their packets were placed. */
  arrivals: number[];
  placed: number;
  completedAt: number;
  notifiedAt: number;
  /** The node whose processor learnt of the message (−1 until then). */
  receiver: number;
}

/** Its packet store (packets, inFlight, nextPacket) is the torus-node kit's. */
export interface CraniumState extends PacketStore<CraniumPacket> {
  cycle: number;
  halted: boolean;
  net: NetworkState;
  nodes: NodeState[];
  messages: Record<number, MessageRecord>;
  nextMessage: number;
  barrierGeneration: number;
  /** Cycles in a row with work outstanding and nothing moving (kernel/watchdog.ts). */
  quiet: number;
}
