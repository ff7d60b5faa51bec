/**
 * createSim: builds the model a scenario describes and wraps it behind one Simulation interface
 * (step, frame, snapshot, restore), so the session, the worker, the CLI and the tests never
 * depend on which model runs. Models are registry entries keyed by `system.kind`.
 */
import { clonePlain } from './kernel/clone';
import { busPresets } from './memory/bus';
import type { Protocol } from './memory/protocol';
import type { Scenario } from './scenario/schema';
import type { BusFrame, BusSystemStats } from './system/bus-frame';
import { BusSystem, type BusSystemState } from './system/bus-system';
import type { FlatInstruction } from './system/program';
import { randomPrograms } from './system/random-workload';
import type { SimEventBody } from './trace/events';

export type Frame = BusFrame;
export type Stats = BusSystemStats;
export type SimSnapshot = { model: 'bus'; state: BusSystemState };

/** What never changes during a run: the views draw their static parts from it. */
export interface ModelMeta {
  model: 'bus';
  nodes: number;
  protocol: Protocol;
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

export interface Simulation {
  readonly cycle: number;
  readonly halted: boolean;
  /** Runs one cycle; returns its events without cycle/seq stamps. */
  step(): SimEventBody[];
  frame(): Frame;
  stats(): Stats;
  snapshot(): SimSnapshot;
  restore(snapshot: SimSnapshot): void;
  meta(): ModelMeta;
}

function createBusSim(scenario: Scenario): Simulation {
  const sys = scenario.system;
  const programs =
    'programs' in scenario.workload
      ? scenario.workload.programs
      : randomPrograms(scenario.workload.random, sys.nodes, sys.cache.blockBytes, scenario.seed);
  const costs = { ...busPresets[sys.bus.preset], ...sys.bus.costs };
  const model = new BusSystem({
    nodes: sys.nodes,
    protocol: sys.protocol,
    geometry: { ...sys.cache, wordBytes: 8 },
    replacement: sys.cache.replacement,
    costs,
    programs,
    initialMemory: scenario.memory,
    seed: scenario.seed,
    checkInvariants: scenario.checks.invariants,
  });
  return {
    get cycle() {
      return model.state.cycle;
    },
    get halted() {
      return model.state.halted;
    },
    step: () => model.step(),
    frame: () => model.frame(),
    stats: () => model.stats(),
    snapshot: () => ({ model: 'bus', state: clonePlain(model.state) }),
    restore: (snap) => {
      model.state = clonePlain(snap.state);
    },
    meta: () => ({
      model: 'bus',
      nodes: sys.nodes,
      protocol: model.protocol,
      programs: model.programs.map((p) =>
        p.code.map(({ op, text, depth }) => ({ op, text, depth })),
      ),
      geometry: {
        ...sys.cache,
        wordBytes: 8,
        sets: sys.cache.sizeBytes / (sys.cache.blockBytes * sys.cache.associativity),
      },
      costs: { ...costs },
    }),
  };
}

export const models = { bus: createBusSim } satisfies Record<
  Scenario['system']['kind'],
  (s: Scenario) => Simulation
>;

export function createSim(scenario: Scenario): Simulation {
  return models[scenario.system.kind](scenario);
}
