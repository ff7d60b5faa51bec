/**
 * The resolved configuration of one coherent-NI run: the machine (digest §C.1), the NI kind and
 * its switches, the software costs, and the workload. The scenario schema fills every default.
 */
import type { SnoopingProtocol } from '../../memory/protocols/snooping-vocabulary';
import type {
  BusKind,
  CniBusCosts,
  NiKindName,
  QueueOptimisations,
  VirtualPolling,
} from './config';
import type { NetworkParams } from '../../net/networks';

export type CniWorkload =
  /** Node 0 sends, node 1 answers with a message of the same size, `rounds` times (Fig. 6). */
  | { kind: 'pingpong'; bytes: number; rounds: number }
  /** Node `from` sends `count` messages to node `to` as fast as it can (Fig. 7). */
  | { kind: 'stream'; bytes: number; count: number; from: number; to: number }
  /**
   * Each sender sends `count` messages to `to`, which spends `handlerCycles` on each (E8); with
   * `replies`, the handler answers each with a message of the same size back to its sender.
   */
  | {
      kind: 'burst';
      bytes: number;
      count: number;
      senders: number[];
      to: number;
      handlerCycles: number;
      replies?: boolean;
    }
  /** Every node sends `rounds` messages to every other node (the benchmark). */
  | { kind: 'alltoall'; bytes: number; rounds: number }
  /** Messages arrive at node 0's NI from outside at given cycles; P polls for them (E1, E2). */
  | { kind: 'arrivals'; messages: { at: number; bytes: number }[] }
  /** Node 0 sends `count` messages into the network (E3: processor → device). */
  | { kind: 'device-send'; bytes: number; count: number }
  /** Two processors on one bus share a cachable queue in main memory (Fig. 2; E4, E5). */
  | {
      kind: 'local-queue';
      bytes: number;
      count: number;
      slots: number;
      sendCycles: number;
      receiveCycles: number;
    };

export interface CniConfig {
  nodes: number;
  ni: NiKindName;
  bus: BusKind;
  costs: CniBusCosts;
  protocol: SnoopingProtocol;
  optimisations: QueueOptimisations;
  virtualPolling: VirtualPolling;
  /** Cycles the device waits after a write-permission request before pulling (§B.2.2). */
  backoff: number;
  /** CNI16Qm: a processor cache with the tag in I grabs written-back data (§B.6.4). */
  snarfing: boolean;
  /** CNI16Qm: write-backs leave through a buffer, off the critical path (L900-902). */
  writeBackBuffer: boolean;
  /** CNI4 counterfactual: the device treats a read of the CDR as a pop (§B.2.3, E2). */
  clearOnRead: boolean;
  /** CNI4: poll the receive CDR itself instead of the uncached status register (Fig. 1, E1). */
  pollCdr: boolean;
  /** The network between the NIs, by kind (sim-core/net/); the pipe is the paper's. */
  network: NetworkParams;
  /** Messaging-layer software cycles per network message, half at each end (§B.9). */
  softwareOverhead: number;
  /** Processor cycles to store or copy one 8-byte word that hits in the cache. */
  wordCycles: number;
  /** Cycles of other work between two unsuccessful polls. */
  pollWork: number;
  /** Uncached stores the processor's store buffer holds. */
  storeBuffer: number;
  /** NI2w's hardware FIFOs, in network messages (depth not given by the paper). */
  fifoMessages: number;
  workload: CniWorkload;
  checkInvariants: boolean;
  /** The scenario's seed: the common torus's chaos routers draw from it. */
  seed: number;
  /** Quiet cycles, past any work the scenario prescribes, before a stall is reported. */
  stallWatchdog: number;
}
