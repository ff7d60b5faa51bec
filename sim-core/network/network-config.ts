/**
 * The network model's configuration, with the thesis's defaults (digest seed-001-cranium.md
 * §B.12, §D.1), and the port through which a network interface attaches to the P ports (§D.2).
 */
import type { RouterKind } from './routing';
import type { Topology } from './topology';
import type { TrafficPattern } from './traffic';

export interface NetworkConfig {
  topology: Topology;
  router: RouterKind;
  /** Dimension-order routing: two virtual channels with a dateline (false: one, and it can deadlock). */
  dateline: boolean;
  packetPhits: number;
  multiQueue: number;
  decisionCycles: number;
  injectionQueue: number;
  packets: { at: number; src: number; dst: number }[];
  traffic: {
    pattern: TrafficPattern;
    load: number;
    until: number;
    hotspot: { node: number; fraction: number };
  } | null;
  seed: number;
  stallWatchdog: number;
  checkInvariants: boolean;
  /**
   * The processor link is half-duplex (Cranium, digest §D.2, §C.17): one packet at a time in
   * either direction, turned round only at packet boundaries, ties broken by the TB bit.
   */
  halfDuplexP: boolean;
}

/**
 * A network configuration with the thesis's defaults (digest §B.12, §D.1): the chaos router,
 * 20-phit packets, a 5-frame multi-queue, a 4-cycle routing decision, 16-packet injection queues.
 */
export function networkConfig(
  topology: Topology,
  overrides: Partial<NetworkConfig> = {},
): NetworkConfig {
  return {
    topology,
    router: 'chaos',
    dateline: true,
    packetPhits: 20,
    multiQueue: 5,
    decisionCycles: 4,
    injectionQueue: 16,
    packets: [],
    traffic: null,
    seed: 1,
    stallWatchdog: 1000,
    checkInvariants: true,
    halfDuplexP: false,
    ...overrides,
  };
}
