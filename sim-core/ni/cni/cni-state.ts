/**
 * The coherent-NI model's state: plain data only, so a snapshot is a copy (see kernel/clone.ts).
 * Per node: the agents on one bus (the processor P, the network interface NI, and for a local
 * queue a second processor P1), each with its cache lines; the homes of the blocks; the bus and
 * its queue; the device registers; the queues' private pointers. Plus the message network.
 */
import type { MessageNetworkState } from '../../net/message-network';
import type { BusKind } from './config';

/** Contents of one 64-byte block as the model needs them: message id, part, valid word, pointer. */
export type BlockData = Record<string, number>;

export interface Line {
  state: string;
  data: BlockData | null;
}

export type AgentName = 'P' | 'NI' | 'P1';
export const AGENT_NAMES: readonly AgentName[] = ['P', 'NI', 'P1'];

export type Value = number | string | boolean | null;
export type Locals = Record<string, Value>;

/** One activation of a routine (a messaging-layer or device procedure) with its program counter. */
export interface RoutineFrame {
  routine: string;
  pc: number;
  locals: Locals;
}

export type Op =
  | { op: 'load'; block: number; why: string }
  /** `whole`: the store overwrites the entire block, so a miss needs ownership, not the data. */
  | { op: 'store'; block: number; data: BlockData; why: string; whole?: boolean }
  | { op: 'ucLoad'; reg: string; why: string }
  | { op: 'ucStore'; reg: string; value: number; why: string }
  | { op: 'membar'; why: string }
  | { op: 'compute'; cycles: number; why: string }
  | { op: 'evict'; block: number; why: string }
  | { op: 'idle' };

export interface Agent {
  name: AgentName;
  /** Lines by block id; an invalidated line keeps its tag (state I), which snarfing needs. */
  lines: Record<number, Line>;
  /** Dirty victims waiting for their write-back (MI_A / OI_A). */
  victims: Record<number, Line>;
  stack: RoutineFrame[];
  /** The op in progress: waiting for the bus, computing, or draining stores. */
  busy: null | {
    op: Op;
    since: number;
    waitingFor: 'bus' | 'compute' | 'stores';
    /** Compute cycles still to go. */
    left: number;
    /** The bus request whose completion ends the wait. */
    request: number;
  };
  /** The result of the last op or call, read by the routine that resumes. */
  result: Value | BlockData;
  /** Uncached stores in the store buffer, not yet on the bus. */
  pendingStores: number;
  halted: boolean;
}

/**
 * ITOM ("I to M"): ownership without the data, for a store that overwrites the whole block (the
 * NI filling a queue block it does not hold): the others give up their copies as for an RDX, but
 * unless an owner supplies the block nothing is read and only the address crosses the bus (MBus
 * Level-2's Coherent Invalidate; the ItoM of later buses).
 */
export type CniTxnKind = 'RD' | 'RDX' | 'ITOM' | 'INV' | 'WB' | 'UCR8' | 'UCW8';
export const CNI_TXN_KINDS: readonly CniTxnKind[] = [
  'RD',
  'RDX',
  'ITOM',
  'INV',
  'WB',
  'UCR8',
  'UCW8',
];

export interface CniBusRequest {
  seq: number;
  agent: AgentName;
  kind: 'coherent' | 'writeback' | 'ucLoad' | 'ucStore';
  block: number;
  reg: string;
  value: number;
  issuedAt: number;
  why: string;
  /** The bridge NACKed it once; the next I/O-bus transaction is guaranteed (§B.8). */
  guaranteed: boolean;
  /** A miss of a whole-block store: ask for ownership only (ITOM). */
  wholeBlock: boolean;
}

export interface CniTxn {
  id: number;
  kind: CniTxnKind;
  agent: AgentName;
  block: number;
  target: string;
  source: string;
  grantedAt: number;
  endsAt: number;
  why: string;
  /** Posted through the I/O bridge: the issuer went on without waiting (§B.8). */
  posted: boolean;
  request: CniBusRequest;
  /** The block carried, filled into the requester when the transaction ends. */
  data: BlockData | null;
  /** Another cache asserted the shared line during the snoop. */
  shared: boolean;
}

