/**
 * The coherent-network-interface model's face (seed 000, digest §B-C): its topic and panels, the
 * line naming its nodes and NI, the words for its events, its questions. The page reads it;
 * module.ts adds the engine.
 */
import { onTorusWords } from '../../net/network-words';
import { count } from '../../kernel/words';
import type { ModelFace } from '../../model';
import type { CniConfig } from './cni-config';
import type { CniModelEvent } from './cni-events';
import type { CniFrame, CniStats } from './cni-frame';
import { CNI_INVARIANTS } from './cni-invariants';
import type { CniMeta } from './cni-meta';
import { cniVocabulary, narrateQuietCni } from './cni-narrate';
import { cniTransaction, queuePointer } from './cni-predictions';
import type { CniSystemOut, CniWorkloadOut } from './cni-schema';
import type { CniSystem } from './cni-system';
import { BUS_NAMES } from './config';
import { cniLogLinks } from './cni-log-links';

export interface CniTypes {
  kind: 'cni';
  system: CniSystemOut;
  workload: CniWorkloadOut;
  config: CniConfig;
  instance: CniSystem;
  frame: CniFrame;
  stats: CniStats;
  meta: CniMeta;
  event: CniModelEvent;
}

export const cniFace: ModelFace<CniTypes> = {
  kind: 'cni',
  topics: [{ name: 'coherent-ni', heading: 'Coherent network interfaces', short: 'Coherent NIs' }],
  views: ['notes', 'queue', 'cdr', 'buses', 'log', 'stats', 'charts'],
  defaultViews: ['notes', 'queue', 'buses', 'log', 'stats'],
  /** "2 nodes · CNI16Q · memory bus · MOESI"; a local queue joins two processors, with no NI. */
  describe({ system, workload }) {
    const bus = BUS_NAMES[system.bus];
    const w = workload.messages;
    if (w.kind === 'local-queue')
      return `1 node · two processors and a local queue of ${w.slots} slots · ${bus} · ${system.protocol}`;
    const nodes = count(system.nodes, 'node');
    return `${nodes} · ${system.ni} · ${bus} · ${system.protocol}${onTorusWords(system.network)}`;
  },
  vocabularies: [cniVocabulary],
  quiet: narrateQuietCni,
  logLinks: cniLogLinks,
  capabilities: {
    /** Cycles are the 200 MHz processor's; the memory bus runs at 100 MHz, the I/O bus at 50. */
    clocks: () => ({
      cycleDomain: 'cpu',
      cpuHz: 200e6,
      systemHz: 100e6,
      source: '000 L733-751 (I/O bus 50 MHz)',
    }),
  },
  invariants: CNI_INVARIANTS,
  predictions: [queuePointer, cniTransaction],
};
