/**
 * The EDT model's state: plain data only, so a snapshot is a copy. Per host, the bus-node kit's
 * node (the processor P; the NI processor NI running VI-MSG; the EDT NI's cache controller CC or
 * the host-side DMA engine's bus master DMA), the NI's shadow blocks with their status, its
 * queues of fetches, invalidations and write-backs, its doorbells and VI-MSG's jobs, the DMA
 * engine, and the VIA application's script. Plus the message network and the messages.
 */
import type { RngState } from '../../kernel/rng';
import type { MessageNetworkState } from '../../net/networks';
import type { BlockData } from '../../node/bus/agent';
import type { BusNode } from '../../node/bus/context';
import type { DmaEngine } from '../../node/dma/dma-engine';
import type { AgentName } from './edt-events';

/** An NI memory block shadowing a registered host block: its status ST and data [002 L84]. */
export interface NiBlock {
  st: string;
  data: BlockData | null;
  /** A read of the block is owed (scheduled by a snooped write-invalidate, or asked for). */
  pendingFetch: boolean;
}

/** What VI-MSG has to do next, in order [002 L154-159]. */
export interface NiJob {
  kind: 'send' | 'post' | 'arrive';
  msg: number;
  at: number;
}

/** The TAG entry matched last, for the TAG view. */
export interface TagHit {
  entry: number;
  block: number;
  cycle: number;
  txnKind: string;
  by: AgentName;
}

export interface EdtNiState {
  /** The EDT NI's shadow of every registered block (empty for a DMA NI). */
  blocks: NiBlock[];
  /** Snoop-triggered (or asked-for) reads, due at a cycle. */
  fetches: { block: number; at: number; why: string }[];
  /** Coherent receive: blocks whose host copies the NI must invalidate. */
  invalidations: number[];
  /** DMA-engine receive: V blocks the NI must write back. */
  writebacks: number[];
  /** Tokens rung on the send and receive doorbells, not yet taken by VI-MSG. */
  doorbells: { send: number[]; recv: number[] };
  jobs: NiJob[];
  /** Receive descriptors VI-MSG has taken in and no message has used yet. */
  posted: number;
  /** Messages that reached the NI before a receive was posted for them, in order. */
  waiting: number[];
  /** Where each arrived message went in NI memory [002 L106, L118]. */
  pktToAddr: { msg: number; niAddr: number; blocks: number }[];
  /** Completions VI-MSG has written to the completion queue: sends and receives. */
  cq: { s: number; r: number };
  lastTag: TagHit | null;
}

/** One step of the application's script: post a receive, send a message, or wait for one. */
export interface AppStep {
  step: 'post' | 'send' | 'recv';
  msg: number;
}

export interface AppState {
  script: AppStep[];
  /** The message the host is producing or sending (-1: none): the eager fetches' message. */
  current: number;
  /** Word indices of the current message in the order they are stored (Send1). */
  stores: number[];
  /** The cycle the last doorbell store was issued (its ledger slice ends when it lands). */
  doorbellAt: number;
  /** Completions the application has seen (compared with the CQ's counters as it polls). */
  sendsSeen: number;
  recvsSeen: number;
}

export interface EdtNode extends BusNode<AgentName> {
  ni: EdtNiState;
  /** Bus transactions on the blocks of the send buffer (the best and worst cases count these). */
  sendBlockTxns: number;
  dma: DmaEngine | null;
  app: AppState;
}

export interface EdtMessage {
  id: number;
  src: number;
  dst: number;
  bytes: number;
  blocks: number;
  fragments: number;
  /** VipPostSend (the latency's start), the message leaving its NI, reaching the other. */
  startedAt: number;
  sentAt: number;
  arrivedAt: number;
  /** The receiver's poll sees it (the latency's end). */
  completedAt: number;
  /** The blocks as they left the sending NI. */
  payload: BlockData[];
  stale: boolean;
}

export interface EdtState {
  cycle: number;
  halted: boolean;
  nodes: EdtNode[];
  net: MessageNetworkState;
  messages: EdtMessage[];
  nextTxnId: number;
  nextRequestSeq: number;
  violations: number;
  /** Messages that have left their NIs, and that have reached the other (conservation). */
  counts: { sent: number; arrived: number };
  /** Counterfactual consequences already told (one edt.stale per block and message). */
  told: Record<string, true>;
  /** The random write order's stream. */
  rng: RngState;
  /** Cycles in a row with the run not over and nothing moving (kernel/watchdog.ts). */
  quiet: number;
}
