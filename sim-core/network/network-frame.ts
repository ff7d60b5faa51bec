/**
 * The Frame of the network model: the whole visual state of the torus at one cycle, with stable
 * ids (router, port, MQ slot, packet) and lists in a fixed order (routers by id, ports N E S W P,
 * packets by id). Each in-flight packet lists the frames and links its phits occupy, so a view can
 * draw it stretched along its path (cutting through) or compressed in one router (blocked): the
 * thesis's slinky.
 */
import type { Header, Port } from './topology';

export type FrameState = 'empty' | 'filling' | 'full' | 'cut-through' | 'leaving';

export interface FrameView {
  packet: number | null;
  /** Phits of the packet held in this frame now. */
  phits: number;
  state: FrameState;
}

/**
 * Why the router sent a packet where it did (the router view's explanation): straight through
 * while still arriving (virtual cut-through), from a fully arrived input frame, from the
 * multi-queue (oldest first), as the random victim of a deroute, swapped with a neighbour's
 * packet in a packet exchange (both multi-queues full and no output free), deflected by a
 * bufferless router because no profitable output was free, or out to the node.
 */
export type RouteReason =
  'cut-through' | 'forward' | 'from-multi-queue' | 'deroute' | 'exchange' | 'deflect' | 'deliver';

export interface Decision {
  cycle: number;
  packet: number;
  from: Port | 'MQ';
  to: Port;
  profitable: Port[];
  reason: RouteReason;
}

export interface RouterView {
  id: number;
  x: number;
  y: number;
  node: number | null;
  /** Input frames N E S W P (virtual channel 0). */
  inputs: FrameView[];
  /** With dateline routing: the second virtual channel of N E S W P (P's is never used); else empty. */
  virtualChannels: FrameView[];
  outputs: FrameView[];
  multiQueue: FrameView[];
  /** Frames holding a packet (0 … 15 with the default 5 + 5 + 5, or 2·5 + 5 with dateline VCs). */
  occupancy: number;
  /** The decisions of the last cycle this router routed in, in the order it made them. */
  decisions: Decision[];
}

/** Where some of a packet's phits are: an input or output frame, or a multi-queue slot. */
export type Segment =
  | { kind: 'in' | 'out'; router: number; port: Port; phits: number }
  | { kind: 'mq'; router: number; slot: number; phits: number };

export interface PacketView {
  id: number;
  src: number;
  dst: number;
  header: Header;
  hops: number;
  deroutes: number;
  waited: number;
  createdAt: number;
  injectedAt: number;
  /** Routers visited, from the source's; `derouted[i]` marks the hop leaving path[i]. */
  path: number[];
  derouted: boolean[];
  segments: Segment[];
}

export interface NetworkStats {
  cycles: number;
  nodes: number;
  created: number;
  refused: number;
  injected: number;
  delivered: number;
  inFlight: number;
  /** Phits per node per cycle. */
  offeredLoad: number;
  acceptedLoad: number;
  latency: { mean: number; p50: number; p95: number; p99: number; max: number };
  networkLatency: { mean: number; min: number; max: number };
  hops: { mean: number };
  deroutes: { total: number; perPacket: number };
  linkUtilisation: number;
}

export interface NetworkFrame {
  model: 'network';
  cycle: number;
  halted: boolean;
  routers: RouterView[];
  packets: PacketView[];
  /** Per router and direction N E S W: phits carried so far (utilisation = phits / cycles). */
  linkPhits: number[][];
  /** Per router and direction N E S W: phits carried in the last LINK_WINDOW (64) cycles. */
  linkRecent: number[][];
  injectionQueues: number[];
  stats: NetworkStats;
}
