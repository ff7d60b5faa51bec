/**
 * createSim: builds the model a scenario describes and wraps it behind one Simulation interface
 * (step, frame, snapshot, restore), so the session, the worker, the CLI and the tests never
 * depend on which model runs. Models are registry entries keyed by `system.kind`; their frames,
 * statistics and static descriptions are unions discriminated by `model`.
 */
import { clonePlain } from './kernel/clone';
import { busPresets } from './bus/bus-types';
import type { Protocol } from './memory/protocol';
import { Network } from './network/network';
import type { NetworkConfig } from './network/network-config';
import type { NetworkState } from './network/network-state';
import type { NetworkFrame, NetworkStats } from './network/network-frame';
import type { Topology } from './network/topology';
import type {
  BusScenario,
  CniScenario,
  CraniumScenario,
  NetworkScenario,
  Scenario,
} from './scenario/schema';
import {
  DEFAULT_TIMING,
  IDEAL_TIMING,
  MEMORY_MODELS,
  type CraniumConfig,
  type CraniumTiming,
} from './ni/cranium/cranium-config';
import type { CraniumFrame, CraniumStats } from './ni/cranium/cranium-frame';
import { CraniumSystem } from './ni/cranium/cranium-system';
import type { CraniumState } from './ni/cranium/cranium-state';
import { instructionText } from './ni/cranium/program';
import { protocols } from './memory/protocols';
import type { CniConfig } from './ni/cni/cni-config';
import type { CniFrame, CniStats } from './ni/cni/cni-frame';
import { CniSystem } from './ni/cni/cni-system';
import type { CniState } from './ni/cni/cni-state';
import { CNI_BUS_PRESETS, NI_KINDS, type NiKind } from './ni/cni/config';
import type { BlockInfo, QueueLayout } from './ni/cni/layout';
import type { BusFrame, BusSystemStats } from './bus/bus-frame';
import { BusSystem, type BusSystemState } from './bus/bus-system';
import type { FlatInstruction } from './bus/program';
import { randomPrograms } from './bus/random-workload';
import type { SimEventBody } from './trace/events';

export type Frame = BusFrame | NetworkFrame | CniFrame | CraniumFrame;
export type Stats = BusSystemStats | NetworkStats | CniStats | CraniumStats;
export type SimSnapshot =
  | { model: 'bus'; state: BusSystemState }
  | { model: 'network'; state: NetworkState }
  | { model: 'cni'; state: CniState }
  | { model: 'cranium'; state: CraniumState };

/** What never changes during a run: the views draw their static parts from it. */
export type ModelMeta =
  | {
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
  | {
      model: 'network';
      topology: Topology;
      nodes: number;
      router: string;
      packetPhits: number;
      multiQueue: number;
    }
  | {
      model: 'cni';
      nodes: number;
      ni: NiKind;
      bus: CniConfig['bus'];
      protocol: Protocol;
      costs: Record<string, number>;
      blocks: BlockInfo[];
      queues: QueueLayout[];
      workload: CniConfig['workload'];
    }
  | {
      model: 'cranium';
      topology: Topology;
      nodes: number;
      router: string;
      packetPhits: number;
      multiQueue: number;
      timing: CraniumTiming;
      pageBytes: number;
      programs: { node: number; lines: string[] }[];
    };

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

/** What every model class offers; the Simulation around it is the same for all of them. */
interface Model<S extends { cycle: number; halted: boolean }, F extends Frame, T extends Stats> {
  state: S;
  step(): SimEventBody[];
  frame(): F;
  stats(): T;
  /**
   * A deep copy of a snapshot's state for the model to run on, when a plain copy will not do
   * (the network rebuilds its records with their own literals: see reviveNetworkState).
   */
  revive?(state: S): S;
}

function simulationOf<K extends SimSnapshot['model'], S extends { cycle: number; halted: boolean }>(
  kind: K,
  model: Model<S, Frame, Stats>,
  meta: () => ModelMeta,
): Simulation {
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
    // The kind tag pairs each snapshot with its model: restore only takes its own kind.
    snapshot: () => ({ model: kind, state: clonePlain(model.state) }) as unknown as SimSnapshot,
    restore: (snap) => {
      if (snap.model !== kind) return;
      const state = snap.state as unknown as S;
      model.state = model.revive ? model.revive(state) : clonePlain(state);
    },
    meta,
  };
}

