/**
 * What a routing function (routing.ts) sees and may do at one router in step 3 of a cycle
 * (digest seed-001-cranium.md §B.12): the contract between the routing registry and the network's
 * routing phase (phase-routing.ts), which implements it.
 */
import type { FrameLayout } from './frame-layout';
import type { RouteReason } from './network-frame';
import type { NetworkState } from './network-state';
import type { Topology } from './topology';

/** The parts of a network's configuration a routing function reads (NetworkConfig has them). */
export interface RouterSettings {
  topology: Topology;
  packetPhits: number;
  multiQueue: number;
  /** Dimension-order on a torus: two virtual channels with a dateline. */
  dateline: boolean;
}

export interface RoutingContext {
  readonly cfg: RouterSettings;
  /** Set by the network before each call (a restore replaces the state object). */
  state: NetworkState;
  router: number;
  /** Where the input frames sit: frame i is port layout.portOfInput[i], channel vcOfInput[i]. */
  readonly layout: FrameLayout;
  /**
   * Whether output `o` (a PORTS index, as are all outputs here), and virtual channel `vc` of the
   * input frame behind it, can take a whole packet now: both frames are empty, or hold a leaving
   * packet the new one may follow (tail-following). With `pkt`, for that packet: a packet never
   * follows its own tail (only a misrouted one could come round to the frame it is leaving).
   */
  outputFree(o: number, vc?: number, pkt?: number): boolean;
  /**
   * The input frames (bit i: frame i) whose packet had its header decoded and waited for a grant
   * when this router's turn began. Set by the network before each call.
   */
  readyInputs: number;
  /** The profitable outputs of a packet, as a profitableSet (bit o: output o). */
  profitableSet(pkt: number): number;
  grantInput(index: number, to: number, reason: RouteReason, vc?: number): void;
  grantMq(slot: number, to: number, reason: RouteReason): void;
  /**
   * The neighbour behind network output `o` if this router may make a packet exchange with it
   * now, else −1: both routers' multi-queues hold only waiting packets (none free or leaving), the
   * input frame each has from the other holds a fully arrived packet that waits, and the output
   * frames on both sides of the link are empty.
   */
  exchangePartner(o: number): number;
  /**
   * A packet exchange across output `o`: multi-queue packet `slot` of this router goes out of `o`
   * while packet `partnerSlot` of the neighbour's multi-queue comes the other way, and each
   * router's stuck input packet from the other takes the multi-queue frame that leaves.
   */
  exchange(o: number, slot: number, partnerSlot: number): void;
}
