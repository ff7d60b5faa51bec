/**
 * The network model's face (seed 001, digest §B): its topic and panels, the line naming its torus
 * and router, the words for its events, the torus its frames carry, its routing question. The
 * page reads it; module.ts adds the engine.
 */
import type { ModelFace, TorusCapability } from '../model';
import type { Network } from './network';
import type { NetworkConfig } from './network-config';
import type { NetworkModelEvent } from './network-events';
import type { NetworkFrame, NetworkStats } from './network-frame';
import type { NetworkMeta } from './network-meta';
import { narrateQuietNetwork, networkVocabulary } from './network-narrate';
import { routerOutputOn } from './network-predictions';
import { TORUS_INVARIANTS } from './torus-invariant-list';
import type { NetworkSystem, NetworkWorkload } from './network-schema';
import { routerPhrase } from './routing';
import { networkLogLinks } from './network-log-links';

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

const torus: TorusCapability<NetworkFrame, NetworkMeta> = {
  frame: (frame) => frame,
  withFrame: (_frame, network) => network,
  meta: (meta) => meta,
};

export const networkFace: ModelFace<NetworkTypes> = {
  kind: 'network',
  topics: [{ name: 'torus', heading: 'Torus and routers', short: 'Torus and routing' }],
  views: ['notes', 'torus', 'router', 'log', 'stats', 'charts'],
  defaultViews: ['notes', 'torus', 'router', 'log', 'stats', 'charts'],
  describe({ system }) {
    const side = system.attached ?? system.k;
    const router = routerPhrase(system.router, system.dateline);
    return `${system.k}×${system.k} ${system.topology} · ${router} · ${system.packetPhits}-phit packets · ${side * side} nodes`;
  },
  vocabularies: [networkVocabulary],
  quiet: narrateQuietNetwork,
  logLinks: networkLogLinks,
  capabilities: { torus },
  invariants: Object.values(TORUS_INVARIANTS),
  predictions: [routerOutputOn(torus)],
};