function createBusSim(scenario: BusScenario): Simulation {
  const sys = scenario.system;
  const programs =
    'programs' in scenario.workload
      ? scenario.workload.programs
      : 'random' in scenario.workload
        ? randomPrograms(scenario.workload.random, sys.nodes, sys.cache.blockBytes, scenario.seed)
        : [];
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
  return simulationOf('bus', model, () => ({
    model: 'bus',
    nodes: sys.nodes,
    protocol: model.protocol,
    programs: model.programs.map((p) => p.code.map(({ op, text, depth }) => ({ op, text, depth }))),
    geometry: {
      ...sys.cache,
      wordBytes: 8,
      sets: sys.cache.sizeBytes / (sys.cache.blockBytes * sys.cache.associativity),
    },
    costs: { ...costs },
  }));
}

/** The network model's configuration for a network scenario (also the base of load sweeps). */
export function networkConfigOf(scenario: NetworkScenario): NetworkConfig {
  const sys = scenario.system;
  const w = scenario.workload;
  return {
    topology: { kind: sys.topology, k: sys.k, attached: sys.attached ?? sys.k },
    router: sys.router,
    dateline: sys.dateline,
    packetPhits: sys.packetPhits,
    multiQueue: sys.multiQueue,
    decisionCycles: sys.decisionCycles,
    injectionQueue: sys.injectionQueue,
    packets: 'packets' in w ? w.packets : [],
    traffic: 'traffic' in w ? w.traffic : null,
    seed: scenario.seed,
    stallWatchdog: scenario.checks.stallWatchdog,
    checkInvariants: scenario.checks.invariants,
    halfDuplexP: false,
  };
}

function createNetworkSim(scenario: NetworkScenario): Simulation {
  const sys = scenario.system;
  const cfg = networkConfigOf(scenario);
  const topology = cfg.topology;
  const model = new Network(cfg);
  return simulationOf('network', model, () => ({
    model: 'network',
    topology,
    nodes: topology.attached * topology.attached,
    router: sys.router,
    packetPhits: sys.packetPhits,
    multiQueue: sys.multiQueue,
  }));
}

/** The coherent-NI model's configuration for a scenario (also the base of its sweeps). */
export function cniConfigOf(scenario: CniScenario): CniConfig {
  const sys = scenario.system;
  const w = scenario.workload;
  if (!('messages' in w)) throw new Error('a cni scenario runs a message workload');
  return {
    nodes: sys.nodes,
    ni: sys.ni,
    bus: sys.bus,
    costs: { ...CNI_BUS_PRESETS[sys.bus], ...sys.costs },
    protocol: protocols[sys.protocol],
    optimisations: { ...sys.optimisations },
    virtualPolling: sys.virtualPolling ?? NI_KINDS[sys.ni].virtualPolling,
    backoff: sys.backoff,
    snarfing: sys.snarfing,
    writeBackBuffer: sys.writeBackBuffer,
    clearOnRead: sys.clearOnRead,
    pollCdr: sys.pollCdr,
    network: { ...sys.network },
    softwareOverhead: sys.softwareOverhead,
    wordCycles: sys.wordCycles,
    pollWork: sys.pollWork,
    storeBuffer: sys.storeBuffer,
    fifoMessages: sys.fifoMessages,
    workload: w.messages,
    checkInvariants: scenario.checks.invariants,
  };
}

