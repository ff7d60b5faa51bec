/**
 * Torus-node kit: the network port adapter, the model's side of the torus's NodePort (digest
 * seed-001 §B.7, §D.2). The model says whether a node takes a packet's first phit (a full
 * inbox, a frozen NI refuse it) and hears of each of its own packets' head and tail; the adapter
 * keeps the packet store in step with the network (ids in flight, header rewrite and fault, the
 * cycles of injection, head and tail, the route taken). The half-duplex processor link and its
 * turnarounds are the network's own (`NetworkConfig.halfDuplexP`), so nothing of them is here.
 */
import { Network } from '../../network/network';
import type { NetworkConfig } from '../../network/network-config';
import type { NetworkState, PacketState } from '../../network/network-state';
import type { NetworkModelEvent } from '../../network/network-events';
import {
  carried,
  handedOver,
  headArrived,
  tailArrived,
  type CarriedPacket,
  type HeaderHooks,
  type PacketStore,
} from './packet-store';

/** What a model attached to the torus provides. */
export interface TorusNode<P extends CarriedPacket<H>, H> {
  /** The model's packet store, read afresh each time (a restore replaces the model's state). */
  store(): PacketStore<P>;
  cycle(): number;
  headers: HeaderHooks<P, H>;
  /** Whether `node` takes the first phit of a packet now (any packet, background traffic too). */
  accepts(node: number): boolean;
  /** One of the model's packets began to arrive; its header is as delivered. */
  headArrived(node: number, pkt: P, net: PacketState): void;
  /** Its last phit arrived. */
  tailArrived(node: number, pkt: P): void;
}

export class TorusPort<P extends CarriedPacket<H>, H> {
  readonly net: Network;

  constructor(
    cfg: NetworkConfig,
    private readonly node: TorusNode<P, H>,
  ) {
    this.net = new Network(cfg, {
      accepts: (n) => node.accepts(n),
      started: (n, p) => {
        const pkt = headArrived(node.store(), node.headers, p, node.cycle());
        if (pkt) node.headArrived(n, pkt, p);
      },
      delivered: (n, p) => {
        const pkt = tailArrived(node.store(), p, node.cycle());
        if (pkt) node.tailArrived(n, pkt);
      },
    });
  }

  /** Run the network on this state (the model's, after a restore). */
  attach(state: NetworkState): void {
    if (this.net.state !== state) this.net.state = state;
  }

  /** The network's cycle: phits move, heads and tails reach the model; injections are noted. */
  step(): NetworkModelEvent[] {
    const events = this.net.step();
    const store = this.node.store();
    for (const e of events) {
      if (e.kind !== 'net.inject') continue;
      const pkt = carried(store, e.packet);
      if (pkt) pkt.injectedAt = this.node.cycle();
    }
    return events;
  }

  /** Cycles of an empty network at once (Network.idle); false when it is not empty. */
  idle(cycles: number): boolean {
    return this.net.idle(cycles);
  }

  /** Hand a packet to the network at `src`; false when the injection queue is full. */
  submit(pkt: P, src: number, dst: number): boolean {
    const netId = this.net.submit(src, dst);
    if (netId === null) return false;
    handedOver(this.node.store(), pkt, netId);
    return true;
  }
}
