/**
 * Step 3 of a network cycle, routing, router by router in id order (digest seed-001-cranium.md
 * §B.12, §B.9): the routing function (routing.ts) grants free outputs through a RoutingContext;
 * then input packets that have fully arrived and were not granted move into a free multi-queue
 * frame (never from P), a packet accepted in a packet exchange first. A grant reserves the output
 * frame and the input frame behind it, and moves the packet's header on by one hop.
 *
 * The packet exchange (chaos router only; the rule is in routing.ts): two neighbours whose input
 * frames from each other both hold a fully arrived packet stuck for want of a multi-queue frame
 * swap packets across their link. At the grant each sends one multi-queue packet into its (empty)
 * output frame towards the other; the stuck input packet is marked to enter the multi-queue frame
 * that leaves (grant IN_EXCHANGE). When that frame has emptied across the crossbar, the stuck
 * packet moves in, its input frame is reserved for the neighbour's waiting output packet, and the
 * two packets cross the link in opposite directions. An output frame sends only into the input
 * frame reserved for its packet (phase-links.ts), which is what holds the exchanged packets back
 * until the frames behind the link have been vacated.
 */
import { fillIn, fillMq, fillOut, popIn, reserveIn } from './frames';
import type { Decision, RouteReason } from './network-frame';
import { IN_EXCHANGE, type InFrame, type MqFrame } from './network-state';
import { lowestBit } from './occupancy';
import type { PhaseContext } from './phase-context';
import type { RoutingContext } from './routing-context';
import { routingFunctions } from './routing';
import {
  OPPOSITE_INDEX,
  PORTS,
  P_INDEX,
  afterHop,
  portsIn,
  profitableSet,
  type Dir,
  type Port,
} from './topology';

/** The order in which stuck input packets move into the multi-queue. */
const BUFFER_ORDER = [IN_EXCHANGE, -1] as const;
/** PORT_SETS[set]: the ports of a profitable set (see profitableSet), computed once; copy to hand out. */
const PORT_SETS: readonly (readonly Port[])[] = Array.from(
  { length: 1 << PORTS.length },
  (_, set) => portsIn(set),
);

/** Routes every router, in id order, with the routing function's view `ctx` of each in turn. */
export function runRouting(c: PhaseContext, ctx: RoutingContext): void {
  const route = routingFunctions[c.cfg.router].route;
  for (let r = 0; r < c.state.routers.length; r++) routeAt(c, ctx, route, r);
}

/** The routing function's view of one router; built once, pointed at a router per call. */
export function routingContext(c: PhaseContext): RoutingContext {
  const layout = c.layout;
  const L = c.cfg.packetPhits;
  const V = layout.vcs;
  const followOnLinks = routingFunctions[c.cfg.router].followOnLinks;
  const ctx: RoutingContext = {
    cfg: c.cfg,
    state: c.state,
    router: 0,
    layout,
    outputFree: (o, vc = 0, pkt = -1) => {
      const routers = c.state.routers;
      // Tail-following: an output frame whose packet has all its phits and has started on the
      // link drains one phit per cycle, so the next packet's phits may follow it in.
      const out = routers[ctx.router]!.out[o]!;
      if (
        out.pkt >= 0 &&
        (out.nextPkt >= 0 || out.received < L || out.sent === 0 || out.pkt === pkt)
      )
        return false;
      if (o === P_INDEX) return true;
      const nb = c.neighbours[ctx.router * 4 + o]!;
      if (nb < 0) return false;
      // The input frame behind: empty, or its packet is leaving (granted: it drains a phit per
      // cycle once its tail, which comes first on the link, has arrived) with no packet behind.
      const f = routers[nb]!.in[OPPOSITE_INDEX[o]! * V + vc]!; // layout.inputIndex, written out (see there)
      return f.pkt < 0 || (followOnLinks && f.nextPkt < 0 && f.grant >= 0 && f.pkt !== pkt);
    },
    readyInputs: 0,
    profitableSet: (pkt) => c.live.get(pkt).profitable,
    grantInput: (index, to, reason, vc = 0) => grant(c, ctx.router, 'in', index, to, reason, vc),
    grantMq: (slot, to, reason) => grant(c, ctx.router, 'mq', slot, to, reason, 0),
    exchangePartner: (o) => exchangePartner(c, ctx.router, o),
    exchange: (o, slot, partnerSlot) => exchange(c, ctx.router, o, slot, partnerSlot),
  };
  return ctx;
}

/** See RoutingContext.exchangePartner. */
function exchangePartner(c: PhaseContext, r: number, o: number): number {
  if (o === P_INDEX) return -1;
  const nb = c.neighbours[r * 4 + o]!;
  if (nb < 0) return -1;
  const routers = c.state.routers;
  const a = routers[r]!;
  const b = routers[nb]!;
  const back = OPPOSITE_INDEX[o]!;
  const layout = c.layout;
  const L = c.cfg.packetPhits;
  const stuck = (f: InFrame) => f.pkt >= 0 && f.headAt >= 0 && f.arrived === L && f.grant === -1;
  const mqFull = (mq: MqFrame[]) => mq.length > 0 && mq.every((f) => f.pkt >= 0 && f.grant < 0);
  return a.out[o]!.pkt < 0 &&
    b.out[back]!.pkt < 0 &&
    stuck(a.in[layout.inputIndex(o, 0)]!) &&
    stuck(b.in[layout.inputIndex(back, 0)]!) &&
    mqFull(a.mq) &&
    mqFull(b.mq)
    ? nb
    : -1;
}

