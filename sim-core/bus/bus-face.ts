/**
 * The bus model's face (seed 000 §B.0, digest §C.2): its topic and panels, the line naming its
 * machine, the words for its events, its protocol table and block size, its questions. The page
 * reads it; module.ts adds the engine.
 */
import { count } from '../kernel/words';
import type { ModelFace } from '../model';
import type { BusSystemConfig } from './bus-config';
import type { BusModelEvent } from './bus-events';
import { BUS_INVARIANTS } from './bus-invariant-list';
import type { BusFrame, BusSystemStats } from './bus-frame';
import type { BusMeta } from './bus-meta';
import { busVocabulary, narrateQuietBus } from './bus-narrate';
import { cacheState, nextBusTransaction } from './bus-predictions';
import type { BusSystem as BusSystemSchema, BusWorkload } from './bus-schema';
import type { BusSystem } from './bus-system';
import { busLogLinks } from './bus-log-links';

export interface BusTypes {
  kind: 'bus';
  system: BusSystemSchema;
  workload: BusWorkload;
  config: BusSystemConfig;
  instance: BusSystem;
  frame: BusFrame;
  stats: BusSystemStats;
  meta: BusMeta;
  event: BusModelEvent;
}

export const busFace: ModelFace<BusTypes> = {
  kind: 'bus',
  topics: [{ name: 'coherence', heading: 'Cache coherence', short: 'Coherence' }],
  views: ['notes', 'program', 'bus', 'caches', 'protocol', 'log', 'memory', 'stats'],
  defaultViews: ['notes', 'program', 'bus', 'caches', 'protocol', 'log'],
  describe({ system: s }) {
    const c = s.cache;
    return `${count(s.nodes, 'processor')} · ${s.protocol} · ${c.sizeBytes} B ${c.associativity}-way caches · ${c.blockBytes} B blocks · ${s.bus.preset} bus`;
  },
  vocabularies: [busVocabulary],
  quiet: narrateQuietBus,
  logLinks: busLogLinks,
  capabilities: {
    blockBytes: (meta) => meta.geometry.blockBytes,
    protocol: (meta) => meta.protocol,
  },
  invariants: BUS_INVARIANTS,
  predictions: [cacheState, nextBusTransaction],
};
