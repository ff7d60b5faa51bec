/**
 * Torus-node kit: the store of packet contents (seed 001 L1230, digest §B.11). The torus moves
 * packet ids only, as the thesis's Chaos simulator did; what a packet carries — its header, its
 * payload, the model's bookkeeping — stays here, under the model's own id, and is found again by
 * the network's id while the packet is in flight. When the head arrives the header is rewritten
 * as the routers left it, and a lecture's fault hook may corrupt it (digest §C.8's error paths).
 */
import type { PacketState } from '../../network/network-state';
import type { Header } from '../../network/topology';

/** What the kit keeps of every packet a model sends: its header and its trip. */
export interface CarriedPacket<H> {
  id: number;
  header: H;
  /** Its id in the network once handed over (−1 before). */
  netId: number;
  injectedAt: number;
  headAt: number;
  deliveredAt: number;
  hops: number;
  deroutes: number;
  path: number[];
  derouted: boolean[];
}

/** Plain data inside the model's state (a snapshot copies it with the rest). */
export interface PacketStore<P> {
  packets: Record<number, P>;
  /** Network packet id → the model's packet id, while in flight. */
  inFlight: Record<number, number>;
  nextPacket: number;
}

/** How a model's header changes on the way. */
export interface HeaderHooks<P, H> {
  /** The header as delivered, given the displacement the routers left in it ([0,0] on arrival). */
  rewrite(header: H, remaining: Header): H;
  /** A fault a lecture injects into this packet: the delivered header, corrupted or not. */
  fault?(pkt: P, header: H): H;
}

/** A new packet under the next id. */
export function storePacket<P>(store: PacketStore<P>, make: (id: number) => P): P {
  const id = store.nextPacket++;
  const pkt = make(id);
  store.packets[id] = pkt;
  return pkt;
}

/** The network took the packet: it is in flight under `netId`. */
export function handedOver<P extends CarriedPacket<unknown>>(
  store: PacketStore<P>,
  pkt: P,
  netId: number,
): void {
  pkt.netId = netId;
  store.inFlight[netId] = pkt.id;
}

/** The model's packet a network packet carries; undefined for another's (background traffic). */
export function carried<P>(store: PacketStore<P>, netId: number): P | undefined {
  const id = store.inFlight[netId];
  return id === undefined ? undefined : store.packets[id];
}

/** Its first phit crossed the P link: the header as delivered. */
export function headArrived<P extends CarriedPacket<H>, H>(
  store: PacketStore<P>,
  hooks: HeaderHooks<P, H>,
  net: PacketState,
  cycle: number,
): P | undefined {
  const pkt = carried(store, net.id);
  if (!pkt) return undefined;
  pkt.headAt = cycle;
  const delivered = hooks.rewrite(pkt.header, net.header);
  pkt.header = hooks.fault ? hooks.fault(pkt, delivered) : delivered;
  return pkt;
}

/** Its last phit arrived: the packet leaves the network, with the record of its route. */
export function tailArrived<P extends CarriedPacket<unknown>>(
  store: PacketStore<P>,
  net: PacketState,
  cycle: number,
): P | undefined {
  const pkt = carried(store, net.id);
  if (!pkt) return undefined;
  delete store.inFlight[net.id];
  pkt.deliveredAt = cycle;
  pkt.hops = net.hops;
  pkt.deroutes = net.deroutes;
  pkt.path = [...net.path];
  pkt.derouted = [...net.derouted];
  return pkt;
}

export const packetsInFlight = (store: PacketStore<unknown>): boolean =>
  Object.keys(store.inFlight).length > 0;