/** See RoutingContext.exchange. */
function exchange(c: PhaseContext, r: number, o: number, slot: number, partnerSlot: number): void {
  const nb = c.neighbours[r * 4 + o]!;
  const back = OPPOSITE_INDEX[o]!;
  const routers = c.state.routers;
  const mine = c.layout.inputIndex(o, 0);
  const theirs = c.layout.inputIndex(back, 0);
  routers[r]!.in[mine]!.grant = IN_EXCHANGE;
  routers[nb]!.in[theirs]!.grant = IN_EXCHANGE;
  // The neighbour may not have routed yet this cycle: its stuck packet is no longer a candidate.
  c.ready[nb] = c.ready[nb]! & ~(1 << theirs);
  grant(c, r, 'mq', slot, o, 'exchange', 0);
  grant(c, nb, 'mq', partnerSlot, back, 'exchange', 0);
}

/** The round-robin pointer after `cycles` more cycles: every router turns it once a cycle. */
export const turnedRoundRobin = (rr: number, cycles: number) => (rr + cycles) % PORTS.length;

function routeAt(
  c: PhaseContext,
  ctx: RoutingContext,
  route: (ctx: RoutingContext) => void,
  r: number,
): void {
  const { cfg, state: s } = c;
  const router = s.routers[r]!;
  router.rr = router.rr + 1 === PORTS.length ? 0 : router.rr + 1;
  if (c.waiting[r] === 0) return;
  ctx.router = r;
  ctx.state = s;
  ctx.readyInputs = c.ready[r]!;
  route(ctx);
  // Fully arrived input packets that found no output wait in the multi-queue (never from P);
  // packets accepted in a packet exchange (IN_EXCHANGE) take the first free frames.
  if (router.mq.length === 0) return;
  const { inUsed, mqUsed } = c.occupancy;
  // Only a frame that held a packet when the cycle began can hold a fully arrived one now.
  const networkInputs = inUsed[r]! & c.layout.networkInputBits;
  for (const wanted of BUFFER_ORDER) {
    for (let used = networkInputs; used !== 0; used &= used - 1) {
      const i = lowestBit(used);
      const f = router.in[i]!;
      if (f.pkt < 0 || f.grant !== wanted || f.arrived < cfg.packetPhits) continue;
      const port = c.layout.portOfInput[i]!;
      let slot = 0;
      while (slot < router.mq.length && router.mq[slot]!.pkt >= 0) slot++;
      if (slot === router.mq.length) return;
      fillMq(router.mq[slot]!, f.pkt, s.cycle);
      mqUsed[r] = mqUsed[r]! | (1 << slot);
      if (wanted === IN_EXCHANGE) {
        c.emit({
          kind: 'net.buffer',
          router: r,
          packet: f.pkt,
          from: PORTS[port]!,
          slot,
          exchange: true,
        });
        // The neighbour's output frame holds the packet it sent in the exchange: that packet
        // gets this input frame, and starts across the link next cycle.
        const up = s.routers[c.neighbours[r * 4 + port]!]!.out[OPPOSITE_INDEX[port]!]!;
        fillIn(f, up.pkt, -1, 0, -1);
      } else {
        c.emit({ kind: 'net.buffer', router: r, packet: f.pkt, from: PORTS[port]!, slot });
        // A packet that was never granted has nothing behind it: the frame is now empty.
        popIn(f);
        inUsed[r] = inUsed[r]! & ~(1 << i);
      }
    }
  }
}

/**
 * Grants output `to` (and virtual channel `vc` behind it) to the packet in input frame or
 * multi-queue slot `index` of router r: reserves both frames, moves the header on by the hop and
 * records the decision.
 */
function grant(
  c: PhaseContext,
  r: number,
  kind: 'in' | 'mq',
  index: number,
  to: number,
  reason: RouteReason,
  vc: number,
): void {
  const { cfg, state: s } = c;
  const { inUsed, outUsed } = c.occupancy;
  const router = s.routers[r]!;
  const frame = kind === 'in' ? router.in[index]! : router.mq[index]!;
  const pkt = c.live.get(frame.pkt);
  const wasProfitable = (pkt.profitable & (1 << to)) !== 0;
  const profitable = PORT_SETS[pkt.profitable]!.slice();
  const toPort = PORTS[to]!;
  frame.grant = to;
  frame.grantAt = s.cycle;
  const out = router.out[to]!;
  outUsed[r] = outUsed[r]! | (1 << to);
  if (out.pkt < 0) fillOut(out, pkt.id, vc);
  else {
    // Tail-following: behind the packet leaving the output frame.
    out.nextPkt = pkt.id;
    out.nextReceived = 0;
    out.nextVc = vc;
  }
  if (to !== P_INDEX) {
    const nb = c.neighbours[r * 4 + to]!;
    // An exchanged packet's input frame is still held: it is reserved once vacated (routeAt).
    if (reason !== 'exchange') {
      const behind = c.layout.inputIndex(OPPOSITE_INDEX[to]!, vc);
      reserveIn(s.routers[nb]!.in[behind]!, pkt.id);
      inUsed[nb] = inUsed[nb]! | (1 << behind);
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
    from: kind === 'in' ? c.layout.inputPort(index) : 'MQ',
    to: toPort,
    profitable,
    reason,
  };
  if (router.decided[0]?.cycle !== s.cycle) router.decided = [];
  router.decided.push(decision);
  c.emit({
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
