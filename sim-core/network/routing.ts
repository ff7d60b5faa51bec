/**
 * Routing functions, by name. Each decides, at one router in one cycle, which waiting packet gets
 * which free output (and which virtual channel behind it); the network does the rest (phits,
 * frames, headers). The chaotic router is the thesis's (digest §B.5, §B.12); dimension-order is
 * the oblivious comparison point of Bolding's study (§B.10), with a dateline so it is deadlock-free
 * on a torus, or without one so students can watch a deadlock form; minimal adaptive (with
 * dimension-order escape channels, Duato's method, or without them: it can deadlock) and deflection
 * are the others. The registry is the one list of routers: each entry carries the
 * name, label and description the UI shows, and answers what the network asks of it (frames per
 * port and multi-queue, tail-following on links, the outputs a blocked packet waits for), so no
 * code compares a router's name.
 */
import { nextInt, type RngState } from '../kernel/rng';
import type { MqFrame, PacketState } from './network-state';
import type { RouterSettings, RoutingContext } from './routing-context';
import { DIRS, OPPOSITE, PORTS, portIndex, xOf, yOf, type Port } from './topology';

/**
 * The chaos router, per free output (scanned from a random start):
 *   1. the oldest multi-queue packet for which the output is profitable (MQ before new arrivals);
 *   2. else a decoded input packet for which it is profitable — virtual cut-through if its tail
 *      has not arrived yet;
 *   3. else, if the multi-queue is full and an input packet (not the injection frame) is waiting
 *      for a slot, a uniformly random multi-queue packet is derouted to this output — never P.
 * Then, if the multi-queue is still full because no output was free at all:
 *   4. the packet exchange. If the router's input frame from some neighbour holds a fully arrived
 *      packet stuck for want of a multi-queue frame, and that neighbour is stuck the same way
 *      towards it (its input frame from this router holds a stuck packet, its multi-queue is
 *      full), the two routers swap packets across their link: each sends one multi-queue packet
 *      to the other — the oldest for which that way is profitable, else a random one (a deroute)
 *      — and takes the stuck packet from the other into the multi-queue frame it frees. The
 *      neighbours are tried from the step's random starting output; one exchange per router and
 *      cycle.
 * Steps 3 and 4 are the packet-exchange rule that keeps the chaos router deadlock-free: "a router
 * wanting to send a packet must be willing to receive a packet" (digest §B.9). A router that must
 * accept a packet frees a frame by sending one, profitably or not: out of a free output (3), or,
 * when every output is blocked by a full input frame, to that very neighbour in exchange for the
 * packet it takes (4). In any state where no phit could move, some router holds a stuck input
 * packet with no free output, and so (every output blocked by a stuck packet) does each of its
 * neighbours — so some link has a stuck pair and step 4 moves them. docs/fidelity/router.md.
 */
const chaos = (ctx: RoutingContext): void => adaptive(ctx, true);
/**
 * Minimal adaptive without derouting or escape channels: the chaos router minus steps 3 and 4 — it
 * can deadlock when full (a cycle of full frames each waiting for the next).
 */
const minimalNoEscape = (ctx: RoutingContext): void => adaptive(ctx, false);

const P = PORTS.indexOf('P');
/** Every output, as PORTS indexes. */
const OUTPUTS = PORTS.map((_, o) => o);
/** For a network output (N E S W), the output of the neighbour that points back. */
const BACK = DIRS.map((d) => PORTS.indexOf(OPPOSITE[d]));
/** The index after i on a ring of n (i + 1 mod n, without a division in the per-cycle loops). */
const wrapNext = (i: number, n: number): number => (i + 1 === n ? 0 : i + 1);
// Scratch lists of adaptive(), reused so that routing allocates nothing (one router at a time).
const ready: number[] = [];
const readySet: number[] = [];
const mqSet: number[] = [];

