/** The network's state at cycle 0 (digest seed-001-cranium.md §B.12). */
import { createStream } from '../kernel/rng';
import type { FrameLayout } from './frame-layout';
import { emptyLinkWindow } from './link-window';
import type { NetworkConfig } from './network-config';
import {
  emptyIn,
  emptyMq,
  emptyOut,
  emptyStats,
  routerRecord,
  type NetworkState,
} from './network-state';
import { DIRS, PORTS, nodeCount, routerCount } from './topology';

/**
 * The state at cycle 0: every frame empty, `multiQueue` multi-queue frames per router, one random
 * stream per router and per node.
 */
export function initialNetworkState(
  cfg: NetworkConfig,
  layout: FrameLayout,
  multiQueue: number,
): NetworkState {
  const t = cfg.topology;
  return {
    cycle: 0,
    routers: Array.from({ length: routerCount(t) }, (_, r) =>
      routerRecord({
        in: Array.from({ length: layout.inputCount }, emptyIn),
        out: PORTS.map(emptyOut),
        mq: Array.from({ length: multiQueue }, emptyMq),
        rr: 0,
        rng: createStream(cfg.seed, `router${r}`),
        decided: [],
        pLink: 'idle',
        tieBreak: false,
      }),
    ),
    packets: {},
    nextPacket: 1,
    queues: Array.from({ length: nodeCount(t) }, () => []),
    trafficRng: Array.from({ length: nodeCount(t) }, (_, n) =>
      createStream(cfg.seed, `traffic${n}`),
    ),
    linkPhits: Array.from({ length: routerCount(t) }, () => [0, 0, 0, 0]),
    linkRecent: Array.from({ length: routerCount(t) }, () => DIRS.map(emptyLinkWindow)),
    latencyHistogram: {},
    stats: emptyStats(),
    idleCycles: 0,
    halted: false,
  };
}
