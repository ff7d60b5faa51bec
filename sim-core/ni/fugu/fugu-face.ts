/**
 * The FUGU model's face (seed 004, Mackenzie's thesis; round2-spec §B3): its topic and panels, the
 * line naming its machine, the words for its events and its phase ledger, its clocks, invariants
 * and questions. The page reads it; module.ts adds the engine.
 */
import { onTorusWords } from '../../net/network-words';
import type { ModelFace } from '../../model';
import { phaseVocabulary } from '../../ledger/phase-narrate';
import { ATOMICITY_LABELS } from './costs';
import type { FuguConfig } from './fugu-config';
import type { FuguModelEvent } from './fugu-events';
import type { FuguSystemOut, FuguWorkloadOut } from './fugu-format';
import type { FuguFrame, FuguStats } from './fugu-frame';
import { FUGU_INVARIANTS } from './fugu-invariant-list';
import type { FuguMeta } from './fugu-meta';
import { fuguVocabulary, narrateQuietFugu } from './fugu-narrate';
import { deliveryPath, uacBit } from './fugu-predictions';
import type { FuguSystem } from './fugu-system';
import { fuguLogLinks } from './fugu-log-links';

export interface FuguTypes {
  kind: 'fugu';
  system: FuguSystemOut;
  workload: FuguWorkloadOut;
  config: FuguConfig;
  instance: FuguSystem;
  frame: FuguFrame;
  stats: FuguStats;
  meta: FuguMeta;
  event: FuguModelEvent;
}

export const fuguFace: ModelFace<FuguTypes> = {
  kind: 'fugu',
  topics: [{ name: 'fugu', heading: 'FUGU: user-direct messaging', short: 'FUGU' }],
  views: [
    'notes',
    'udm',
    'delivery',
    'vbuffer',
    'atomicity',
    'sched',
    'phases',
    'log',
    'stats',
    'charts',
  ],
  defaultViews: ['notes', 'udm', 'delivery', 'atomicity', 'log'],
  describe({ system, workload }) {
    const apps = workload.apps
      .map((a) => `${a.name}${a.like ? ` (${a.like}-like)` : ''}`)
      .join(', ');
    return `${system.nodes} node${system.nodes === 1 ? '' : 's'} · ${ATOMICITY_LABELS[system.atomicity]}${system.network.kind === 'torus' ? onTorusWords(system.network) : ` · T2 network ${system.network.latency} cycles`} · ${apps}${system.scheduler.skew ? ` · skew ${Math.round(system.scheduler.skew * 100)} %` : ''}`;
  },
  vocabularies: [fuguVocabulary, phaseVocabulary],
  quiet: narrateQuietFugu,
  logLinks: fuguLogLinks,
  capabilities: {
    clocks: () => ({
      cycleDomain: 'cpu',
      cpuHz: 20e6,
      systemHz: 20e6,
      source: '[004 L1165] (the Alewife chipset)',
    }),
    phases: { figure: 'Table 4-4 and Table 4-5' },
  },
  invariants: FUGU_INVARIANTS,
  predictions: [deliveryPath, uacBit],
};
