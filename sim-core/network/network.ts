/**
 * A k×k torus (or mesh) of chaotic routers with virtual cut-through, after the recommended
 * cycle-level model of digest seed-001-cranium.md §B.12 (thesis §5.2, L1176–1196, L1334).
 *
 * Each router has an input and an output frame per port (N E S W P), each of L phits, and a
 * multi-queue (MQ) of M frames. A link carries one phit per cycle. A header is latched at cycle c,
 * decoded at c+1, routed at c+2 (c + decisionCycles − 2), crosses the crossbar at c+3 and is
 * latched by the next router at c+4, so a j-hop packet arrives 4·(j+1) + L cycles after its head
 * entered the injection frame (L1334).
 *
 * Tail-following (virtual cut-through pipelining, L1176; "no turnaround wait states, so the link
 * reaches its peak under load", §C.17). A frame holds one packet, or the tail of a leaving packet
 * and the head of the next one behind it, never more than L phits together:
 *   - an input frame whose packet is granted (leaving) may take the next packet behind it: from the
 *     injection link once the leaving packet's tail is in and it has started across the crossbar
 *     (canTakeHead), from a network link when the upstream output is granted (outputFree). The
 *     next packet's phits arrive and its header is latched and decoded while the tail drains; it
 *     moves to the front the cycle the tail crosses the crossbar, may be granted that same cycle
 *     and crosses the cycle after;
 *   - an output frame whose packet has all L phits and has started on its link may be granted to
 *     the next packet, whose phits follow the tail onto the link with no idle cycle.
 * A leaving packet drains a phit every cycle and the next one gains at most one, so a frame never
 * holds more than L phits. So a stream of packets along a path moves one packet per L cycles on
 * every link at zero load, injection and delivery included, for L ≥ decisionCycles + 1 (the
 * previous header pipeline must be done before the next packet's reservation). Deflection routing
 * does not follow into a busy network input frame (routing.ts, followOnLinks).
 *
 * Order of work inside one cycle (events stamped with the cycle):
 *   1. Links: every output frame sends one phit downstream (to the next router's input frame,
 *      or to the node for P); the injection link adds one phit to a filling injection frame.
 *   2. Crossbars: every granted input or MQ frame moves one phit to its output frame. Phits that
 *      arrived in step 1 of this cycle wait for the next one (one stage per cycle). A packet
 *      waiting behind one whose tail has just crossed moves to the front.
 *   3. Routing, router by router (id order): the routing function grants free outputs; input
 *      packets that have fully arrived and were not granted move into a free MQ frame (a packet
 *      accepted in a packet exchange first: see below).
 *   4. Injection: a node's queued packet enters its router's injection frame (head latched), when
 *      the frame is empty or its packet is leaving (tail-following).
 *   5. Traffic: scheduled and Bernoulli packets are created into the injection queues.
 *   6. Watchdog and invariants; halt when nothing is left to send or deliver.
 *
 * A half-duplex P link carries one packet at a time and turns round only at packet boundaries:
 * the cycle after a packet's last phit either direction may start, back to back with no idle
 * cycle; when both want it, the TB bit decides (mayStartDelivery).
 *
 * The packet exchange (chaos router only; the rule is in routing.ts): two neighbours A and B whose
 * input frames from each other both hold a fully arrived packet stuck for want of a multi-queue
 * frame swap packets across their link. At the grant each sends one multi-queue packet into its
 * (empty) output frame towards the other; the stuck input packet is marked to enter the
 * multi-queue frame that leaves (grant IN_EXCHANGE). When that frame has emptied across the
 * crossbar, the stuck packet moves in, its input frame is reserved for the neighbour's waiting
 * output packet, and the two packets cross the link in opposite directions. An output frame sends
 * only into the input frame reserved for its packet, which is what holds the exchanged packets
 * back until the frames behind the link have been vacated.
 */
import { clonePlain } from '../kernel/clone';
import { emptyLinkWindow, recentPhits, recordPhit, type LinkWindow } from './link-window';
import { createStream, nextFloat, type RngState } from '../kernel/rng';
import type { NetworkModelEvent } from './network-events';
import type {
  Decision,
  FrameState,
  FrameView,
  NetworkFrame,
  NetworkStats,
  PacketView,
  RouteReason,
  Segment,
} from './network-frame';
import { dimensionOrderOutput, routingFunctions, type RouterKind } from './routing';
import { trafficPatterns, type TrafficPattern } from './traffic';
import {
  DIRS,
  OPPOSITE,
  PORTS,
  afterHop,
  headerBetween,
  neighbour,
  nodeCount,
  portsIn,
  profitableSet,
  routerCount,
  routerOfNode,
  xOf,
  yOf,
  type Dir,
  type Header,
  type Port,
  type Topology,
} from './topology';

export interface NetworkConfig {
  topology: Topology;
  router: RouterKind;
  /** Dimension-order routing: two virtual channels with a dateline (false: one, and it can deadlock). */
  dateline: boolean;
  packetPhits: number;
  multiQueue: number;
  decisionCycles: number;
  injectionQueue: number;
  packets: { at: number; src: number; dst: number }[];
  traffic: {
    pattern: TrafficPattern;
    load: number;
    until: number;
    hotspot: { node: number; fraction: number };
  } | null;
  seed: number;
  stallWatchdog: number;
  checkInvariants: boolean;
  /**
   * The processor link is half-duplex (Cranium, digest §D.2, §C.17): one packet at a time in
   * either direction, turned round only at packet boundaries, ties broken by the TB bit.
   */
  halfDuplexP: boolean;
}

/**
 * A network interface attached to the P ports (the Cranium NI): it may refuse a packet's first
 * phit (a full inbox, FREEZE) and hears of each packet's first and last phit. With a port the
 * network never halts by itself: the programs behind it decide when the run is over.
 */
export interface NodePort {
  accepts(node: number): boolean;
  /** The packet's first phit has just crossed the P link. */
  started(node: number, packet: PacketState): void;
  delivered(node: number, packet: PacketState): void;
}

const PORT_INDEX: Record<Port, number> = { N: 0, E: 1, S: 2, W: 3, P: 4 };
export const portIndex = (p: Port): number => PORT_INDEX[p];

/**
 * InFrame.grant of a stuck input packet accepted in a packet exchange: it will move into the
 * multi-queue frame its router's exchanged packet is leaving, and no routing decision may take it.
 */
export const IN_EXCHANGE = -2;

/**
 * A network configuration with the thesis's defaults (digest §B.12, §D.1): the chaos router,
 * 20-phit packets, a 5-frame multi-queue, a 4-cycle routing decision, 16-packet injection queues.
 */
