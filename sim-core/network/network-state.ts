/**
 * The network's state, all plain data (digest seed-001-cranium.md §B.12): routers with their
 * input, output and multi-queue frames, the packets, the injection queues and the counters; the
 * one literal that makes each kind of record, the state at cycle 0, and reviveNetworkState, which
 * rebuilds a restored snapshot with those literals (docs/architecture.md, "Determinism").
 */
import { emptyLinkWindow, type LinkWindow } from './link-window';
import type { RngState } from '../kernel/rng';
import type { Decision } from './network-frame';
import type { Header } from './topology';

/**
 * InFrame.grant of a stuck input packet accepted in a packet exchange: it will move into the
 * multi-queue frame its router's exchanged packet is leaving, and no routing decision may take it.
 */
export const IN_EXCHANGE = -2;

export interface PacketState {
  id: number;
  src: number;
  dst: number;
  dstRouter: number;
  header: Header;
  /** The profitable outputs for the current header, as a profitableSet; recomputed with the header. */
  profitable: number;
  createdAt: number;
  injectedAt: number;
  hops: number;
  deroutes: number;
  /** Cycles in which some phit of the packet moved (waited = cycles since injection − moves). */
  moves: number;
  lastMoved: number;
  phitsDelivered: number;
  /** The cycle its first phit left on the P link to the node (−1 before). */
  ejectStartedAt: number;
  path: number[];
  derouted: boolean[];
}

/**
 * An input frame; `pkt` is set as soon as an upstream output reserves it (headAt −1 until the head
 * arrives). Tail-following: while its packet is leaving (granted, all phits arrived or arriving),
 * the frame may hold the head of the next packet behind it (`next…`, −1 / 0 when none): that
 * packet's phits arrive and its header is decoded, but it is granted only once it is at the front.
 */
export interface InFrame {
  pkt: number;
  headAt: number;
  arrived: number;
  /** The cycle the latest phit arrived: that phit may cross the crossbar only from the next cycle. */
  lastArrival: number;
  forwarded: number;
  /**
   * The output (PORTS index) granted to the packet; −1 while it waits; IN_EXCHANGE once a packet
   * exchange has promised it a multi-queue frame.
   */
  grant: number;
  grantAt: number;
  /** The packet behind the leaving one (−1: none), reserved by the upstream output or injected. */
  nextPkt: number;
  nextHeadAt: number;
  nextArrived: number;
  nextLastArrival: number;
}

/**
 * An output frame. Tail-following: once its packet has all L phits and has started on the link,
 * the frame may be granted to the next packet (`next…`), whose phits follow onto the link.
 */
export interface OutFrame {
  pkt: number;
  received: number;
  sent: number;
  /** The virtual channel (input frame) it fills at the next router. */
  vc: number;
  /** The packet granted behind it (−1: none), its phits received so far and its channel. */
  nextPkt: number;
  nextReceived: number;
  nextVc: number;
}

export interface MqFrame {
  pkt: number;
  enteredAt: number;
  forwarded: number;
  /** The output (PORTS index) granted to the packet; −1 while it waits. */
  grant: number;
  grantAt: number;
}

export interface RouterState {
  /** Input frames by port and virtual channel: in[port × vcs + vc]. */
  in: InFrame[];
  out: OutFrame[];
  mq: MqFrame[];
  /** Round-robin pointer: where this router starts looking among outputs and inputs. */
  rr: number;
  rng: RngState;
  /** The decisions of the last cycle it routed in (it may route several packets in one cycle). */
  decided: Decision[];
  /** The processor link's direction while a packet crosses it (half-duplex only). */
  pLink: 'idle' | 'inject' | 'deliver';
  /** The fairness bit: breaks an inject/deliver tie on an idle link, toggling when it does. */
  tieBreak: boolean;
}

export interface NetworkState {
  cycle: number;
  routers: RouterState[];
  packets: Record<number, PacketState>;
  nextPacket: number;
  queues: number[][];
  trafficRng: RngState[];
  linkPhits: number[][];
  /** Per router and direction N E S W: the cycles of the last LINK_WINDOW that carried a phit. */
  linkRecent: LinkWindow[][];
  latencyHistogram: Record<number, number>;
  stats: {
    created: number;
    refused: number;
    injected: number;
    delivered: number;
    /** Delivered while the traffic generator runs (cycle ≤ until): accepted load's numerator. */
    deliveredInWindow: number;
    latencySum: number;
    networkLatencySum: number;
    networkLatencyMin: number;
    networkLatencyMax: number;
    hopsSum: number;
    deroutes: number;
    inFlight: number;
  };
  idleCycles: number;
  halted: boolean;
}

