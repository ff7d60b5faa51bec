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
 * Order of work inside one cycle (events stamped with the cycle; Network.step):
 *   1. Links (phase-links.ts): every output frame sends one phit downstream (to the next router's
 *      input frame, or to the node for P); the injection link adds one phit to a filling
 *      injection frame.
 *   2. Crossbars (phase-crossbars.ts): every granted input or MQ frame moves one phit to its output
 *      frame. Phits that arrived in step 1 of this cycle wait for the next one (one stage per
 *      cycle). A packet waiting behind one whose tail has just crossed moves to the front.
 *   3. Routing (phase-routing.ts), router by router (id order): the routing function (routing.ts)
 *      grants free outputs; input packets that have fully arrived and were not granted move into a
 *      free MQ frame (a packet accepted in a packet exchange first).
 *   4. Injection (phase-injection.ts): a node's queued packet enters its router's injection frame
 *      (head latched), when the frame is empty or its packet is leaving (tail-following).
 *   5. Traffic (phase-traffic.ts): scheduled and Bernoulli packets are created into the injection
 *      queues.
 *   6. Watchdog (watchdog.ts) and invariants (network-invariants.ts); halt when nothing is left to
 *      send or deliver.
 *
 * A half-duplex P link carries one packet at a time and turns round only at packet boundaries:
 * the cycle after a packet's last phit either direction may start, back to back with no idle
 * cycle; when both want it, the TB bit decides (phase-links.ts).
 *
 * The phases share a PhaseContext (phase-context.ts): the state, the wiring, and the occupancy
 * bits and packet index derived from the state. The state is plain data (network-state.ts); the
 * Frame and statistics are projected from it (network-view.ts).
 */
import { FrameLayout } from './frame-layout';
import type { NetworkConfig } from './network-config';
import type { NodePort } from './node-port';
import type { NetworkModelEvent } from './network-events';
import type { NetworkFrame, NetworkStats } from './network-frame';
import { checkNetworkInvariants } from './network-invariants';
import { initialNetworkState } from './network-init';
import { reviveNetworkState, type NetworkState } from './network-state';
import { networkFrame, networkStats } from './network-view';
import { PhaseContext } from './phase-context';
import { runCrossbars } from './phase-crossbars';
import { runInjection } from './phase-injection';
import { runLinks } from './phase-links';
import { routingContext, runRouting, turnedRoundRobin } from './phase-routing';
import { TrafficPlan, createPacket, runTraffic } from './phase-traffic';
import type { RoutingContext } from './routing-context';
import { routingFunctions } from './routing';
import { watchForStall } from './watchdog';

export class Network {
  /** The state it runs on; may be replaced (a restore): the next step adopts it. */
  state: NetworkState;
  private readonly phases: PhaseContext;
  private readonly routing: RoutingContext;
  private readonly traffic: TrafficPlan;
  /** Where each router's input frames sit. */
  readonly layout: FrameLayout;

  constructor(
    readonly cfg: NetworkConfig,
    port: NodePort | null = null,
  ) {
    const routing = routingFunctions[cfg.router];
    this.layout = new FrameLayout(routing.vcs(cfg));
    this.state = initialNetworkState(cfg, this.layout, routing.multiQueue(cfg));
    this.phases = new PhaseContext(cfg, this.layout, port, this.state);
    this.routing = routingContext(this.phases);
    this.traffic = new TrafficPlan(cfg);
  }

  /** The deep copy a restored snapshot runs on (see reviveNetworkState). */
  revive(state: NetworkState): NetworkState {
    return reviveNetworkState(state);
  }

  /**
   * `cycles` cycles of an empty network (nothing queued or in flight) at once: no phit moves, no
   * event is told, and each router's round-robin pointer turns as `step` turns it; the state is
   * then the one `cycles` steps give (a test checks it). A model whose torus idles between its
   * messages runs at the cost of its messages, not of every idle cycle. False, doing nothing,
   * when the network is not empty or traffic of its own is still to come.
   */
  idle(cycles: number): boolean {
    const s = this.state;
    if (s.stats.inFlight !== 0 || s.halted || this.traffic.moreAfter(s.cycle)) return false;
    s.cycle += cycles;
    s.idleCycles = 0;
    for (const router of s.routers) router.rr = turnedRoundRobin(router.rr, cycles);
    return true;
  }

  /** One cycle, in the order of work above. */
  step(): NetworkModelEvent[] {
    const c = this.phases;
    c.events = [];
    c.moved = false;
    const s = this.state;
    s.cycle += 1;
    if (s.halted) return c.events;
    if (c.state !== s) c.adopt(s);
    runLinks(c); // 1
    runCrossbars(c); // 2
    runRouting(c, this.routing); // 3
    runInjection(c); // 4
    runTraffic(c, this.traffic); // 5
    watchForStall(c); // 6
    if (this.cfg.checkInvariants) checkNetworkInvariants(c);
    // With a port, the programs behind it decide when the run is over.
    if (!this.traffic.moreAfter(s.cycle) && s.stats.inFlight === 0 && !c.port) {
      s.halted = true;
      c.emit({ kind: 'sim.halt', reason: 'all packets delivered' });
    }
    return c.events;
  }

  /**
   * A packet a program sends (the NI's outbox hands it over): queued for injection at `src`, or
   * null when the injection queue is full. Returns the packet's id.
   */
  submit(src: number, dst: number): number | null {
    if (this.phases.state !== this.state) this.phases.adopt(this.state);
    return createPacket(this.phases, src, dst);
  }

  stats(): NetworkStats {
    return networkStats(this.cfg, this.state);
  }

  frame(): NetworkFrame {
    return networkFrame(this.cfg, this.state, this.layout);
  }
}