function adaptive(ctx: RoutingContext, deroute: boolean): void {
  const router = ctx.state.routers[ctx.router]!;
  const { in: inputs, mq } = router;
  const L = ctx.cfg.packetPhits;
  const n = PORTS.length;
  // Input frames whose header is decoded and still waits, in round-robin order, and the profitable
  // outputs of their packets and of the waiting multi-queue packets. These sets hold for the whole
  // call: only a granted packet's header changes, and a granted packet is not considered again.
  let readyCount = 0;
  let wanted = 0;
  let inputWaits = false;
  for (let j = 0, i = router.rr; j < n; j++, i = wrapNext(i, n)) {
    if ((ctx.readyInputs & (1 << i)) === 0) continue;
    ready[readyCount] = i;
    readySet[readyCount] = ctx.profitableSet(inputs[i]!.pkt);
    wanted |= readySet[readyCount]!;
    inputWaits ||= i !== P;
    readyCount++;
  }
  let mqFull = true;
  for (let slot = 0; slot < mq.length; slot++) {
    const f = mq[slot]!;
    mqSet[slot] = f.pkt >= 0 && f.grant < 0 ? ctx.profitableSet(f.pkt) : 0;
    wanted |= mqSet[slot]!;
    mqFull &&= f.pkt >= 0 && f.grant < 0;
  }
  // Only an output some packet finds profitable can be granted, unless a deroute (step 3) may be:
  // that needs a network input waiting and no free multi-queue frame.
  if (deroute && inputWaits && mqFull) wanted = (1 << n) - 1;
  // A random starting output, so a packet with several profitable outputs takes a random
  // shortest path (Snyder: "send packets along a random shortest-path whenever possible").
  const first = nextInt(router.rng, n);
  for (let k = 0, o = first; k < n; k++, o = wrapNext(o, n)) {
    const bit = 1 << o;
    if ((wanted & bit) === 0 || !ctx.outputFree(o)) continue;

    const oldest = oldestFor(mq, mqSet, bit);
    if (oldest >= 0) {
      ctx.grantMq(oldest, o, 'from-multi-queue');
      continue;
    }

    let pick = -1;
    for (let j = 0; j < readyCount && pick < 0; j++)
      if (inputs[ready[j]!]!.grant < 0 && (readySet[j]! & bit) !== 0) pick = ready[j]!;
    if (pick >= 0) {
      const f = inputs[pick]!;
      ctx.grantInput(pick, o, o === P ? 'deliver' : f.arrived < L ? 'cut-through' : 'forward');
      continue;
    }
    if (!deroute || o === P) continue;
    let waiting = false;
    for (let j = 0; j < readyCount; j++) waiting ||= ready[j] !== P && inputs[ready[j]!]!.grant < 0;
    if (!waiting) continue;

    // A frame whose packet is already leaving counts as free: one deroute per shortage.
    let free = 0;
    for (const f of mq) if (f.pkt < 0 || f.grant >= 0) free++;
    if (free > 0) continue;
    // No frame is free, so every slot holds a waiting packet: each is a possible victim.
    if (mq.length > 0) ctx.grantMq(nextInt(router.rng, mq.length), o, 'deroute');
  }
  if (!deroute || !inputWaits || !mqFull) return;
  // Step 4: still no multi-queue frame free or leaving (no output was free for a deroute)?
  for (const f of mq) if (f.grant >= 0) return;
  for (let k = 0, o = first; k < n; k++, o = wrapNext(o, n)) {
    const nb = ctx.exchangePartner(o);
    if (nb < 0) continue;
    const partner = ctx.state.routers[nb]!;
    ctx.exchange(o, exchangeSlot(ctx, router, o), exchangeSlot(ctx, partner, BACK[o]!));
    return;
  }
}

/**
 * The multi-queue packet a router sends out of `o` in a packet exchange: the oldest for which `o`
 * is profitable, else one drawn at random from the router's own stream (a deroute).
 */
function exchangeSlot(
  ctx: RoutingContext,
  router: { mq: MqFrame[]; rng: RngState },
  o: number,
): number {
  const sets = router.mq.map((f) => ctx.profitableSet(f.pkt));
  const oldest = oldestFor(router.mq, sets, 1 << o);
  return oldest >= 0 ? oldest : nextInt(router.rng, router.mq.length);
}

/**
 * The oldest waiting multi-queue packet (ties: the lower id) whose profitable set `sets[slot]`
 * holds output bit `bit`, or −1.
 */
function oldestFor(mq: readonly MqFrame[], sets: readonly number[], bit: number): number {
  let oldest = -1;
  for (let slot = 0; slot < mq.length; slot++) {
    const f = mq[slot]!;
    if (f.grant >= 0 || (sets[slot]! & bit) === 0) continue;
    const best = oldest >= 0 ? mq[oldest]! : null;
    if (
      !best ||
      f.enteredAt < best.enteredAt ||
      (f.enteredAt === best.enteredAt && f.pkt < best.pkt)
    )
      oldest = slot;
  }
  return oldest;
}

