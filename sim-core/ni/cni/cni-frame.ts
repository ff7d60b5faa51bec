/**
 * The Frame of the coherent-NI model: everything the queue, CDR, bus and statistics views draw
 * at one cycle, self-contained, with stable ids (node, agent, block, transaction).
 */
import type { BusKind, NiKindName } from './config';
import type { AgentName, CniTxnKind, DeviceState } from './cni-state';

export interface BlockView {
  block: number;
  name: string;
  home: 'device' | 'memory';
  /** Coherence state of the block in each agent's cache ('I' when absent). */
  states: Partial<Record<AgentName, string>>;
  /** The message and part the newest copy holds (-1 none), and its valid word. */
  msg: number;
  part: number;
  valid: number;
}

export interface QueueView {
  name: string;
  sender: AgentName;
  receiver: AgentName;
  slotCount: number;
  slotBlocks: number;
  home: 'device' | 'memory';
  tail: number;
  senderSense: number;
  head: number;
  receiverSense: number;
  shadowHead: number;
  shadowSense: number;
  refreshes: number;
  occupancy: number;
  slots: BlockView[][];
  headBlock: BlockView;
  tailBlock: BlockView;
}

export interface TxnView {
  id: number;
  kind: CniTxnKind;
  agent: AgentName;
  target: string;
  source: string;
  grantedAt: number;
  endsAt: number;
  posted: boolean;
  why: string;
}

export interface AgentView {
  name: AgentName;
  status: 'running' | 'waiting' | 'computing' | 'draining' | 'done';
  /** What the agent is doing now, in words, and the routine stack (outermost first). */
  doing: string;
  routines: string[];
}

export interface CniNodeView {
  id: number;
  agents: AgentView[];
  bus: {
    kind: BusKind;
    current: TxnView | null;
    queue: { agent: AgentName; target: string; why: string; guaranteed: boolean }[];
    recent: TxnView[];
    busyCycles: number;
    counts: Record<CniTxnKind, number>;
    nacks: number;
  };
  device: DeviceState;
  queues: QueueView[];
  cdrs: { tx: BlockView[]; rx: BlockView[] } | null;
  app: { toSend: number; expect: number; buffered: number };
}

export interface CniStats {
  cycles: number;
  ni: NiKindName;
  bus: BusKind;
  messages: { sent: number; delivered: number; lost: number; payloadBytes: number };
  userMessages: { completed: number; meanLatency: number | null };
  /** Ping-pong: the median round trip over the second half of the rounds (warm queues). */
  roundTrip: number | null;
  /** Streams: payload bytes per cycle over the steady part, and as a fraction of 144 MB/s. */
  bandwidth: { bytesPerCycle: number; ofLocalQueue: number } | null;
  nodes: {
    id: number;
    busyCycles: number;
    utilisation: number;
    transactions: Record<CniTxnKind, number>;
    nacks: number;
    headRefreshes: number;
  }[];
  /** All bus transactions of all nodes divided by network messages delivered. */
  transactionsPerMessage: number;
  violations: number;
}

export interface CniFrame {
  model: 'cni';
  cycle: number;
  halted: boolean;
  ni: NiKindName;
  bus: BusKind;
  nodes: CniNodeView[];
  network: { inFlight: { msg: number; src: number; dst: number; arrivesAt: number }[] };
  stats: CniStats;
}
