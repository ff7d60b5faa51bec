/**
 * The Cranium model's face (seed 001 §C, digest §C, §E.1): its topic and panels, the line naming
 * its torus, NI, memory and scheduler, the words for its events and its torus's, the torus its
 * frames carry, its questions. The page reads it; module.ts adds the engine.
 */
import { count } from '../../kernel/words';
import type { ModelFace, TorusCapability } from '../../model';
import { networkVocabulary } from '../../network/network-narrate';
import { routerOutputOn } from '../../network/network-predictions';
import { routerPhrase } from '../../network/routing';
import type { CraniumConfig } from './cranium-config';
import type { CraniumModelEvent } from './cranium-events';
import type { CraniumFrame, CraniumStats } from './cranium-frame';
import { CRANIUM_INVARIANTS } from './cranium-invariant-list';
import type { CraniumMeta } from './cranium-meta';
import { craniumVocabulary, narrateQuietCranium } from './cranium-narrate';
import { craniumCount } from './cranium-predictions';
import type { CraniumSystemOut, CraniumWorkloadOut } from './cranium-schema';
import type { CraniumSystem } from './cranium-system';
import { CRANIUM_VARIANTS } from './variants';
import { craniumLogLinks } from './cranium-log-links';

export interface CraniumTypes {
  kind: 'cranium';
  system: CraniumSystemOut;
  workload: CraniumWorkloadOut;
  config: CraniumConfig;
  instance: CraniumSystem;
  frame: CraniumFrame;
  stats: CraniumStats;
  meta: CraniumMeta;
  event: CraniumModelEvent;
}

const NI_PHRASES = {
  cranium: 'Cranium NI',
  ideal: 'ideal NI',
  'ideal-nomem': 'ideal NI without memory',
} as const satisfies Record<CraniumSystemOut['ni'], string>;

const torus: TorusCapability<CraniumFrame, CraniumMeta> = {
  frame: (frame) => frame.network,
  withFrame: (frame, network) => ({ ...frame, network }),
  meta: (meta) => meta,
};

export const craniumFace: ModelFace<CraniumTypes> = {
  kind: 'cranium',
  topics: [{ name: 'cranium', heading: 'Cranium', short: 'Cranium' }],
  views: ['notes', 'cranium', 'torus', 'router', 'log', 'gantt', 'stats'],
  defaultViews: ['notes', 'cranium', 'torus', 'gantt', 'log', 'stats'],
  describe({ system }) {
    const side = system.attached ?? system.k;
    const ni = NI_PHRASES[system.ni];
    const variant =
      system.variant === 'cranium'
        ? ''
        : ` · ${CRANIUM_VARIANTS[system.variant].label} (${system.variantCase} case)`;
    return `${system.k}×${system.k} ${system.topology} · ${routerPhrase(system.router, true)} · ${ni}${variant} · ${system.memory.toUpperCase()} memory · ${system.scheduler.toUpperCase()} scheduler · ${side * side} nodes`;
  },
  vocabularies: [craniumVocabulary, networkVocabulary],
  quiet: narrateQuietCranium,
  /** A run's torus may also carry other processes' packets (`workload.background`): counted, not told. */
  foreground(events, frame) {
    const ours = new Set(frame.packets.map((p) => p.netId));
    const told = events.filter(
      (e) => !('packet' in e) || !e.kind.startsWith('net.') || ours.has(e.packet),
    );
    const background = events.length - told.length;
    return {
      told,
      aside:
        background === 0
          ? null
          : `Meanwhile ${count(background, 'move')} of other processes' packets.`,
    };
  },
  logLinks: craniumLogLinks,
  capabilities: {
    torus,
    /** One 100 MHz clock for the processor, the NI and the routers. */
    clocks: () => ({
      cycleDomain: 'system',
      cpuHz: 100e6,
      systemHz: 100e6,
      source: '001 L1838, L2228',
    }),
  },
  invariants: CRANIUM_INVARIANTS,
  predictions: [routerOutputOn(torus), craniumCount],
};