// Frames are emptied and refilled in place rather than replaced: no garbage per phit or packet,
// and every frame keeps one object shape, which keeps the per-cycle loops over them fast.
export const emptyIn = (): InFrame => ({
  pkt: -1,
  headAt: -1,
  arrived: 0,
  lastArrival: -1,
  forwarded: 0,
  grant: -1,
  grantAt: -1,
  nextPkt: -1,
  nextHeadAt: -1,
  nextArrived: 0,
  nextLastArrival: -1,
});
export const emptyOut = (): OutFrame => ({
  pkt: -1,
  received: 0,
  sent: 0,
  vc: 0,
  nextPkt: -1,
  nextReceived: 0,
  nextVc: 0,
});
export const emptyMq = (): MqFrame => ({
  pkt: -1,
  enteredAt: -1,
  forwarded: 0,
  grant: -1,
  grantAt: -1,
});

/**
 * A packet record with its counters at their start: the one literal that makes one (see
 * reviveNetworkState).
 */
export const packetRecord = (): PacketState => ({
  id: 0,
  src: 0,
  dst: 0,
  dstRouter: 0,
  header: { dy: 0, dx: 0 },
  profitable: 0,
  createdAt: 0,
  injectedAt: -1,
  hops: 0,
  deroutes: 0,
  moves: 0,
  lastMoved: -1,
  phitsDelivered: 0,
  ejectStartedAt: -1,
  path: [],
  derouted: [],
});

export const emptyStats = (): NetworkState['stats'] => ({
  created: 0,
  refused: 0,
  injected: 0,
  delivered: 0,
  deliveredInWindow: 0,
  latencySum: 0,
  networkLatencySum: 0,
  networkLatencyMin: Infinity,
  networkLatencyMax: 0,
  hopsSum: 0,
  deroutes: 0,
  inFlight: 0,
});

export const routerRecord = (r: RouterState): RouterState => ({
  in: r.in,
  out: r.out,
  mq: r.mq,
  rr: r.rr,
  rng: r.rng,
  decided: r.decided,
  pLink: r.pLink,
  tieBreak: r.tieBreak,
});

const decisionRecord = (d: Decision): Decision => ({
  cycle: d.cycle,
  packet: d.packet,
  from: d.from,
  to: d.to,
  profitable: [...d.profitable],
  reason: d.reason,
});

/**
 * A deep copy of a network state for a network to run on (a restored snapshot): every frame,
 * packet and router rebuilt by the literal that made it, so that each kind of record keeps one
 * object shape. A generic copy adds each object's fields one by one, which gives the copies other
 * shapes than the records the network creates, with most fields stored out of line; the network's
 * per-cycle loops ran 40% more instructions on such a copy.
 */
export function reviveNetworkState(s: NetworkState): NetworkState {
  const packets: Record<number, PacketState> = {};
  for (const id in s.packets) {
    const p = s.packets[id]!;
    packets[id] = Object.assign(packetRecord(), p, {
      header: { dy: p.header.dy, dx: p.header.dx },
      path: [...p.path],
      derouted: [...p.derouted],
    });
  }
  return {
    cycle: s.cycle,
    routers: s.routers.map((r) =>
      routerRecord({
        in: r.in.map((f) => Object.assign(emptyIn(), f)),
        out: r.out.map((f) => Object.assign(emptyOut(), f)),
        mq: r.mq.map((f) => Object.assign(emptyMq(), f)),
        rr: r.rr,
        rng: [...r.rng],
        decided: r.decided.map(decisionRecord),
        pLink: r.pLink,
        tieBreak: r.tieBreak,
      }),
    ),
    packets,
    nextPacket: s.nextPacket,
    queues: s.queues.map((q) => [...q]),
    trafficRng: s.trafficRng.map((rng) => [...rng]),
    linkPhits: s.linkPhits.map((row) => [...row]),
    linkRecent: s.linkRecent.map((row) => row.map((w) => Object.assign(emptyLinkWindow(), w))),
    latencyHistogram: { ...s.latencyHistogram },
    stats: Object.assign(emptyStats(), s.stats),
    idleCycles: s.idleCycles,
    halted: s.halted,
  };
}