function createCniSim(scenario: CniScenario): Simulation {
  const cfg = cniConfigOf(scenario);
  const model = new CniSystem(cfg);
  return simulationOf('cni', model, () => ({
    model: 'cni',
    nodes: cfg.nodes,
    ni: NI_KINDS[cfg.ni],
    bus: cfg.bus,
    protocol: cfg.protocol,
    costs: { ...cfg.costs },
    blocks: model.layout.blocks,
    queues: Object.values(model.layout.queues),
    workload: cfg.workload,
  }));
}

/** The Cranium model's configuration for a scenario (also the base of its fidelity runs). */
export function craniumConfigOf(scenario: CraniumScenario): CraniumConfig {
  const sys = scenario.system;
  const w = scenario.workload;
  if (!('nodes' in w)) throw new Error('a cranium scenario runs node programs');
  const side = sys.attached ?? sys.k;
  const timing: CraniumTiming = {
    ...(sys.ni === 'ideal' ? IDEAL_TIMING : DEFAULT_TIMING),
    ...MEMORY_MODELS[sys.memory],
    ...(Object.fromEntries(
      Object.entries(sys.timing).filter(([, v]) => v !== undefined),
    ) as Partial<CraniumTiming>),
  };
  return {
    network: {
      topology: { kind: sys.topology, k: sys.k, attached: side },
      router: sys.router,
      dateline: true,
      packetPhits: 11,
      multiQueue: sys.multiQueue,
      decisionCycles: sys.decisionCycles,
      injectionQueue: sys.outboxPackets,
      packets: [],
      traffic: w.background ? { ...w.background, hotspot: { node: 0, fraction: 0 } } : null,
      seed: scenario.seed,
      stallWatchdog: scenario.checks.stallWatchdog,
      checkInvariants: scenario.checks.invariants,
      halfDuplexP: sys.halfDuplexLink,
    },
    timing,
    pageBytes: sys.pageBytes,
    channels: sys.channels,
    inboxPackets: sys.inboxPackets,
    queueEntries: { ...sys.queueEntries },
    scheduler: sys.scheduler,
    alpha: sys.alpha,
    dmaCoherence: sys.dmaCoherence,
    freezeOnOverflow: sys.freezeOnOverflow,
    warmChannels: sys.warmChannels,
    barrierCycles: sys.barrierCycles,
    barrierHold: sys.barrierHold,
    nodes: w.nodes.map((n) => ({
      node: n.node,
      processId: n.processId,
      buffers: n.buffers.map((b) => ({
        handle: b.handle,
        cached: [...b.cached],
        dirty: [...b.dirty],
      })),
      cachedQueueFlags: n.cachedQueueFlags,
      program: n.program.map((i) => ({ ...i })),
    })),
    checkInvariants: scenario.checks.invariants,
  };
}

function createCraniumSim(scenario: CraniumScenario): Simulation {
  const cfg = craniumConfigOf(scenario);
  const model = new CraniumSystem(cfg);
  return simulationOf('cranium', model, () => ({
    model: 'cranium',
    topology: cfg.network.topology,
    nodes: cfg.network.topology.attached ** 2,
    router: cfg.network.router,
    packetPhits: cfg.network.packetPhits,
    multiQueue: cfg.network.multiQueue,
    timing: { ...cfg.timing },
    pageBytes: cfg.pageBytes,
    programs: cfg.nodes.map((n) => ({ node: n.node, lines: n.program.map(instructionText) })),
  }));
}

/** The models, by `system.kind`. */
export const models = {
  bus: createBusSim,
  network: createNetworkSim,
  cni: createCniSim,
  cranium: createCraniumSim,
} satisfies {
  bus: (s: BusScenario) => Simulation;
  network: (s: NetworkScenario) => Simulation;
  cni: (s: CniScenario) => Simulation;
  cranium: (s: CraniumScenario) => Simulation;
};

export function createSim(scenario: Scenario): Simulation {
  // The schema guarantees that `system.kind` matches the rest of the scenario.
  return (models[scenario.system.kind] as (s: Scenario) => Simulation)(scenario);
}