/** X first, then Y: the one output dimension-order routing allows (positive way at k/2). */
export function dimensionOrderOutput(dy: number, dx: number): Port {
  if (dx > 0) return 'E';
  if (dx < 0) return 'W';
  if (dy > 0) return 'S';
  if (dy < 0) return 'N';
  return 'P';
}

const dimensionOf = (p: Port): 'x' | 'y' | null =>
  p === 'E' || p === 'W' ? 'x' : p === 'N' || p === 'S' ? 'y' : null;

/**
 * Dimension-order (X then Y) routing with a dateline: a packet travels on virtual channel 0 and
 * moves to channel 1 when it crosses the wrap-around link of the ring it is on (x or y = k−1 ↔ 0),
 * and back to 0 when it turns into the next dimension. Channel 1 never waits for channel 0 across
 * the dateline, so no ring can close a cycle of waiting packets. With `dateline: false` there is
 * one channel, and a ring full of packets each waiting for the next is a deadlock.
 */
function dor(ctx: RoutingContext): void {
  const router = ctx.state.routers[ctx.router]!;
  const layout = ctx.layout;
  const count = router.in.length;
  for (let j = 0; j < count; j++) {
    const i = (layout.inputIndex(router.rr, 0) + j) % count;
    if ((ctx.readyInputs & (1 << i)) === 0) continue;
    const pkt = ctx.state.packets[router.in[i]!.pkt]!;
    const o = dimensionOrderOutput(pkt.header.dy, pkt.header.dx);
    const vc = layout.vcs > 1 ? datelineClass(ctx, i, o, layout.vcOfInput[i]!) : 0;
    grantIfFree(ctx, i, PORTS.indexOf(o), vc);
  }
}

/**
 * The dateline's channel class (0 or 1) for a dimension-order hop out of `o` by the packet in
 * input frame `i`, which holds class `inClass`: class 1 from the hop that crosses the ring's
 * wrap-around link to the end of that dimension, else class 0.
 */
function datelineClass(ctx: RoutingContext, i: number, o: Port, inClass: number): number {
  const t = ctx.cfg.topology;
  const x = xOf(t, ctx.router);
  const y = yOf(t, ctx.router);
  const crossesDateline =
    (o === 'E' && x === t.k - 1) ||
    (o === 'W' && x === 0) ||
    (o === 'S' && y === t.k - 1) ||
    (o === 'N' && y === 0);
  // Arriving from the W input means travelling east: the same dimension as an E/W output.
  const sameDimension = dimensionOf(ctx.layout.inputPort(i)) === dimensionOf(o);
  return crossesDateline ? 1 : sameDimension ? inClass : 0;
}

/** Grants output `o` on channel `vc` to the packet in input frame `i` if both frames are free. */
function grantIfFree(ctx: RoutingContext, i: number, o: number, vc: number): boolean {
  if (!ctx.outputFree(o, vc)) return false;
  const f = ctx.state.routers[ctx.router]!.in[i]!;
  ctx.grantInput(
    i,
    o,
    o === P ? 'deliver' : f.arrived < ctx.cfg.packetPhits ? 'cut-through' : 'forward',
    vc,
  );
  return true;
}

/** Minimal adaptive routing's adaptive channel; channels 1 and 2 are its escape channels. */
const ADAPTIVE = 0;

/**
 * Fully adaptive minimal routing with dimension-order escape channels (Duato's method; BookSim's
 * `min_adapt`). Each port has an adaptive channel and, behind it, the escape channels of a
 * dimension-order network with a dateline (classes 0 and 1; a mesh needs only class 0). A packet on
 * the adaptive channel (or just injected) takes any free profitable output on the adaptive
 * channel; failing that, its dimension-order output on the escape channel the dateline gives it. A
 * packet on an escape channel stays on the escape network. The escape network alone is deadlock-
 * free (dimension-order with a dateline), every packet may always enter it, and a whole packet
 * fits in one frame (virtual cut-through), so the routing function is deadlock-free (Duato 1996;
 * docs/fidelity/router.md). Packets wait in their input frames: there is no multi-queue.
 */
