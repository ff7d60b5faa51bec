/**
 * The network model as a plug-in (seed 001, digest §B): a k×k torus or mesh of routers (chaos,
 * minimal adaptive, dimension-order, deflection) carrying scheduled packets or random traffic.
 */
import type { ModelModule, TorusCapability } from '../model';
import { Network } from './network';
import type { NetworkConfig } from './network-config';
import type { NetworkModelEvent } from './network-events';
import type { NetworkFrame, NetworkStats } from './network-frame';
import type { NetworkMeta } from './network-meta';
import { narrateQuietNetwork, networkVocabulary } from './network-narrate';
import { routerOutputOn } from './network-predictions';
import {
  networkSchema,
  type NetworkScenario,
  type NetworkSystem,
  type NetworkWorkload,
} from './network-schema';
import { summariseNetworkStats } from './network-summary';
import { routerPhrase } from './routing';
import { sweepPoint, type SweepRequest } from './sweep';
import { TORUS_INVARIANTS } from './network-invariants';

export interface NetworkTypes {
  kind: 'network';
  system: NetworkSystem;
  workload: NetworkWorkload;
  config: NetworkConfig;
  instance: Network;
  frame: NetworkFrame;
  stats: NetworkStats;
  meta: NetworkMeta;
  event: NetworkModelEvent;
}

/** The network model's configuration for a scenario (also the base of load sweeps). */
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

const torus: TorusCapability<NetworkFrame, NetworkMeta> = {
  frame: (frame) => frame,
  withFrame: (_frame, network) => network,
  meta: (meta) => meta,
};

export const networkModel: ModelModule<NetworkTypes> = {
  kind: 'network',
  topics: [{ name: 'torus', heading: 'Torus and routers', short: 'Torus and routing' }],
  schema: networkSchema,
  views: ['notes', 'torus', 'router', 'log', 'stats', 'charts'],
  defaultViews: ['notes', 'torus', 'router', 'log', 'stats', 'charts'],
  configOf: networkConfigOf,
  create: (config) => new Network(config),
  meta: (config) => ({
    model: 'network',
    topology: config.topology,
    nodes: config.topology.attached * config.topology.attached,
    router: config.router,
    packetPhits: config.packetPhits,
    multiQueue: config.multiQueue,
  }),
  describe({ system }) {
    const side = system.attached ?? system.k;
    const router = routerPhrase(system.router, system.dateline);
    return `${system.k}×${system.k} ${system.topology} · ${router} · ${system.packetPhits}-phit packets · ${side * side} nodes`;
  },
  settings: ({ system }) => ({ router: system.router }),
  summary: summariseNetworkStats,
  vocabularies: [networkVocabulary],
  quiet: narrateQuietNetwork,
  capabilities: {
    torus,
    measuredTraffic: {
      until: ({ workload }) => ('traffic' in workload ? workload.traffic.until : null),
      torusStats: (stats) => stats,
    },
    sweeps: {
      /** Offered load against latency and throughput, for several routers (Figs. 5.1-5.4). */
      load(scenario, request: SweepRequest) {
        const base = networkConfigOf(scenario);
        return request.routers.flatMap((router) =>
          request.loads.map((load) => () => sweepPoint(base, router, load, request)),
        );
      },
    },
  },
  invariants: Object.values(TORUS_INVARIANTS),
  predictions: [routerOutputOn(torus)],
  derivedStats: {
    deroutedPercent: {
      desc: 'Deroutes per delivered packet, in percent',
      of: ({ stats }) => 100 * stats.deroutes.perPacket,
    },
  },
};
