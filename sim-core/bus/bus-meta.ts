/** What never changes during a bus-model run: the protocol, programs, geometry and costs. */
import type { SnoopingProtocol } from '../memory/protocols/snooping-vocabulary';
import type { FlatInstruction } from './program';

export interface BusMeta {
  model: 'bus';
  nodes: number;
  protocol: SnoopingProtocol;
  programs: Pick<FlatInstruction, 'op' | 'text' | 'depth'>[][];
  geometry: {
    sizeBytes: number;
    associativity: number;
    blockBytes: number;
    wordBytes: number;
    sets: number;
  };
  costs: Record<string, number>;
}