function minimalWithEscape(ctx: RoutingContext): void {
  const router = ctx.state.routers[ctx.router]!;
  const layout = ctx.layout;
  const count = router.in.length;
  const n = PORTS.length;
  for (let j = 0; j < count; j++) {
    const i = (layout.inputIndex(router.rr, 0) + j) % count;
    if ((ctx.readyInputs & (1 << i)) === 0) continue;
    const inVc = layout.vcOfInput[i]!;
    const injected = layout.portOfInput[i] === P;
    if (inVc === ADAPTIVE || injected) {
      const set = ctx.profitableSet(router.in[i]!.pkt);
      let granted = false;
      for (let k = 0, o = nextInt(router.rng, n); k < n && !granted; k++, o = wrapNext(o, n))
        granted = (set & (1 << o)) !== 0 && grantIfFree(ctx, i, o, ADAPTIVE);
      if (granted) continue;
    }
    const pkt = ctx.state.packets[router.in[i]!.pkt]!;
    const o = dimensionOrderOutput(pkt.header.dy, pkt.header.dx);
    if (o === 'P') {
      grantIfFree(ctx, i, P, 0);
      continue;
    }
    const inClass = inVc === ADAPTIVE || injected ? 0 : inVc - 1;
    grantIfFree(ctx, i, PORTS.indexOf(o), 1 + datelineClass(ctx, i, o, inClass));
  }
}

/**
 * Deflection ("hot potato") routing, bufferless: no multi-queue. A packet takes a free profitable
 * output when there is one (cutting through while it arrives); once its tail has arrived it may
 * not wait, and is deflected to any free network output. Older packets choose first, so none is
 * deflected forever. An injected packet is not in the network yet: it waits for a profitable output.
 */
function deflection(ctx: RoutingContext): void {
  const router = ctx.state.routers[ctx.router]!;
  const L = ctx.cfg.packetPhits;
  const ready: number[] = [];
  for (let i = 0; i < router.in.length; i++) if ((ctx.readyInputs & (1 << i)) !== 0) ready.push(i);
  const age = (i: number) => ctx.state.packets[router.in[i]!.pkt]!;
  ready.sort((a, b) => age(a).createdAt - age(b).createdAt || age(a).id - age(b).id);
  for (const i of ready) {
    const f = router.in[i]!;
    const set = ctx.profitableSet(f.pkt);
    // A deflected packet can come round to a frame it is still leaving: it may not follow itself.
    const profitable = OUTPUTS.filter((o) => (set & (1 << o)) !== 0 && ctx.outputFree(o, 0, f.pkt));
    if (profitable.length > 0) {
      const o = profitable[nextInt(router.rng, profitable.length)]!;
      ctx.grantInput(i, o, o === P ? 'deliver' : f.arrived < L ? 'cut-through' : 'forward');
      continue;
    }
    // The input frame is only the packet's own length of link buffer: once the tail is in, the
    // packet must move on, profitably or not. The injection frame never deflects.
    if (i === P || f.arrived < L) continue;
    const anyFree = OUTPUTS.filter((o) => o !== P && ctx.outputFree(o, 0, f.pkt));
    if (anyFree.length > 0)
      ctx.grantInput(i, anyFree[nextInt(router.rng, anyFree.length)]!, 'deflect');
  }
}

/** The outputs a blocked adaptive packet waits for: any profitable one. */
const anyProfitable = (pkt: Readonly<PacketState>): number => pkt.profitable;

/** What each routing function is and asks of the network; the UI reads the names and texts. */
export interface RoutingEntry {
  /** Short menu text. */
  label: string;
  /** One sentence a student reads: how it routes, and what a blocked packet does. */
  description: string;
  /**
   * Whether the configuration's `dateline` switch applies to it (on a torus: a mesh has no
   * wrap-around links to cross).
   */
  datelineSwitch: boolean;
  /** Grants this cycle's outputs at one router (step 3 of a cycle). */
  route: (ctx: RoutingContext) => void;
  /** Virtual channels (input frames) per port. */
  vcs: (cfg: RouterSettings) => number;
  /** Multi-queue frames per router. */
  multiQueue: (cfg: RouterSettings) => number;
  /**
   * Tail-following across network links: a packet may be granted an output whose input frame
   * at the neighbour still holds a leaving packet, and follow it in (outputFree in
   * phase-routing.ts). Injection and delivery follow tails with every routing function.
   */
  followOnLinks: boolean;
  /**
   * The outputs a packet waiting in an input frame may be granted (bit o: PORTS index o, as a
   * profitableSet): whose holders it waits for in the watchdog's wait-for graph (watchdog.ts).
   */
  waitsFor: (pkt: Readonly<PacketState>) => number;
}

