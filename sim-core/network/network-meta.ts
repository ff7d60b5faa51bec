/** What never changes during a network run: the topology, the router and the packets' length. */
import type { Topology } from './topology';

export interface NetworkMeta {
  model: 'network';
  topology: Topology;
  nodes: number;
  router: string;
  packetPhits: number;
  multiQueue: number;
}
