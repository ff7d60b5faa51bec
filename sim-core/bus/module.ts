/**
 * The bus model as a plug-in (seed 000 §B.0, digest §C.2): processors with private caches kept
 * coherent by one snooping bus, each cache driven by the MSI, MESI or MOESI table. Its face
 * (bus-face.ts) and its engine.
 */
import { count } from '../kernel/words';
import type { ModelModule } from '../model';
import { busFace, type BusTypes } from './bus-face';
import { busSchema } from './bus-schema';
import { BusSystem } from './bus-system';
import { busPresets } from './bus-types';
import { randomPrograms } from './random-workload';
import type { BusSystemStats } from './bus-frame';

export type { BusTypes } from './bus-face';

const sum = (values: Iterable<number>) => {
  let s = 0;
  for (const v of values) s += v;
  return s;
};

function summary(stats: BusSystemStats): string[] {
  const lines = [
    `bus: busy ${count(stats.bus.busyCycles, 'cycle')} (${(stats.bus.utilisation * 100).toFixed(1)}%), ${Object.entries(
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

export const busModel: ModelModule<BusTypes> = {
  ...busFace,
  schema: busSchema,
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
  settings: ({ system }) => ({ protocol: system.protocol }),
  summary,
  derivedStats: {
    busTransactions: {
      desc: 'All bus transactions (every node, every kind)',
      of: ({ stats }) => sum(Object.values(stats.bus.transactions)),
    },
  },
};
