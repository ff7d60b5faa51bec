/**
 * FLASH's state, all plain data (a snapshot is a copy): per node the processor and its cache,
 * memory's directory and ports, and MAGIC [003 L9-12, Fig. 1(b)]: the input queues (processor,
 * network request and reply lanes, the software queue's head with the rest in memory), the
 * protocol processor and the handler it runs, the output queues, the data buffers, the per-PID
 * command records, the translation hash table and the hold-off counter; and per transfer its
 * operation record.
 */
import type { DirectoryState } from './directory';
import type { FlashNet } from './flash-network';
import type { HandlerName } from './handlers';

export type AddressSpace = 'normal' | 'io' | 'message' | 'reserved';
export type InQueue = 'processor' | 'request' | 'reply' | 'software';
export type OutQueue = 'processor' | 'request' | 'reply';
export type CacheLineState = 'M' | 'E' | 'S' | 'I';

/** What a message asks for; its queue and address space pick the handler (dispatch.ts). */
export type MsgType =
  | 'uwrite'
  | 'shadow'
  | 'commit'
  | 'pid'
  | 'load'
  | 'remap'
  | 'xlate'
  | 'reply'
  | 'component'
  | 'credit'
  | 'get'
  | 'ownerData';

export interface FlashMsg {
  id: number;
  type: MsgType;
  src: number;
  dst: number;
  space: AddressSpace;
  /** 0 request, 1 reply [003 L12]. */
  lane: 0 | 1;
  bytes: number;
  pid: number;
  /** The transfer it belongs to, or −1. */
  transfer: number;
  /** A component's sequence number [003 L214], a get's line; −1 otherwise. */
  seq: number;
  /** A command write's field, a reply's word (ACK, NACK, data, fault, done). */
  word: string;
  page: number;
  /** When it was made, handed to its port, and reached its queue. */
  madeAt: number;
  sentAt: number;
  arrivedAt: number;
  /** The data buffer it carries (−1 for a header only). */
  buffer: number;
}

/** A software-queue entry: an operation and the handler it runs next [003 L12, L68]. */
export interface SwqEntry {
  transfer: number;
  handler: HandlerName;
  /** When it was put on the queue. */
  at: number;
}

/** A memory or processor-cache access a handler started: the data path runs beside the PP. */
export interface Access {
  kind: 'read' | 'write' | 'get' | 'invalidate';
  line: number;
  issuedAt: number;
  /** The line's state (cache), its first word and its last word, or the write's end. */
  stateAt: number;
  firstAt: number;
  doneAt: number;
}

/** The handler the PP runs: where it is in its steps and what it works on. */
export interface RunningHandler {
  handler: HandlerName;
  pc: number;
  msg: number;
  transfer: number;
  startedAt: number;
  /** The current PP step ends at this cycle (−1 when not in a timed step). */
  until: number;
  /** When the current step began (a timed step or a wait). */
  stepAt: number;
  /** The cycle a wait began, or −1. */
  stalledAt: number;
  /** Lines left in this invocation (the chunk), and the line being worked on. */
  chunkLeft: number;
  seq: number;
  buffer: number;
  access: Access | null;
  /** The PP's busy cycles in this invocation (stalls included: the PP holds it). */
  busy: number;
}

export interface CommandRecord {
  pid: number;
  /** The fields written so far: the connection (a transfer), its length, its authentic pages. */
  connection: number;
  length: number;
  pages: number[];
}

/** One use of a physical page in the hash table [003 L57, Fig. 3]. */
export interface PageUse {
  transfer: number;
  side: 'source' | 'destination';
  /** The buffer's page index. */
  page: number;
}

export interface CpuState {
  pc: number;
  /** Busy until this cycle (an op's issue, a computation). */
  until: number;
  /** Waiting for MAGIC's answer to an uncached read, or for a transfer. */
  waiting: 'none' | 'commit' | 'remap' | 'load' | 'await' | 'retry';
  waitingSince: number;
  /** A commit to retry after a NACK, and when. */
  retryAt: number;
  /** Address faults to serve: the transfers, each when its new translation is ready. */
  faults: { transfer: number; readyAt: number; page: number }[];
  /** The page the OS last remapped, by transfer (the new translation it gives after a fault). */
  remapped: Record<number, number>;
  /** The PID the processor runs (MAGIC learns it from the switch notice [003 L15]). */
  pid: number;
  done: boolean;
}

export interface FlashNode {
  id: number;
  pid: number;
  cpu: CpuState;
  /** Processor cache states by line (absent: I) and the directory by line (absent: uncached). */
  cache: Record<number, CacheLineState>;
  dir: Record<number, DirectoryState>;
  inq: Record<'processor' | 'request' | 'reply', number[]>;
  swq: { head: SwqEntry | null; rest: SwqEntry[] };
  outq: Record<OutQueue, { msg: number; readyAt: number }[]>;
  pp: { run: RunningHandler | null; busy: number; handlers: number };
  /** The next input queue the Inbox looks at first (round robin). */
  inboxTurn: number;
  /** Data buffers: which message or transfer line holds each, or null. */
  buffers: (string | null)[];
  /** Buffers that free themselves once their data has gone (a write done, a tail sent). */
  release: { buffer: number; at: number }[];
  records: Record<number, CommandRecord>;
  /** The hash table of in-use physical pages (page frame → its uses). */
  xlate: Record<number, PageUse[]>;
  holdOff: { count: number; pending: number };
  memFreeAt: number;
  cacheFreeAt: number;
  /** Messages from the processor on their way to MAGIC, and back. */
  toMagic: { msg: number; at: number }[];
  toCpu: { msg: number; at: number }[];
}

export type TransferStatus =
  'idle' | 'committed' | 'waitCredit' | 'sending' | 'faulted' | 'draining' | 'done';

export interface TransferState {
  id: number;
  status: TransferStatus;
  /** Receive side: posted, the lines in by sequence number, cleaned up. */
  posted: boolean;
  got: boolean[];
  gotCount: number;
  cleaned: boolean;
  /** Send side: bytes of credit left, granted in all, components sent (next sequence number). */
  credit: number;
  granted: number;
  sent: number;
  /** Which components have been sent, by sequence number (global coherence sends out of order). */
  out: boolean[];
  /** Global coherence: gets sent, lines collected. */
  asked: number;
  collected: number;
  /**
   * Pipelined global coherence: components whose lines came home while the request queue had no
   * room for them; the home sends them from memory through the software queue (forwardHome).
   */
  forwardLater: number[];
  /** Physical addresses valid (0 in the record means invalid [003 L185]). */
  srcValid: boolean;
  dstValid: boolean;
  holdOff: boolean;
  /** Table 1's boundaries [003 L84], −1 until reached. */
  t: {
    start: number;
    ack: number;
    setupEnd: number;
    firstByte: number;
    lastTail: number;
    processed: number;
    end: number;
  };
}

export interface FlashState {
  cycle: number;
  halted: boolean;
  nodes: FlashNode[];
  transfers: TransferState[];
  messages: Record<number, FlashMsg>;
  nextMsg: number;
  net: FlashNet;
  /** The last cycle a message entered or left the network, a line reached its destination or a program stepped (the watchdog's). */
  progressAt: number;
}
