/** The interface between the torus and the network interfaces on its P ports. */
import type { PacketState } from './network-state';

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
