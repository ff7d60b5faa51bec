/**
 * What every phase of a network cycle reads and writes (digest seed-001-cranium.md §B.12): the
 * state, the wiring derived once from the configuration, the live-packet index and occupancy bits
 * derived from the state, and the events of the cycle. The phases are functions of it
 * (phase-*.ts); the Network runs them in order (network.ts).
 */
import type { FrameLayout } from './frame-layout';
import type { NetworkConfig } from './network-config';
import type { NodePort } from './node-port';
import type { NetworkModelEvent } from './network-events';
import type { NetworkState, PacketState } from './network-state';
import { Occupancy } from './occupancy';
import { PacketIndex } from './packet-index';
import { DIRS, neighbour, nodeCount, routerCount, routerOfNode } from './topology';

export class PhaseContext {
  events: NetworkModelEvent[] = [];
  /** Whether some phit moved this cycle (the watchdog counts the cycles in which none did). */
  moved = false;
  /** The state `live` and `occupancy` describe; `adopt` a replaced one (a restore) first. */
  state: NetworkState;
  live: PacketIndex;
  readonly occupancy: Occupancy;
  // Wiring, derived from the configuration once (not state).
  /** neighbours[r × 4 + o]: the router behind output o (N E S W) of router r, or −1. */
  readonly neighbours: number[];
  /** The router of each processing node. */
  readonly nodeRouter: number[];
  /** The processing node at each router, or −1. */
  readonly routerNode: number[];
  /**
   * Noted by the crossbar phase for the routing phase of the same cycle: waiting[r], whether
   * router r holds a packet that still needs an output (most routers, most cycles, do not), and
   * ready[r], its readyInputs. In between, other routers' grants only reserve frames whose head
   * has not arrived, which changes neither.
   */
  readonly waiting: Uint8Array;
  readonly ready: Uint32Array;

  constructor(
    readonly cfg: NetworkConfig,
    readonly layout: FrameLayout,
    readonly port: NodePort | null,
    state: NetworkState,
  ) {
    const t = cfg.topology;
    this.neighbours = Array.from({ length: routerCount(t) }, (_, r) =>
      DIRS.map((d) => neighbour(t, r, d) ?? -1),
    ).flat();
    this.nodeRouter = Array.from({ length: nodeCount(t) }, (_, n) => routerOfNode(t, n));
    this.routerNode = Array.from({ length: routerCount(t) }, () => -1);
    this.nodeRouter.forEach((r, n) => (this.routerNode[r] = n));
    this.waiting = new Uint8Array(routerCount(t));
    this.ready = new Uint32Array(routerCount(t));
    this.occupancy = new Occupancy(routerCount(t));
    this.state = state;
    this.live = new PacketIndex(state);
  }

  /** Works on `s` from now on: rebuilds the packet index and the occupancy bits from it. */
  adopt(s: NetworkState): void {
    this.state = s;
    this.live = new PacketIndex(s);
    this.occupancy.rebuild(s);
  }

  emit(e: NetworkModelEvent): void {
    this.events.push(e);
  }

  /** Notes that some phit of `pkt` moved this cycle. */
  touch(pkt: PacketState, cycle: number): void {
    if (pkt.lastMoved !== cycle) {
      pkt.lastMoved = cycle;
      pkt.moves += 1;
    }
    this.moved = true;
  }
}
