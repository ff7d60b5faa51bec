/** What never changes during a Cranium run: the torus, the NI's timing, the page and programs. */
import type { Topology } from '../../network/topology';
import type { CraniumTiming } from './cranium-config';

export interface CraniumMeta {
  model: 'cranium';
  topology: Topology;
  nodes: number;
  router: string;
  packetPhits: number;
  multiQueue: number;
  timing: CraniumTiming;
  pageBytes: number;
  programs: { node: number; lines: string[] }[];
}
