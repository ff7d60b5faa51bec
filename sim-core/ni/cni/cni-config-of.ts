/** A coherent-NI scenario's resolved configuration (seed 000 defaults filled by the schema). */
import { protocols } from '../../memory/protocols';
import type { CniConfig } from './cni-config';
import type { CniScenario } from './cni-schema';
import { CNI_BUS_PRESETS, NI_KINDS } from './config';

/** The coherent-NI model's configuration for a scenario (also the base of its sweeps). */
export function cniConfigOf(scenario: CniScenario): CniConfig {
  const sys = scenario.system;
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
    workload: scenario.workload.messages,
    checkInvariants: scenario.checks.invariants,
    seed: scenario.seed,
    stallWatchdog: scenario.checks.stallWatchdog,
  };
}
