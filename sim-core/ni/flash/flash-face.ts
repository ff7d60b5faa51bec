/**
 * The FLASH model's face (seed 003; round2-spec §B2): its topic and panels, the line naming its
 * nodes, handler and network, the words for its events and its phase ledger, the directory as a
 * protocol table, its questions. The page reads it; module.ts adds the engine.
 */
import type { ModelFace } from '../../model';
import { phaseVocabulary } from '../../ledger/phase-narrate';
import type { FlashConfig } from './flash-config';
import type { FlashModelEvent } from './flash-events';
import type { FlashFrame, FlashStats } from './flash-frame';
import { FLASH_INVARIANTS } from './flash-invariant-list';
import type { FlashMeta } from './flash-meta';
import { flashVocabulary, narrateQuietFlash } from './flash-narrate';
import { bottleneck, nextHandler } from './flash-predictions';
import type { FlashSystemOut, FlashWorkloadOut } from './flash-schema';
import type { FlashSystem } from './flash-system';
import { FLASH_DIRECTORY } from './directory';
import { FLASH_CLOCKS } from './flash-summary';
import { flashLogLinks } from './flash-log-links';

export interface FlashTypes {
  kind: 'flash';
  system: FlashSystemOut;
  workload: FlashWorkloadOut;
  config: FlashConfig;
  instance: FlashSystem;
  frame: FlashFrame;
  stats: FlashStats;
  meta: FlashMeta;
  event: FlashModelEvent;
}

const handlerWords = (sys: FlashSystemOut) =>
  sys.handler === 'naive'
    ? 'loop-until-done handler'
    : sys.chunk === 1
      ? 'handler O'
      : `chunked handler C${sys.chunk}`;

export const flashFace: ModelFace<FlashTypes> = {
  kind: 'flash',
  topics: [{ name: 'flash', heading: 'FLASH', short: 'FLASH' }],
  views: ['notes', 'magic', 'handler', 'transfer', 'records', 'phases', 'protocol', 'log', 'stats'],
  defaultViews: ['notes', 'magic', 'handler', 'transfer', 'log', 'stats'],
  describe: ({ system }) =>
    `${system.nodes} FLASH nodes · MAGIC with ${handlerWords(system)} · ${system.network.kind === 'pipe' ? `pipe ${system.network.latency} cycles, ${system.network.bytesPerCycle} B/cycle` : 'torus'} · ${system.network.lanes === 2 ? 'request and reply lanes' : 'one lane'} · ${system.addressValidity}`,
  vocabularies: [flashVocabulary, phaseVocabulary],
  quiet: narrateQuietFlash,
  /** Each handler step's ledger slice is drawn, not told; Table 1's phases are told. */
  foreground: (events) => ({
    told: events.filter((e) => e.kind !== 'phase' || e.part !== null),
    aside: null,
  }),
  logLinks: flashLogLinks,
  capabilities: {
    clocks: () => FLASH_CLOCKS,
    phases: { figure: 'Table 1 and Figs. 8-9 [003 L84, L113-137]' },
    protocol: () => FLASH_DIRECTORY,
    blockBytes: () => 128,
  },
  invariants: FLASH_INVARIANTS,
  predictions: [nextHandler, bottleneck],
};
