/**
 * The coherent-NI model's state: plain data only, so a snapshot is a copy (see kernel/clone.ts).
 * Per node, the kit's node (sim-core/node/bus/: the agents on one bus — the processor P, the
 * network interface NI, and for a local queue a second processor P1 — with their cache lines,
 * the homes of the blocks, the bus and its queue) plus the device registers, the queues' private
 * pointers and the messaging layer's state. Plus the message network and the messages.
 */
import type { MessageNetworkState } from '../../net/networks';
import type { BusTxnKind, Txn } from '../../node/bus/bus-state';
import type { BusNode } from '../../node/bus/context';

export type AgentName = 'P' | 'NI' | 'P1';
/** The agents in snoop order. */
export const AGENT_NAMES: readonly AgentName[] = ['P', 'NI', 'P1'];

/** The transactions a coherent NI's bus carries: nobody refuses, and no DMA engine (§B.0). */
export type CniTxnKind = Exclude<BusTxnKind, 'RETRY' | 'DMARD' | 'DMAWR'>;
export const CNI_TXN_KINDS: readonly CniTxnKind[] = [
  'RD',
  'RDX',
  'ITOM',
  'INV',
  'WB',
  'UCR8',
  'UCW8',
];

export type CniTxn = Txn<AgentName>;

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
  /**
   * CNI16Qm: its memory queue is full with an arrival waiting, and it has interrupted the
   * processor, whose blocked send then drains arrivals as the other NIs' software always does.
   */
  rxFullInterrupt: boolean;
}

export interface CniNode extends BusNode<AgentName> {
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
  /** Cycles in a row with messages outstanding and none taking a step (kernel/watchdog.ts). */
  quiet: number;
}
