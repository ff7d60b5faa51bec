/**
 * Routing functions, by name. Each decides, at one router in one cycle, which waiting packet gets
 * which free output; the network does the rest (phits, frames, headers). The chaotic router is
 * the thesis's (digest §B.5, §B.12): comparison routers (dimension-order with a dateline,
 * minimal-adaptive, deflection) join this registry behind the same interface.
 */
import { nextInt } from '../kernel/rng';
import type { RoutingContext } from './network';
import { PORTS } from './topology';

export type RouterKind = 'chaos';

/**
 * The chaos router, per free output (scanned from a random start):
 *   1. the oldest multi-queue packet for which the output is profitable (MQ before new arrivals);
 *   2. else a decoded input packet for which it is profitable — virtual cut-through if its tail
 *      has not arrived yet;
 *   3. else, if the multi-queue is full and an input packet (not the injection frame) is waiting
 *      for a slot, a uniformly random multi-queue packet is derouted to this output — never P.
 * Steps 1–3 are the packet-exchange rule that keeps the chaos router deadlock-free: a router that
 * must accept a packet frees a frame by sending one, profitably or not (digest §B.9).
 */
function chaos(ctx: RoutingContext): void {
  const router = ctx.state.routers[ctx.router]!;
  const L = ctx.cfg.packetPhits;
  const n = PORTS.length;
  // Input frames whose header is decoded and still waits, in round-robin order.
  const ready: number[] = [];
  for (let j = 0; j < n; j++) {
    const i = (router.rr + j) % n;
    if (ctx.inputReady(PORTS[i]!)) ready.push(i);
  }
  // A random starting output, so a packet with several profitable outputs takes a random
  // shortest path (Snyder: "send packets along a random shortest-path whenever possible").
  const first = nextInt(router.rng, n);
  for (let k = 0; k < n; k++) {
    const o = PORTS[(first + k) % n]!;
    if (!ctx.outputFree(o)) continue;

    let oldest = -1;
    for (let slot = 0; slot < router.mq.length; slot++) {
      const f = router.mq[slot]!;
      if (f.pkt < 0 || f.grant !== null || !ctx.profitableFor(f.pkt).includes(o)) continue;
      const best = oldest >= 0 ? router.mq[oldest]! : null;
      if (
        !best ||
        f.enteredAt < best.enteredAt ||
        (f.enteredAt === best.enteredAt && f.pkt < best.pkt)
      )
        oldest = slot;
    }
    if (oldest >= 0) {
      ctx.grant({ kind: 'mq', slot: oldest }, o, 'from-multi-queue');
      continue;
    }

    const pick = ready.findIndex(
      (i) => router.in[i]!.grant === null && ctx.profitableFor(router.in[i]!.pkt).includes(o),
    );
    if (pick >= 0) {
      const f = router.in[ready[pick]!]!;
      ctx.grant(
        { kind: 'in', port: PORTS[ready[pick]!]! },
        o,
        o === 'P' ? 'deliver' : f.arrived < L ? 'cut-through' : 'forward',
      );
      continue;
    }
    if (o === 'P' || !ready.some((i) => PORTS[i] !== 'P' && router.in[i]!.grant === null)) continue;

    // A frame whose packet is already leaving counts as free: one deroute per shortage.
    let free = 0;
    for (const f of router.mq) if (f.pkt < 0 || f.grant !== null) free++;
    if (free > 0) continue;
    const victims = router.mq.flatMap((f, slot) => (f.pkt >= 0 && f.grant === null ? [slot] : []));
    if (victims.length > 0)
      ctx.grant({ kind: 'mq', slot: victims[nextInt(router.rng, victims.length)]! }, o, 'deroute');
  }
}

export const routingFunctions = {
  chaos: {
    desc: 'Chaotic router: minimal adaptive with a multi-queue and random derouting (McKenzie 1997, §5.2)',
    route: chaos,
  },
} satisfies Record<RouterKind, { desc: string; route: (ctx: RoutingContext) => void }>;
