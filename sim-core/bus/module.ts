/**
 * The bus model as a plug-in (seed 000 §B.0, digest §C.2): processors with private caches kept
 * coherent by one snooping bus, each cache driven by the MSI, MESI or MOESI table.
 */
import type { ModelModule } from '../model';
import type { BusModelEvent } from './bus-events';
import type { BusMeta } from './bus-meta';
import { busSchema, type BusSystem as BusSystemSchema, type BusWorkload } from './bus-schema';
import { busVocabulary, narrateQuietBus } from './bus-narrate';
import { cacheState, nextBusTransaction } from './bus-predictions';
import type { BusSystemConfig } from './bus-config';
import { BusSystem } from './bus-system';
import { busPresets } from './bus-types';
import { randomPrograms } from './random-workload';
import type { BusFrame, BusSystemStats } from './bus-frame';

const sum = (values: Iterable<number>) => {
  let s = 0;
  for (const v of values) s += v;
  return s;
};

function summary(stats: BusSystemStats): string[] {
  const lines = [
    `bus: busy ${stats.bus.busyCycles} cycles (${(stats.bus.utilisation * 100).toFixed(1)}%), ${Object.entries(
      stats.bus.transactions,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}, cache-to-cache ${stats.bus.cacheToCache}`,
  ];
  for (const c of stats.caches) {
    lines.push(
      `P${c.id}: loads ${c.loads} (${c.loadHits} hit, ${c.loadMisses} miss), stores ${c.stores} (${c.storeHits} hit, ${c.storeMisses} miss), upgrades ${c.upgrades}, write-backs ${c.writebacks}, supplied ${c.suppliedBlocks}`,
    );
  }
  return lines;
}

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

export const busModel: ModelModule<BusTypes> = {
  kind: 'bus',
  topics: [{ name: 'coherence', heading: 'Cache coherence', short: 'Coherence' }],
  schema: busSchema,
  views: ['notes', 'program', 'caches', 'bus', 'protocol', 'log', 'memory', 'stats'],
  defaultViews: ['notes', 'program', 'caches', 'bus', 'protocol', 'log'],
  configOf(scenario) {
    const sys = scenario.system;
    const w = scenario.workload;
    return {
      nodes: sys.nodes,
      protocol: sys.protocol,
      geometry: { ...sys.cache, wordBytes: 8 },
      replacement: sys.cache.replacement,
      costs: { ...busPresets[sys.bus.preset], ...sys.bus.costs },
      programs:
        'programs' in w
          ? w.programs
          : randomPrograms(w.random, sys.nodes, sys.cache.blockBytes, scenario.seed),
      initialMemory: scenario.memory,
      seed: scenario.seed,
      checkInvariants: scenario.checks.invariants,
      stallWatchdog: scenario.checks.stallWatchdog,
    };
  },
  create: (config) => new BusSystem(config),
  meta: (config, model) => ({
    model: 'bus',
    nodes: config.nodes,
    protocol: model.protocol,
    programs: model.programs.map((p) => p.code.map(({ op, text, depth }) => ({ op, text, depth }))),
    geometry: {
      ...config.geometry,
      sets:
        config.geometry.sizeBytes / (config.geometry.blockBytes * config.geometry.associativity),
    },
    costs: { ...config.costs },
  }),
  describe({ system: s }) {
    const c = s.cache;
    return `${s.nodes} processors · ${s.protocol} · ${c.sizeBytes} B ${c.associativity}-way caches · ${c.blockBytes} B blocks · ${s.bus.preset} bus`;
  },
  settings: ({ system }) => ({ protocol: system.protocol }),
  summary,
  vocabularies: [busVocabulary],
  quiet: narrateQuietBus,
  capabilities: {
    blockBytes: (meta) => meta.geometry.blockBytes,
    protocol: (meta) => meta.protocol,
  },
  predictions: [cacheState, nextBusTransaction],
  derivedStats: {
    busTransactions: {
      desc: 'All bus transactions (every node, every kind)',
      of: ({ stats }) => sum(Object.values(stats.bus.transactions)),
    },
  },
};
