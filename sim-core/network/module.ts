/**
 * The network model as a plug-in (seed 001, digest §B): a k×k torus or mesh of routers (chaos,
 * minimal adaptive, dimension-order, deflection) carrying scheduled packets or random traffic.
 * Its face (network-face.ts) and its engine.
 */
import type { ModelModule } from '../model';
import { Network } from './network';
import type { NetworkConfig } from './network-config';
import { networkFace, type NetworkTypes } from './network-face';
import { networkSchema, type NetworkScenario } from './network-schema';
import { summariseNetworkStats } from './network-summary';
import { sweepPoint, type SweepRequest } from './sweep';

export type { NetworkTypes } from './network-face';

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

export const networkModel: ModelModule<NetworkTypes> = {
  ...networkFace,
  schema: networkSchema,
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
  settings: ({ system }) => ({ router: system.router }),
  summary: summariseNetworkStats,
  capabilities: {
    ...networkFace.capabilities,
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
  derivedStats: {
    deroutedPercent: {
      desc: 'Deroutes per delivered packet, in percent',
      of: ({ stats }) => 100 * stats.deroutes.perPacket,
    },
  },
};
