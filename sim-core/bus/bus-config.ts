/**
 * What a bus-model run is built from (seed 000 §B.0): how many processors, the protocol table
 * their caches follow, the cache geometry and replacement, the bus occupancies (Table 2 by
 * default, digest §C.2), each processor's program and the initial memory image.
 */
import type { CacheGeometry, ReplacementPolicy } from '../memory/cache';
import type { ProtocolName } from '../memory/protocols';
import type { BusCosts } from './bus-types';
import type { Instruction } from './program';

export interface BusSystemConfig {
  nodes: number;
  protocol: ProtocolName;
  geometry: CacheGeometry;
  replacement: ReplacementPolicy;
  costs: BusCosts;
  programs: Instruction[][];
  initialMemory: { addr: number; value: number }[];
  seed: number;
  checkInvariants: boolean;
  /** Quiet cycles (no instruction retiring) before a stall is reported. */
  stallWatchdog: number;
}