export function networkConfig(
  topology: Topology,
  overrides: Partial<NetworkConfig> = {},
): NetworkConfig {
  return {
    topology,
    router: 'chaos',
    dateline: true,
    packetPhits: 20,
    multiQueue: 5,
    decisionCycles: 4,
    injectionQueue: 16,
    packets: [],
    traffic: null,
    seed: 1,
    stallWatchdog: 1000,
    checkInvariants: true,
    halfDuplexP: false,
    ...overrides,
  };
}
const P_INDEX = portIndex('P');
/** The order in which step 3 moves stuck input packets into the multi-queue. */
const BUFFER_ORDER = [IN_EXCHANGE, -1] as const;
/** For output port index o (N E S W), the index of the input port it feeds at the neighbour. */
const OPPOSITE_INDEX = DIRS.map((d) => portIndex(OPPOSITE[d]));
/** PORT_SETS[set]: the ports of a profitable set (see profitableSet), computed once; copy to hand out. */
const PORT_SETS: readonly (readonly Port[])[] = Array.from(
  { length: 1 << PORTS.length },
  (_, set) => portsIn(set),
);

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
  last: Decision | null;
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
const emptyIn = (): InFrame => ({
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
const emptyOut = (): OutFrame => ({
  pkt: -1,
  received: 0,
  sent: 0,
  vc: 0,
  nextPkt: -1,
  nextReceived: 0,
  nextVc: 0,
});
const emptyMq = (): MqFrame => ({ pkt: -1, enteredAt: -1, forwarded: 0, grant: -1, grantAt: -1 });

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

const emptyStats = (): NetworkState['stats'] => ({
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

const routerRecord = (r: RouterState): RouterState => ({
  in: r.in,
  out: r.out,
  mq: r.mq,
  rr: r.rr,
  rng: r.rng,
  last: r.last,
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
        last: r.last && decisionRecord(r.last),
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

function fillIn(
  f: InFrame,
  pkt: number,
  headAt: number,
  arrived: number,
  lastArrival: number,
): void {
  f.pkt = pkt;
  f.headAt = headAt;
  f.arrived = arrived;
  f.lastArrival = lastArrival;
  f.forwarded = 0;
  f.grant = -1;
  f.grantAt = -1;
}

function fillOut(f: OutFrame, pkt: number, vc: number): void {
  f.pkt = pkt;
  f.received = 0;
  f.sent = 0;
  f.vc = vc;
}

function fillMq(f: MqFrame, pkt: number, enteredAt: number): void {
  f.pkt = pkt;
  f.enteredAt = enteredAt;
  f.forwarded = 0;
  f.grant = -1;
  f.grantAt = -1;
}

function fillNextIn(
  f: InFrame,
  pkt: number,
  headAt: number,
  arrived: number,
  lastArrival: number,
): void {
  f.nextPkt = pkt;
  f.nextHeadAt = headAt;
  f.nextArrived = arrived;
  f.nextLastArrival = lastArrival;
}

/** Reserves an input frame for `pkt`: the front if it is empty, else the place behind. */
function reserveIn(f: InFrame, pkt: number): void {
  if (f.pkt < 0) fillIn(f, pkt, -1, 0, -1);
  else fillNextIn(f, pkt, -1, 0, -1);
}

/** The front packet has left (or moved into the multi-queue): the next one, if any, moves up. */
function popIn(f: InFrame): void {
  fillIn(f, f.nextPkt, f.nextHeadAt, f.nextArrived, f.nextLastArrival);
  fillNextIn(f, -1, -1, 0, -1);
}

/** The front packet's last phit has left on the link: the next one, if any, moves up. */
function popOut(f: OutFrame): void {
  f.pkt = f.nextPkt;
  f.received = f.nextReceived;
  f.sent = 0;
  f.vc = f.nextVc;
  f.nextPkt = -1;
  f.nextReceived = 0;
  f.nextVc = 0;
}

/**
 * Whether a packet whose head crosses the link into input frame `f` this cycle could enter it:
 * the frame is empty, or its packet has fully arrived before this cycle, was granted before this
 * cycle (so it has started across the crossbar and drains a phit every cycle: the two packets
 * never hold more than L phits together) and has no packet behind it yet. Used for injection; a
 * network link reserves the frame when the upstream output is granted (outputFree).
 */
function canTakeHead(f: InFrame, L: number, cycle: number): boolean {
  return (
    f.pkt < 0 ||
    (f.nextPkt < 0 && f.grant >= 0 && f.grantAt < cycle && f.arrived === L && f.lastArrival < cycle)
  );
}

const clearMq = (f: MqFrame): void => fillMq(f, -1, -1);

/** The index of the lowest set bit of a non-zero word: frames are visited in index order. */
const lowestBit = (bits: number): number => 31 - Math.clz32(bits & -bits);

/** The frames (bit i: frame i) of a list. */
const allBits = (n: number): number => (1 << n) - 1;

/** The frames of a list that hold a packet (bit i: frame i). */
function occupiedBits(frames: readonly { pkt: number }[]): number {
  let used = 0;
  for (let i = 0; i < frames.length; i++) if (frames[i]!.pkt >= 0) used |= 1 << i;
  return used;
}

/**
 * Cycles between full audits of the frames: the occupancy bits the per-cycle passes rely on are
 * compared with every frame, and empty frames are checked too (every cycle: the occupied ones).
 */
const AUDIT_EVERY = 64;

/** An input frame holds more than L phits, forwards phits it never received, or queues badly. */
const inFrameOverfull = (f: InFrame, L: number): boolean =>
  f.arrived > L ||
  f.forwarded > f.arrived ||
  f.arrived - f.forwarded + f.nextArrived > L ||
  (f.nextPkt >= 0 && (f.pkt < 0 || f.grant < 0 || f.nextPkt === f.pkt));

/** An output frame holds more than L phits, sends phits it never received, or queues badly. */
const outFrameOverfull = (f: OutFrame, L: number): boolean =>
  f.received > L ||
  f.sent > f.received ||
  f.received - f.sent + f.nextReceived > L ||
  (f.nextPkt >= 0 && (f.pkt < 0 || f.nextPkt === f.pkt));

/**
 * The live packets by id, for the per-phit loops. `state.packets` is keyed by ever-growing ids and
 * loses its delivered packets, so V8 keeps it as a hash table; this array over the window from the
 * oldest live id up is indexed directly. Derived from the state, never part of it.
 */
class PacketIndex {
  /** The id in slots[0]. */
  private base: number;
  private readonly slots: (PacketState | undefined)[] = [];

  constructor(state: NetworkState) {
    this.base = state.nextPacket;
    for (const id in state.packets) this.base = Math.min(this.base, Number(id));
    for (let id = this.base; id < state.nextPacket; id++) this.slots.push(state.packets[id]);
  }

  get(id: number): PacketState {
    return this.slots[id - this.base]!;
  }

  /** A packet just created: its id is the next one. */
  add(pkt: PacketState): void {
    this.slots.push(pkt);
  }

  remove(id: number): void {
    this.slots[id - this.base] = undefined;
    // Packets are mostly delivered oldest first: drop delivered ones from the front, so the
    // window stays as short as the span of live ids.
    let n = 0;
    while (n < this.slots.length && this.slots[n] === undefined) n++;
    if (n > 0) {
      this.slots.splice(0, n);
      this.base += n;
    }
  }
}

/** What a routing function sees and may do at one router in step 3. */
export interface RoutingContext {
  readonly cfg: NetworkConfig;
  /** Set by the network before each call (a restore replaces the state object). */
  state: NetworkState;
  router: number;
  /** Virtual channels per input port (input frame i is port ⌊i / vcs⌋, channel i mod vcs). */
  readonly vcs: number;
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

export class Network {
  state: NetworkState;
  private events: NetworkModelEvent[] = [];
  private moved = false;
  // Wiring and schedule, derived from the configuration once (not state).
  /** neighbours[r × 4 + o]: the router behind output o (N E S W) of router r, or −1. */
  private readonly neighbours: number[];
  /** The router of each processing node. */
  private readonly nodeRouter: number[];
  /** The processing node at each router, or −1. */
  private readonly routerNode: number[];
  /** Scheduled packets by creation cycle, in configuration order. */
  private readonly scheduled = new Map<number, { src: number; dst: number }[]>();
  /** The last cycle a scheduled packet is created (0 with none). */
  private readonly lastScheduled: number = 0;
  /** The routing function. */
  private readonly route: (ctx: RoutingContext) => void;
  /** What the traffic pattern is told about the node grid. */
  private readonly patternContext: { side: number; hotspot: { node: number; fraction: number } };
  /** Virtual channels per input port, from the routing function. */
  readonly vcs: number;
  private readonly ctx: RoutingContext;
  /**
   * Noted by the crossbar pass for step 3 of the same cycle: waiting[r], whether router r holds a
   * packet that still needs an output (most routers, most cycles, do not), and ready[r], its
   * readyInputs. In between, other routers' grants only reserve frames whose head has not
   * arrived, which changes neither.
   */
  private readonly waiting: Uint8Array;
  private readonly ready: Uint32Array;
  /**
   * The frames that hold a packet, per router: bit i of inUsed[r] for input frame i, of outUsed[r]
   * for output o, of mqUsed[r] for multi-queue slot i. Noted wherever a frame is filled or
   * emptied, so the per-cycle passes and the invariant check visit only occupied frames (about a
   * third of them under load); checked against every frame every AUDIT_EVERY cycles. Derived
   * from the state, like `live`.
   */
  private readonly inUsed: Uint32Array;
  private readonly outUsed: Uint32Array;
  private readonly mqUsed: Uint32Array;
  /** The port (PORTS index) of each input frame: frame i is port ⌊i / vcs⌋, channel i mod vcs. */
  private readonly portOfInput: readonly number[];
  /** The input frames of the network ports N E S W (bit i: input frame i), all but P's. */
  private readonly networkInputBits: number;
  /** The state `live` and the occupancy bits describe; rebuilt when it is replaced (a restore). */
  private live: PacketIndex;
  private indexed: NetworkState;

  constructor(
    readonly cfg: NetworkConfig,
    private readonly port: NodePort | null = null,
  ) {
    const t = cfg.topology;
    this.vcs = routingFunctions[cfg.router].vcs(cfg);
    this.route = routingFunctions[cfg.router].route;
    this.neighbours = Array.from({ length: routerCount(t) }, (_, r) =>
      DIRS.map((d) => neighbour(t, r, d) ?? -1),
    ).flat();
    this.nodeRouter = Array.from({ length: nodeCount(t) }, (_, n) => routerOfNode(t, n));
    this.routerNode = Array.from({ length: routerCount(t) }, () => -1);
    this.nodeRouter.forEach((r, n) => (this.routerNode[r] = n));
    for (const p of cfg.packets) {
      const list = this.scheduled.get(p.at) ?? [];
      list.push({ src: p.src, dst: p.dst });
      this.scheduled.set(p.at, list);
      this.lastScheduled = Math.max(this.lastScheduled, p.at);
    }
    this.patternContext = {
      side: t.attached,
      hotspot: cfg.traffic?.hotspot ?? { node: 0, fraction: 0 },
    };
    this.ctx = this.routingContext();
    this.waiting = new Uint8Array(routerCount(t));
    this.ready = new Uint32Array(routerCount(t));
    this.inUsed = new Uint32Array(routerCount(t));
    this.outUsed = new Uint32Array(routerCount(t));
    this.mqUsed = new Uint32Array(routerCount(t));
    this.networkInputBits = (1 << (P_INDEX * this.vcs)) - 1;
    this.portOfInput = Array.from({ length: PORTS.length * this.vcs }, (_, i) =>
      Math.floor(i / this.vcs),
    );
    this.state = {
      cycle: 0,
      routers: Array.from({ length: routerCount(t) }, (_, r) =>
        routerRecord({
          in: Array.from({ length: PORTS.length * this.vcs }, emptyIn),
          out: PORTS.map(emptyOut),
          mq: Array.from({ length: routingFunctions[cfg.router].multiQueue(cfg) }, emptyMq),
          rr: 0,
          rng: createStream(cfg.seed, `router${r}`),
          last: null,
          pLink: 'idle',
          tieBreak: false,
        }),
      ),
      packets: {},
      nextPacket: 1,
      queues: Array.from({ length: nodeCount(t) }, () => []),
      trafficRng: Array.from({ length: nodeCount(t) }, (_, n) =>
        createStream(cfg.seed, `traffic${n}`),
      ),
      linkPhits: Array.from({ length: routerCount(t) }, () => [0, 0, 0, 0]),
      linkRecent: Array.from({ length: routerCount(t) }, () => DIRS.map(emptyLinkWindow)),
      latencyHistogram: {},
      stats: emptyStats(),
      idleCycles: 0,
      halted: false,
    };
    this.indexed = this.state;
    this.live = new PacketIndex(this.state);
  }

  /** Rebuilds what is derived from the state: the packet index and the occupancy bits. */
  private reindex(s: NetworkState): void {
    this.indexed = s;
    this.live = new PacketIndex(s);
    s.routers.forEach((router, r) => {
      this.inUsed[r] = occupiedBits(router.in);
      this.outUsed[r] = occupiedBits(router.out);
      this.mqUsed[r] = occupiedBits(router.mq);
    });
  }

  /** The deep copy a restored snapshot runs on (see reviveNetworkState). */
  revive(state: NetworkState): NetworkState {
    return reviveNetworkState(state);
  }

  private emit(e: NetworkModelEvent): void {
    this.events.push(e);
  }

  /** Notes that some phit of `pkt` moved this cycle. */
  private touch(pkt: PacketState, cycle: number): void {
    if (pkt.lastMoved !== cycle) {
      pkt.lastMoved = cycle;
      pkt.moves += 1;
    }
    this.moved = true;
  }

  step(): NetworkModelEvent[] {
    this.events = [];
    this.moved = false;
    const s = this.state;
    s.cycle += 1;
    if (s.halted) return this.events;
    if (this.indexed !== s) this.reindex(s);
    this.links();
    this.crossbars();
    for (let r = 0; r < s.routers.length; r++) this.routeAt(r);
    this.inject();
    this.generate();
    this.watch();
    return this.events;
  }

  // ---- step 1: links ----

  private links(): void {
    const s = this.state;
    const { routers, cycle } = s;
    const live = this.live;
    const L = this.cfg.packetPhits;
    const V = this.vcs;
    const injectionBit = 1 << (P_INDEX * V);
    for (let r = 0; r < routers.length; r++) {
      const router = routers[r]!;
      // A half-duplex P link that carried a delivery's last phit last cycle is free from this
      // one: the next packet either way (or a tie, on TB) goes now, with no cycle lost.
      if (router.pLink === 'deliver' && router.out[P_INDEX]!.sent === 0) router.pLink = 'idle';
      for (let used = this.outUsed[r]!; used !== 0; used &= used - 1) {
        const o = lowestBit(used);
        const out = router.out[o]!;
        if (out.pkt < 0 || out.sent >= out.received) continue;
        const pkt = live.get(out.pkt);
        if (o === P_INDEX) {
          if (out.sent === 0 && !this.mayStartDelivery(r, pkt)) continue;
          out.sent += 1;
          this.touch(pkt, cycle);
          if (pkt.phitsDelivered === 0) {
            pkt.ejectStartedAt = cycle;
            this.port?.started(pkt.dst, pkt);
          }
          pkt.phitsDelivered += 1;
          if (pkt.phitsDelivered === L) this.deliver(pkt, r);
        } else {
          const next = routers[this.neighbours[r * 4 + o]!]!.in[OPPOSITE_INDEX[o]! * V + out.vc]!;
          // Only into the frame reserved for this packet (at its front, or behind the packet
          // leaving it): an exchanged packet waits here until the stuck packet in that frame has
          // moved into its router's multi-queue.
          if (next.pkt === out.pkt) {
            if (next.arrived === 0) next.headAt = cycle;
            next.arrived += 1;
            next.lastArrival = cycle;
          } else if (next.nextPkt === out.pkt) {
            if (next.nextArrived === 0) next.nextHeadAt = cycle;
            next.nextArrived += 1;
            next.nextLastArrival = cycle;
          } else continue;
          out.sent += 1;
          this.touch(pkt, cycle);
          s.linkPhits[r]![o]! += 1;
          recordPhit(s.linkRecent[r]![o]!, cycle);
        }
        // Tail-following: the packet behind (if any) goes on the link from the next cycle.
        if (out.sent === L) {
          popOut(out);
          if (out.pkt < 0) this.outUsed[r] = this.outUsed[r]! & ~(1 << o);
        }
      }
      // The injection link streams the rest of a packet whose head is in the injection frame
      // (the one at the front, or the one behind a leaving packet).
      if ((this.inUsed[r]! & injectionBit) === 0) continue;
      const inj = router.in[P_INDEX * V]!;
      if (inj.pkt < 0) continue;
      if (inj.headAt >= 0 && inj.arrived < L) {
        if (inj.headAt < cycle) {
          inj.arrived += 1;
          inj.lastArrival = cycle;
          this.touch(live.get(inj.pkt), cycle);
          if (inj.arrived === L && router.pLink === 'inject') router.pLink = 'idle';
        }
      } else if (inj.nextPkt >= 0 && inj.nextArrived < L && inj.nextHeadAt < cycle) {
        inj.nextArrived += 1;
        inj.nextLastArrival = cycle;
        this.touch(live.get(inj.nextPkt), cycle);
        if (inj.nextArrived === L && router.pLink === 'inject') router.pLink = 'idle';
      }
    }
  }

  /**
   * Whether the P output may send the first phit of `pkt` now: the node takes it, and on a
   * half-duplex link no injection holds the link. On an idle link a waiting injection ties with
   * the delivery; the TB bit decides (false: delivery), toggling when used (digest §C.17).
   */
  private mayStartDelivery(r: number, pkt: PacketState): boolean {
    if (this.port && !this.port.accepts(pkt.dst)) return false;
    if (!this.cfg.halfDuplexP) return true;
    const router = this.state.routers[r]!;
    if (router.pLink !== 'idle') return false;
    if (this.wantsToInject(r)) {
      router.tieBreak = !router.tieBreak;
      if (!router.tieBreak) {
        router.pLink = 'inject';
        return false;
      }
    }
    router.pLink = 'deliver';
    return true;
  }

  /**
   * Whether the node has a packet the injection frame takes this cycle (step 4). Asked in step 1,
   * and the answer holds until step 4: a frame that can take a head has no packet that steps 2–3
   * could make unable to (see canTakeHead).
   */
  private wantsToInject(r: number): boolean {
    const s = this.state;
    const node = this.routerNode[r]!;
    return (
      node >= 0 &&
      s.queues[node]!.length > 0 &&
      canTakeHead(s.routers[r]!.in[P_INDEX * this.vcs]!, this.cfg.packetPhits, s.cycle)
    );
  }

  /**
   * A packet a program sends (the NI's outbox hands it over): queued for injection at `src`, or
   * null when the injection queue is full. Returns the packet's id.
   */
  submit(src: number, dst: number): number | null {
    return this.create(src, dst);
  }

  private deliver(pkt: PacketState, r: number): void {
    const s = this.state;
    const latency = s.cycle - pkt.createdAt + 1;
    const networkLatency = s.cycle - pkt.injectedAt + 1;
    s.stats.delivered += 1;
    if (!this.cfg.traffic || s.cycle <= this.cfg.traffic.until) s.stats.deliveredInWindow += 1;
    s.stats.inFlight -= 1;
    s.stats.latencySum += latency;
    s.stats.networkLatencySum += networkLatency;
    s.stats.networkLatencyMin = Math.min(s.stats.networkLatencyMin, networkLatency);
    s.stats.networkLatencyMax = Math.max(s.stats.networkLatencyMax, networkLatency);
    s.stats.hopsSum += pkt.hops;
    s.latencyHistogram[latency] = (s.latencyHistogram[latency] ?? 0) + 1;
    if (
      this.cfg.checkInvariants &&
      (r !== pkt.dstRouter || pkt.header.dx !== 0 || pkt.header.dy !== 0)
    ) {
      this.emit({
        kind: 'invariant.violation',
        rule: 'delivery',
        block: -1,
        detail: `packet ${pkt.id} for node ${pkt.dst} ejected at router ${r} with header [${pkt.header.dy},${pkt.header.dx}]`,
      });
    }
    this.emit({
      kind: 'net.deliver',
      packet: pkt.id,
      node: pkt.dst,
      latency,
      networkLatency,
      hops: pkt.hops,
      deroutes: pkt.deroutes,
    });
    this.port?.delivered(pkt.dst, pkt);
    delete s.packets[pkt.id];
    this.live.remove(pkt.id);
  }

  // ---- step 2: crossbars ----

  private crossbars(): void {
    const { routers, cycle } = this.state;
    const live = this.live;
    const L = this.cfg.packetPhits;
    const decided = this.cfg.decisionCycles - 2;
    for (let r = 0; r < routers.length; r++) {
      const router = routers[r]!;
      let waiting = 0;
      let ready = 0;
      for (let used = this.inUsed[r]!; used !== 0; used &= used - 1) {
        const i = lowestBit(used);
        const f = router.in[i]!;
        if (f.pkt < 0) continue;
        if (f.grant >= 0) {
          if (f.grantAt >= cycle || f.forwarded >= f.arrived - (f.lastArrival === cycle ? 1 : 0))
            continue;
          // Into the output frame at its front, or behind the packet leaving it.
          const out = router.out[f.grant]!;
          if (out.pkt === f.pkt) out.received += 1;
          else out.nextReceived += 1;
          this.touch(live.get(f.pkt), cycle);
          f.forwarded += 1;
          if (f.forwarded < L) continue;
          // Tail-following: the packet behind moves up, its header already decoded if its head
          // arrived early enough, so it may be granted in step 3 of this very cycle.
          popIn(f);
          if (f.pkt < 0) {
            this.inUsed[r] = this.inUsed[r]! & ~(1 << i);
            continue;
          }
        }
        if (f.headAt >= 0) waiting = 1;
        // A packet accepted in an exchange (IN_EXCHANGE) waits for its MQ frame, not a route.
        if (f.headAt >= 0 && f.grant === -1 && cycle >= f.headAt + decided) ready |= 1 << i;
      }
      for (let used = this.mqUsed[r]!; used !== 0; used &= used - 1) {
        const slot = lowestBit(used);
        const f = router.mq[slot]!;
        if (f.pkt < 0) continue;
        if (f.grant < 0) {
          waiting = 1;
          continue;
        }
        if (f.grantAt >= cycle) continue;
        const out = router.out[f.grant]!;
        if (out.pkt === f.pkt) out.received += 1;
        else out.nextReceived += 1;
        this.touch(live.get(f.pkt), cycle);
        f.forwarded += 1;
        if (f.forwarded === L) {
          clearMq(f);
          this.mqUsed[r] = this.mqUsed[r]! & ~(1 << slot);
        }
      }
      this.waiting[r] = waiting;
      this.ready[r] = ready;
    }
  }

  // ---- step 3: routing ----

  /** The routing function's view of one router; built once, pointed at a router per call. */
  private routingContext(): RoutingContext {
    const V = this.vcs;
    const L = this.cfg.packetPhits;
    const followOnLinks = routingFunctions[this.cfg.router].followOnLinks;
    const ctx: RoutingContext = {
      cfg: this.cfg,
      state: this.state,
      router: 0,
      vcs: V,
      outputFree: (o, vc = 0, pkt = -1) => {
        const routers = this.state.routers;
        // Tail-following: an output frame whose packet has all its phits and has started on the
        // link drains one phit per cycle, so the next packet's phits may follow it in.
        const out = routers[ctx.router]!.out[o]!;
        if (
          out.pkt >= 0 &&
          (out.nextPkt >= 0 || out.received < L || out.sent === 0 || out.pkt === pkt)
        )
          return false;
        if (o === P_INDEX) return true;
        const nb = this.neighbours[ctx.router * 4 + o]!;
        if (nb < 0) return false;
        // The input frame behind: empty, or its packet is leaving (granted: it drains a phit per
        // cycle once its tail, which comes first on the link, has arrived) with no packet behind.
        const f = routers[nb]!.in[OPPOSITE_INDEX[o]! * V + vc]!;
        return f.pkt < 0 || (followOnLinks && f.nextPkt < 0 && f.grant >= 0 && f.pkt !== pkt);
      },
      readyInputs: 0,
      profitableSet: (pkt) => this.live.get(pkt).profitable,
      grantInput: (index, to, reason, vc = 0) =>
        this.grant(ctx.router, 'in', index, to, reason, vc),
      grantMq: (slot, to, reason) => this.grant(ctx.router, 'mq', slot, to, reason, 0),
      exchangePartner: (o) => this.exchangePartner(ctx.router, o),
      exchange: (o, slot, partnerSlot) => this.exchange(ctx.router, o, slot, partnerSlot),
    };
    return ctx;
  }

  /** See RoutingContext.exchangePartner. */
  private exchangePartner(r: number, o: number): number {
    if (o === P_INDEX) return -1;
    const nb = this.neighbours[r * 4 + o]!;
    if (nb < 0) return -1;
    const routers = this.state.routers;
    const a = routers[r]!;
    const b = routers[nb]!;
    const back = OPPOSITE_INDEX[o]!;
    const V = this.vcs;
    const L = this.cfg.packetPhits;
    const stuck = (f: InFrame) => f.pkt >= 0 && f.headAt >= 0 && f.arrived === L && f.grant === -1;
    const mqFull = (mq: MqFrame[]) => mq.length > 0 && mq.every((f) => f.pkt >= 0 && f.grant < 0);
    return a.out[o]!.pkt < 0 &&
      b.out[back]!.pkt < 0 &&
      stuck(a.in[o * V]!) &&
      stuck(b.in[back * V]!) &&
      mqFull(a.mq) &&
      mqFull(b.mq)
      ? nb
      : -1;
  }

  /** See RoutingContext.exchange. */
  private exchange(r: number, o: number, slot: number, partnerSlot: number): void {
    const nb = this.neighbours[r * 4 + o]!;
    const back = OPPOSITE_INDEX[o]!;
    const routers = this.state.routers;
    const V = this.vcs;
    routers[r]!.in[o * V]!.grant = IN_EXCHANGE;
    routers[nb]!.in[back * V]!.grant = IN_EXCHANGE;
    // The neighbour may not have routed yet this cycle: its stuck packet is no longer a candidate.
    this.ready[nb] = this.ready[nb]! & ~(1 << (back * V));
    this.grant(r, 'mq', slot, o, 'exchange', 0);
    this.grant(nb, 'mq', partnerSlot, back, 'exchange', 0);
  }

  private routeAt(r: number): void {
    const { cfg, state: s } = this;
    const router = s.routers[r]!;
    router.rr = router.rr + 1 === PORTS.length ? 0 : router.rr + 1;
    if (this.waiting[r] === 0) return;
    this.ctx.router = r;
    this.ctx.state = s;
    this.ctx.readyInputs = this.ready[r]!;
    this.route(this.ctx);
    // Fully arrived input packets that found no output wait in the multi-queue (never from P);
    // packets accepted in a packet exchange (IN_EXCHANGE) take the first free frames.
    if (router.mq.length === 0) return;
    // Only a frame that held a packet when the cycle began can hold a fully arrived one now.
    const networkInputs = this.inUsed[r]! & this.networkInputBits;
    for (const wanted of BUFFER_ORDER) {
      for (let used = networkInputs; used !== 0; used &= used - 1) {
        const i = lowestBit(used);
        const f = router.in[i]!;
        if (f.pkt < 0 || f.grant !== wanted || f.arrived < cfg.packetPhits) continue;
        const port = this.portOfInput[i]!;
        let slot = 0;
        while (slot < router.mq.length && router.mq[slot]!.pkt >= 0) slot++;
        if (slot === router.mq.length) return;
        fillMq(router.mq[slot]!, f.pkt, s.cycle);
        this.mqUsed[r] = this.mqUsed[r]! | (1 << slot);
        if (wanted === IN_EXCHANGE) {
          this.emit({
            kind: 'net.buffer',
            router: r,
            packet: f.pkt,
            from: PORTS[port]!,
            slot,
            exchange: true,
          });
          // The neighbour's output frame holds the packet it sent in the exchange: that packet
          // gets this input frame, and starts across the link next cycle.
          const up = s.routers[this.neighbours[r * 4 + port]!]!.out[OPPOSITE_INDEX[port]!]!;
          fillIn(f, up.pkt, -1, 0, -1);
        } else {
          this.emit({ kind: 'net.buffer', router: r, packet: f.pkt, from: PORTS[port]!, slot });
          // A packet that was never granted has nothing behind it: the frame is now empty.
          popIn(f);
          this.inUsed[r] = this.inUsed[r]! & ~(1 << i);
        }
      }
    }
  }

  private grant(
    r: number,
    kind: 'in' | 'mq',
    index: number,
    to: number,
    reason: RouteReason,
    vc: number,
  ): void {
    const { cfg, state: s } = this;
    const router = s.routers[r]!;
    const frame = kind === 'in' ? router.in[index]! : router.mq[index]!;
    const pkt = this.live.get(frame.pkt);
    const wasProfitable = (pkt.profitable & (1 << to)) !== 0;
    const profitable = PORT_SETS[pkt.profitable]!.slice();
    const toPort = PORTS[to]!;
    frame.grant = to;
    frame.grantAt = s.cycle;
    const out = router.out[to]!;
    this.outUsed[r] = this.outUsed[r]! | (1 << to);
    if (out.pkt < 0) fillOut(out, pkt.id, vc);
    else {
      // Tail-following: behind the packet leaving the output frame.
      out.nextPkt = pkt.id;
      out.nextReceived = 0;
      out.nextVc = vc;
    }
    if (to !== P_INDEX) {
      const nb = this.neighbours[r * 4 + to]!;
      // An exchanged packet's input frame is still held: it is reserved once vacated (step 3).
      if (reason !== 'exchange') {
        const behind = OPPOSITE_INDEX[to]! * this.vcs + vc;
        reserveIn(s.routers[nb]!.in[behind]!, pkt.id);
        this.inUsed[nb] = this.inUsed[nb]! | (1 << behind);
      }
      pkt.header = afterHop(pkt.header, toPort as Dir, cfg.topology);
      pkt.profitable = profitableSet(pkt.header, cfg.topology);
      pkt.hops += 1;
      pkt.path.push(nb);
      // A deflection is a deroute too: a hop in an unprofitable direction; so is an exchanged
      // packet's hop when that way was not profitable for it.
      const misrouted =
        reason === 'deroute' || reason === 'deflect' || (reason === 'exchange' && !wasProfitable);
      pkt.derouted.push(misrouted);
      if (misrouted) {
        pkt.deroutes += 1;
        s.stats.deroutes += 1;
      }
    }
    const decision: Decision = {
      cycle: s.cycle,
      packet: pkt.id,
      from: kind === 'in' ? PORTS[Math.floor(index / this.vcs)]! : 'MQ',
      to: toPort,
      profitable,
      reason,
    };
    router.last = decision;
    this.emit({
      kind: 'net.route',
      router: r,
      packet: pkt.id,
      from: decision.from,
      to: toPort,
      profitable,
      reason,
      header: { dy: pkt.header.dy, dx: pkt.header.dx },
    });
  }

  // ---- step 4: injection ----

  private inject(): void {
    const s = this.state;
    const P = P_INDEX * this.vcs;
    for (let node = 0; node < s.queues.length; node++) {
      const queue = s.queues[node]!;
      if (queue.length === 0) continue;
      const r = this.nodeRouter[node]!;
      const router = s.routers[r]!;
      const inj = router.in[P]!;
      // Tail-following: the head may enter behind a leaving packet whose tail is in.
      if (!canTakeHead(inj, this.cfg.packetPhits, s.cycle)) continue;
      if (this.cfg.halfDuplexP) {
        if (router.pLink === 'deliver') continue;
        router.pLink = 'inject';
      }
      const id = queue.shift()!;
      const pkt = this.live.get(id);
      pkt.injectedAt = s.cycle;
      this.touch(pkt, s.cycle);
      if (inj.pkt < 0) fillIn(inj, id, s.cycle, 1, s.cycle);
      else fillNextIn(inj, id, s.cycle, 1, s.cycle);
      this.inUsed[r] = this.inUsed[r]! | (1 << P);
      s.stats.injected += 1;
      this.emit({ kind: 'net.inject', packet: id, node, router: r, dst: pkt.dst });
    }
  }

  // ---- step 5: traffic ----

  private create(src: number, dst: number): number | null {
    const { cfg, state: s } = this;
    const queue = s.queues[src]!;
    if (queue.length >= cfg.injectionQueue) {
      s.stats.refused += 1;
      return null;
    }
    const srcRouter = this.nodeRouter[src]!;
    const dstRouter = this.nodeRouter[dst]!;
    const id = s.nextPacket++;
    const header = headerBetween(cfg.topology, srcRouter, dstRouter);
    const pkt = packetRecord();
    pkt.id = id;
    pkt.src = src;
    pkt.dst = dst;
    pkt.dstRouter = dstRouter;
    pkt.header = header;
    pkt.profitable = profitableSet(header, cfg.topology);
    pkt.createdAt = s.cycle;
    pkt.path.push(srcRouter);
    s.packets[id] = pkt;
    this.live.add(pkt);
    queue.push(id);
    s.stats.created += 1;
    s.stats.inFlight += 1;
    return id;
  }

  private generate(): void {
    const { cfg, state: s } = this;
    const due = this.scheduled.get(s.cycle);
    if (due) for (const p of due) this.create(p.src, p.dst);
    const t = cfg.traffic;
    if (!t || s.cycle > t.until) return;
    const chance = t.load / cfg.packetPhits;
    const dest = trafficPatterns[t.pattern].dest;
    for (let node = 0; node < s.trafficRng.length; node++) {
      const rng = s.trafficRng[node]!;
      if (nextFloat(rng) >= chance) continue;
      const dst = dest(node, this.patternContext, rng);
      if (dst !== node) this.create(node, dst);
    }
  }

  // ---- step 6: watchdog, invariants, halt ----

  private watch(): void {
    const { cfg, state: s } = this;
    const inFlight = s.stats.inFlight;
    s.idleCycles = this.moved || inFlight === 0 ? 0 : s.idleCycles + 1;
    if (s.idleCycles === cfg.stallWatchdog)
      this.emit({
        kind: 'net.stall',
        idleCycles: s.idleCycles,
        held: this.heldFrames(),
        deadlock: this.waitCycle(),
      });
    if (cfg.checkInvariants) this.checkInvariants(inFlight);
    const moreTraffic =
      s.cycle < this.lastScheduled || (cfg.traffic !== null && s.cycle < cfg.traffic.until);
    if (!moreTraffic && inFlight === 0 && !this.port) {
      s.halted = true;
      this.emit({ kind: 'sim.halt', reason: 'all packets delivered' });
    }
  }

  private heldFrames(): { packet: number; router: number; where: string }[] {
    const held: { packet: number; router: number; where: string }[] = [];
    this.state.routers.forEach((router, r) => {
      router.in.forEach((f, i) => {
        if (f.pkt >= 0) held.push({ packet: f.pkt, router: r, where: this.frameName(i) });
        if (f.nextPkt >= 0) held.push({ packet: f.nextPkt, router: r, where: this.frameName(i) });
      });
      router.mq.forEach(
        (f, i) => f.pkt >= 0 && held.push({ packet: f.pkt, router: r, where: `MQ ${i}` }),
      );
    });
    return held;
  }

  /**
   * A cycle in the wait-for graph: each blocked packet waits for the packets holding the output
   * frame or the input frame behind the outputs it may take. Found by depth-first search from the
   * lowest router id, so the same deadlock is always reported the same way.
   */
  private waitCycle(): { packet: number; router: number; where: string; waitsFor: Port }[] {
    const s = this.state;
    const V = this.vcs;
    type Wait = {
      packet: number;
      router: number;
      where: string;
      waitsFor: Port;
      holders: number[];
    };
    const waits = new Map<number, Wait[]>();
    s.routers.forEach((router, r) => {
      router.in.forEach((f, i) => {
        if (f.pkt < 0 || f.headAt < 0 || f.grant !== -1) return;
        const pkt = s.packets[f.pkt]!;
        const wanted: readonly Port[] =
          this.cfg.router === 'dor'
            ? [dimensionOrderOutput(pkt.header.dy, pkt.header.dx)]
            : PORT_SETS[pkt.profitable]!;
        for (const o of wanted) {
          const oi = portIndex(o);
          const holders: number[] = [];
          const out = router.out[oi]!;
          if (out.pkt >= 0) holders.push(out.pkt);
          if (out.nextPkt >= 0) holders.push(out.nextPkt);
          const nb = oi === P_INDEX ? -1 : this.neighbours[r * 4 + oi]!;
          if (nb >= 0) {
            for (let vc = 0; vc < V; vc++) {
              const behind = s.routers[nb]!.in[OPPOSITE_INDEX[oi]! * V + vc]!;
              if (behind.pkt >= 0) holders.push(behind.pkt);
              if (behind.nextPkt >= 0) holders.push(behind.nextPkt);
            }
          }
          const list = waits.get(f.pkt) ?? [];
          list.push({ packet: f.pkt, router: r, where: this.frameName(i), waitsFor: o, holders });
          waits.set(f.pkt, list);
        }
      });
    });
    const onPath: number[] = [];
    const visited = new Set<number>();
    const visit = (p: number): number[] | null => {
      const at = onPath.indexOf(p);
      if (at >= 0) return onPath.slice(at);
      if (visited.has(p)) return null;
      visited.add(p);
      onPath.push(p);
      for (const w of waits.get(p) ?? []) {
        for (const h of w.holders) {
          if (h === p) continue;
          const found = visit(h);
          if (found) return found;
        }
      }
      onPath.pop();
      return null;
    };
    for (const p of [...waits.keys()].sort((a, b) => a - b)) {
      const cycle = visit(p);
      if (cycle) {
        return cycle.map((packet, k) => {
          const next = cycle[(k + 1) % cycle.length]!;
          const w =
            waits.get(packet)!.find((x) => x.holders.includes(next)) ?? waits.get(packet)![0]!;
          return { packet, router: w.router, where: w.where, waitsFor: w.waitsFor };
        });
      }
    }
    return [];
  }

  /** "in W", or "in W vc1" with virtual channels. */
  private frameName(index: number): string {
    const port = PORTS[Math.floor(index / this.vcs)]!;
    return this.vcs > 1 ? `in ${port} vc${index % this.vcs}` : `in ${port}`;
  }

  private checkInvariants(inFlight: number): void {
    const { cfg, state: s } = this;
    let queued = 0;
    for (let n = 0; n < s.queues.length; n++) queued += s.queues[n]!.length;
    if (
      s.stats.created !== s.stats.delivered + inFlight ||
      s.stats.injected !== s.stats.delivered + inFlight - queued
    ) {
      this.emit({
        kind: 'invariant.violation',
        rule: 'conservation',
        block: -1,
        detail: `created ${s.stats.created}, injected ${s.stats.injected}, delivered ${s.stats.delivered}, in flight ${inFlight}, queued ${queued}`,
      });
    }
    const L = cfg.packetPhits;
    // Every AUDIT_EVERY cycles, every frame, and whether the occupancy bits agree with them.
    const audit = s.cycle % AUDIT_EVERY === 0;
    for (let r = 0; r < s.routers.length; r++) {
      const router = s.routers[r]!;
      let bad = false;
      // A frame holds at most L phits, of one packet or of a leaving packet and the one behind it.
      for (let used = audit ? allBits(router.in.length) : this.inUsed[r]!; used; used &= used - 1)
        bad ||= inFrameOverfull(router.in[lowestBit(used)]!, L);
      for (let used = audit ? allBits(router.mq.length) : this.mqUsed[r]!; used; used &= used - 1)
        bad ||= router.mq[lowestBit(used)]!.forwarded > L;
      for (let used = audit ? allBits(router.out.length) : this.outUsed[r]!; used; used &= used - 1)
        bad ||= outFrameOverfull(router.out[lowestBit(used)]!, L);
      if (bad) {
        this.emit({
          kind: 'invariant.violation',
          rule: 'capacity',
          block: -1,
          detail: `router ${r} holds more than L phits in a frame, sends phits it never received, or queues a packet behind one that is not leaving`,
        });
      }
      if (
        audit &&
        (this.inUsed[r] !== occupiedBits(router.in) ||
          this.outUsed[r] !== occupiedBits(router.out) ||
          this.mqUsed[r] !== occupiedBits(router.mq))
      ) {
        this.emit({
          kind: 'invariant.violation',
          rule: 'capacity',
          block: -1,
          detail: `router ${r}'s record of its occupied frames disagrees with the frames`,
        });
      }
    }
  }

  // ---- views ----

  stats(): NetworkStats {
    const { cfg, state: s } = this;
    const nodes = nodeCount(cfg.topology);
    const cycles = Math.max(1, s.cycle);
    // Offered and accepted over the same cycles: the traffic window, not the drain after it.
    const window = cfg.traffic ? Math.max(1, Math.min(cfg.traffic.until, s.cycle)) : cycles;
    const entries = Object.entries(s.latencyHistogram)
      .map(([lat, n]) => [Number(lat), n] as const)
      .sort((a, b) => a[0] - b[0]);
    const pct = (q: number) => {
      let seen = 0;
      for (const [lat, n] of entries) {
        seen += n;
        if (seen >= q * s.stats.delivered) return lat;
      }
      return 0;
    };
    const d = Math.max(1, s.stats.delivered);
    const links = s.linkPhits.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
    const linkCount = s.linkPhits.length * DIRS.length;
    return {
      cycles: s.cycle,
      nodes,
      created: s.stats.created,
      refused: s.stats.refused,
      injected: s.stats.injected,
      delivered: s.stats.delivered,
      inFlight: s.stats.inFlight,
      offeredLoad: ((s.stats.created + s.stats.refused) * cfg.packetPhits) / (nodes * window),
      acceptedLoad: (s.stats.deliveredInWindow * cfg.packetPhits) / (nodes * window),
      latency: {
        mean: s.stats.latencySum / d,
        p50: pct(0.5),
        p95: pct(0.95),
        p99: pct(0.99),
        max: entries.at(-1)?.[0] ?? 0,
      },
      networkLatency: {
        mean: s.stats.networkLatencySum / d,
        min: s.stats.delivered ? s.stats.networkLatencyMin : 0,
        max: s.stats.networkLatencyMax,
      },
      hops: { mean: s.stats.hopsSum / d },
      deroutes: { total: s.stats.deroutes, perPacket: s.stats.deroutes / d },
      linkUtilisation: links / (linkCount * cycles),
    };
  }

  frame(): NetworkFrame {
    const { cfg, state: s } = this;
    const t = cfg.topology;
    const L = cfg.packetPhits;
    const nodeAt = new Map<number, number>();
    for (let n = 0; n < nodeCount(t); n++) nodeAt.set(routerOfNode(t, n), n);
    const segments = new Map<number, Segment[]>();
    const addSegment = (pkt: number, seg: Segment) => {
      if (seg.phits > 0 || seg.kind === 'in')
        segments.set(pkt, [...(segments.get(pkt) ?? []), seg]);
    };
    const inState = (f: InFrame): FrameState =>
      f.pkt < 0
        ? 'empty'
        : f.grant >= 0
          ? f.arrived < L
            ? 'cut-through'
            : 'leaving'
          : f.arrived < L
            ? 'filling'
            : 'full';
    const routers = s.routers.map((router, r) => {
      // A frame holding two packets (tail-following) reports the leaving one, whose phits are at
      // the front; the one behind shows as a segment of its own packet.
      const frames: FrameView[] = router.in.map((f, i) => {
        const port = PORTS[Math.floor(i / this.vcs)]!;
        if (f.pkt >= 0 && f.headAt >= 0)
          addSegment(f.pkt, { kind: 'in', router: r, port, phits: f.arrived - f.forwarded });
        if (f.nextPkt >= 0 && f.nextHeadAt >= 0)
          addSegment(f.nextPkt, { kind: 'in', router: r, port, phits: f.nextArrived });
        return {
          packet: f.pkt >= 0 ? f.pkt : null,
          phits: f.pkt >= 0 ? f.arrived - f.forwarded : 0,
          state: inState(f),
        };
      });
      // Channel 0 of each port is "the" input frame; further virtual channels are listed apart.
      const inputs = frames.filter((_, i) => i % this.vcs === 0);
      const virtualChannels = frames.filter((_, i) => i % this.vcs !== 0);
      const outputs: FrameView[] = router.out.map((f, i) => {
        if (f.pkt >= 0)
          addSegment(f.pkt, {
            kind: 'out',
            router: r,
            port: PORTS[i]!,
            phits: f.received - f.sent,
          });
        if (f.nextPkt >= 0)
          addSegment(f.nextPkt, { kind: 'out', router: r, port: PORTS[i]!, phits: f.nextReceived });
        return {
          packet: f.pkt >= 0 ? f.pkt : null,
          phits: f.received - f.sent,
          state: f.pkt < 0 ? 'empty' : f.received < L ? 'cut-through' : 'leaving',
        };
      });
      const multiQueue: FrameView[] = router.mq.map((f, slot) => {
        if (f.pkt >= 0) addSegment(f.pkt, { kind: 'mq', router: r, slot, phits: L - f.forwarded });
        return {
          packet: f.pkt >= 0 ? f.pkt : null,
          phits: f.pkt >= 0 ? L - f.forwarded : 0,
          state: f.pkt < 0 ? 'empty' : f.grant >= 0 ? 'leaving' : 'full',
        };
      });
      const occupancy = [...frames, ...outputs, ...multiQueue].filter(
        (f) => f.packet !== null,
      ).length;
      return {
        id: r,
        x: xOf(t, r),
        y: yOf(t, r),
        node: nodeAt.get(r) ?? null,
        inputs,
        virtualChannels,
        outputs,
        multiQueue,
        occupancy,
        lastDecision: router.last
          ? { ...router.last, profitable: [...router.last.profitable] }
          : null,
      };
    });
    const packets: PacketView[] = Object.values(s.packets)
      .filter((p) => p.injectedAt >= 0)
      .sort((a, b) => a.id - b.id)
      .map((p) => ({
        id: p.id,
        src: p.src,
        dst: p.dst,
        header: { ...p.header },
        hops: p.hops,
        deroutes: p.deroutes,
        waited: s.cycle - p.injectedAt + 1 - p.moves,
        createdAt: p.createdAt,
        injectedAt: p.injectedAt,
        path: [...p.path],
        derouted: [...p.derouted],
        segments: segments.get(p.id) ?? [],
      }));
    return {
      model: 'network',
      cycle: s.cycle,
      halted: s.halted,
      routers,
      packets,
      linkPhits: clonePlain(s.linkPhits),
      linkRecent: s.linkRecent.map((row) => row.map((w) => recentPhits(w, s.cycle))),
      injectionQueues: s.queues.map((q) => q.length),
      stats: this.stats(),
    };
  }
}