/** The routing functions by name: the one list of routers (see ROUTER_NAMES for the order). */
export const routingFunctions = {
  chaos: {
    label: 'chaos',
    description:
      'Sends a packet out of any free output that brings it closer; a packet that finds none waits in the multi-queue, and when that is full a waiting packet is sent out of one that does not (derouted), so it never deadlocks.',
    datelineSwitch: false,
    route: chaos,
    vcs: () => 1,
    multiQueue: (cfg) => cfg.multiQueue,
    followOnLinks: true,
    waitsFor: anyProfitable,
  },
  minimal: {
    label: 'minimal adaptive (escape channels)',
    description:
      'Sends a packet out of any free output that brings it closer; a packet that finds none takes its dimension-order output on an escape channel with a dateline, so it never deadlocks and is never derouted.',
    datelineSwitch: false,
    route: minimalWithEscape,
    // The adaptive channel, and the escape channels: the dateline's two classes on a torus.
    vcs: (cfg) => (cfg.topology.kind === 'torus' ? 3 : 2),
    multiQueue: () => 0,
    followOnLinks: true,
    // Any profitable output, the dimension-order one (always profitable) among them.
    waitsFor: anyProfitable,
  },
  'minimal-no-escape': {
    label: 'minimal adaptive, no escape (can deadlock)',
    description:
      'Sends a packet out of any free output that brings it closer; a packet that finds none waits in the multi-queue but is never derouted and has no escape channel, so a full network can deadlock.',
    datelineSwitch: false,
    route: minimalNoEscape,
    vcs: () => 1,
    multiQueue: (cfg) => cfg.multiQueue,
    followOnLinks: true,
    waitsFor: anyProfitable,
  },
  dor: {
    label: 'dimension-order',
    description:
      'Sends every packet along X first, then Y, by one fixed path; a blocked packet waits in its input frame, and on a torus two virtual channels with a dateline keep the rings from deadlocking (without the dateline they can).',
    datelineSwitch: true,
    route: dor,
    vcs: (cfg) => (cfg.dateline && cfg.topology.kind === 'torus' ? 2 : 1),
    // Oblivious routing has nowhere else to put a blocked packet: it waits in its input frame.
    multiQueue: () => 0,
    followOnLinks: true,
    // The one output its fixed path allows.
    waitsFor: (pkt) => 1 << portIndex(dimensionOrderOutput(pkt.header.dy, pkt.header.dx)),
  },
  deflection: {
    label: 'deflection (hot potato)',
    description:
      'Has no multi-queue: a packet takes a free output that brings it closer if there is one, and once it has fully arrived and none is free it is sent out of any free output (deflected), never waiting.',
    datelineSwitch: false,
    route: deflection,
    vcs: () => 1,
    multiQueue: () => 0,
    // One whole-packet frame per input and no multi-queue: what keeps a deflection network from
    // jamming (every network frame full of packets that wait for one another) is the gap a moving
    // packet leaves. When a frame takes a new packet only once empty, the frame a packet has just
    // left cannot be full again before that packet has fully arrived, so no network packet can
    // complete the jam (only an injected one could, never seen). Following a packet into a busy
    // input frame closes the gap (8×8 runs at offered load 0.5–1.0 all jam, within 5,000
    // cycles), so deflection keeps whole frames on its network links; injection and delivery
    // still follow tails.
    followOnLinks: false,
    waitsFor: anyProfitable,
  },
} satisfies Record<string, RoutingEntry>;

/** A routing function's name: a key of the registry. */
export type RouterKind = keyof typeof routingFunctions;

/** Every router's name, in the registry's order (the order of the scenario schema's choice). */
export const ROUTER_NAMES = Object.keys(routingFunctions) as [RouterKind, ...RouterKind[]];

/** How the machine line names a router: "router: dimension-order, with dateline". */
export function routerPhrase(router: RouterKind, dateline: boolean): string {
  const entry: RoutingEntry = routingFunctions[router];
  const lanes = entry.datelineSwitch ? (dateline ? ', with dateline' : ', no dateline') : '';
  return `router: ${entry.label}${lanes}`;
}
