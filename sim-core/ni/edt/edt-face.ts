/**
 * The EDT model's face (seed 002, Eager Data Transfer; round2-spec §B1): its topic and panels, the
 * line naming its hosts, NI and workload, the words for its events, the DMA engines' and the phase
 * ledger's, the EDT NI's block table (for a DMA NI's run, the hosts' MESI) as a protocol table with
 * the cells its events fire, the DMA card's engines, its clocks and its questions. The page reads
 * it; module.ts adds the engine.
 */
import { onTorusWords } from '../../net/network-words';
import type { Clocks, ModelFace } from '../../model';
import { phaseVocabulary } from '../../ledger/phase-narrate';
import { dmaVocabulary } from '../../node/dma/dma-narrate';
import type { EdtConfig } from './edt-config';
import type { EdtModelEvent } from './edt-events';
import type { EdtFrame } from './edt-frame';
import type { EdtMeta } from './edt-meta';
import { edtVocabulary, narrateQuietEdt } from './edt-narrate';
import { edtTransaction, niBlockState } from './edt-predictions';
import type { EdtSystemOut, EdtWorkloadOut } from './edt-schema';
import type { EdtStats } from './edt-stats';
import type { EdtSystem } from './edt-system';
import { EDT_INVARIANTS } from './edt-invariant-list';
import { EDT_NI_KINDS } from './ni-kinds';
import { edtLogLinks } from './edt-log-links';

export interface EdtTypes {
  kind: 'edt';
  system: EdtSystemOut;
  workload: EdtWorkloadOut;
  config: EdtConfig;
  instance: EdtSystem;
  frame: EdtFrame;
  stats: EdtStats;
  meta: EdtMeta;
  event: EdtModelEvent;
}

/** A 1 GHz host; the bus and the NI processor at 100 MHz [002 L172, L177, L179]. */
export const EDT_CLOCKS: Clocks = {
  cycleDomain: 'cpu',
  cpuHz: 1e9,
  systemHz: 100e6,
  source: '[002 L172, L177, L179]',
};

/** A table cell an `edt.st` or `edt.coh` event fired. */
const firedOf = (e: {
  from: string;
  event: string;
  to: string;
  actions: readonly string[];
  seq: number;
}) => ({ from: e.from, event: e.event, to: e.to, actions: e.actions, seq: e.seq });

export const edtFace: ModelFace<EdtTypes> = {
  kind: 'edt',
  topics: [{ name: 'edt', heading: 'Eager Data Transfer (EDT)', short: 'EDT' }],
  views: [
    'notes',
    'via',
    'edtni',
    'dma',
    'edtbus',
    'phases',
    'breakdown',
    'protocol',
    'log',
    'stats',
  ],
  defaultViews: ['notes', 'via', 'edtni', 'log', 'stats'],
  /** "2 hosts · EDT NI · 256-byte messages, sequential · MESI, 128-byte blocks". */
  describe({ system, workload }) {
    const w = workload.via;
    const ni = EDT_NI_KINDS[system.ni];
    const what =
      w.kind === 'pingpong'
        ? `ping-pong of ${w.bytes}-byte messages`
        : `${w.bytes}-byte message${w.rounds > 1 ? 's' : ''}`;
    return `2 hosts · ${ni.label} NI · ${what}, ${w.order} writes · MESI, ${system.blockBytes}-byte blocks${onTorusWords(system.network)}`;
  },
  vocabularies: [edtVocabulary, dmaVocabulary, phaseVocabulary],
  quiet: narrateQuietEdt,
  logLinks: edtLogLinks,
  capabilities: {
    clocks: () => EDT_CLOCKS,
    phases: {
      figure: 'seed 002 Fig. 3 and Fig. 8 (the breakdown: User Data, Data Transfer, Transport)',
    },
    blockBytes: (meta) => meta.blockBytes,
    dma: (frame) => frame.nodes.flatMap((n) => (n.dma ? [n.dma] : [])),
    // The EDT NI's block table is its own; a DMA NI keeps none, so its run shows the hosts' MESI.
    protocol: (meta) => (meta.mechanism === 'eager' ? meta.niProtocol : meta.protocol),
    protocolFired: (events, meta) =>
      meta.mechanism === 'eager'
        ? events.flatMap((e) =>
            e.kind === 'edt.st' ? [{ ...firedOf(e), who: `NI@${e.node} ${e.target}` }] : [],
          )
        : events.flatMap((e) =>
            e.kind === 'edt.coh'
              ? [{ ...firedOf(e), who: `${e.agent}@${e.node} ${e.target}` }]
              : [],
          ),
  },
  invariants: EDT_INVARIANTS,
  predictions: [niBlockState, edtTransaction],
};