export interface NodeBus {
  kind: BusKind;
  queue: CniBusRequest[];
  current: CniTxn | null;
  /** The most recent transactions, newest last, for the per-bus timeline. */
  recent: CniTxn[];
  busyCycles: number;
  counts: Record<CniTxnKind, number>;
  nacks: number;
}

/** Private pointers of one side of a cachable queue (the shared ones live in blocks). */
export interface QueueSide {
  pointer: number;
  sense: number;
  /** Sender only: its lazy copy of the receiver's head and sense. */
  shadowHead: number;
  shadowSense: number;
  refreshes: number;
  /** Messages this side has put in or taken out, for the occupancy invariant. */
  count: number;
}

export interface QueueState {
  sender: QueueSide;
  receiver: QueueSide;
}

export interface DeviceState {
  /** Network messages waiting at the NI for room in its receive FIFO, CDRs or queue. */
  backlog: number[];
  /** NI2w's receive FIFO: message ids, and the words of the head message already read. */
  rxFifo: number[];
  rxWordsRead: number;
  /** NI2w's transmit FIFO: messages assembled word by word. */
  txFifo: { msg: number; words: number }[];
  /** Messages ready to inject, in order, waiting for the sliding window. */
  outbound: number[];
  /** CNI4: the receive CDRs' handshake phase and the message in them (§B.6.2). */
  rxPhase: 'CLEAN' | 'READY' | 'CLEARING';
  rxMsg: number;
  txFree: boolean;
  /** CNI4: a SEND store was seen; the device reads the CDRs and injects. */
  txRequested: boolean;
  /** Queue CNIs: messages the processor has announced with MSG_READY (§B.6.3). */
  pendingCount: number;
  /** Early pulls by virtual polling: block and the cycle it becomes due. */
  pulls: { block: number; at: number }[];
  /** CNI16Qm: which receive-queue block each direct-mapped frame holds (-1 empty). */
  frames: number[];
}

export interface CniNode {
  id: number;
  agents: Partial<Record<AgentName, Agent>>;
  /** Home copies of blocks: in the device's memory or in main memory (by the layout). */
  home: Record<number, BlockData>;
  /** The latest value written to each block, the reference for the data-value invariant. */
  latest: Record<number, BlockData>;
  bus: NodeBus;
  device: DeviceState;
  queues: Record<string, QueueState>;
  /** Processor-side messaging state. */
  app: AppState;
}

export interface AppState {
  /** User messages still to send, in order. */
  outbox: { user: number; to: number; bytes: number; notBefore: number }[];
  /** Network messages received by software while a send was blocked (§B.7). */
  buffered: number[];
  /** User messages this node still expects. */
  expect: number;
  /** Parts received per user message. */
  partsSeen: Record<number, number>;
  replies: boolean;
  handlerCycles: number;
  /** Ping-pong initiator: rounds still to start. */
  roundsLeft: number;
}

export interface NetMessage {
  id: number;
  user: number;
  part: number;
  parts: number;
  src: number;
  /** -1: the network outside the model (a sink, or the source of injected arrivals). */
  dst: number;
  payload: number;
  /** Per sender → receiver pair, for the in-order invariant. */
  seq: number;
  sentAt: number;
  deliveredAt: number;
}

export interface UserMessage {
  id: number;
  src: number;
  dst: number;
  bytes: number;
  parts: number;
  startedAt: number;
  completedAt: number;
}

export interface CniState {
  cycle: number;
  halted: boolean;
  nodes: CniNode[];
  /** The message network's state (sim-core/net/), chosen by `network.kind`. */
  net: MessageNetworkState;
  messages: NetMessage[];
  users: UserMessage[];
  nextTxnId: number;
  nextRequestSeq: number;
  /** Messages delivered per (src → dst), for the ordering invariant. */
  lastSeq: Record<string, number>;
  violations: number;
  lost: number;
}
