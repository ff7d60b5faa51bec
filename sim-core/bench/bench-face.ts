/**
 * The message bench as a model's face (issue 18; round2-spec §A.3): the lecture topic "Compare
 * the NIs", its panels — the bench's chart (latency and bandwidth against size, each point's
 * anatomy, the papers' marks) and the race (one message through every NI on one time axis) — the
 * words for the race's events and its question. The page reads it; module.ts adds the engine.
 */
import type { ModelFace } from '../model';
import type { BenchModelEvent } from './bench-events';
import type { BenchFrame, BenchMeta, BenchStats } from './bench-frame';
import { benchVocabulary, narrateQuietBench } from './bench-narrate';
import { nextDelivery } from './bench-predictions';
import type { BenchRace, BenchConfig } from './bench-race';
import type { BenchSystemOut, BenchWorkloadOut } from './bench-schema';
import { benchLogLinks } from './bench-log-links';

export interface BenchTypes {
  kind: 'bench';
  system: BenchSystemOut;
  workload: BenchWorkloadOut;
  config: BenchConfig;
  instance: BenchRace;
  frame: BenchFrame;
  stats: BenchStats;
  meta: BenchMeta;
  event: BenchModelEvent;
}

export const benchFace: ModelFace<BenchTypes> = {
  kind: 'bench',
  topics: [{ name: 'bench', heading: 'Compare the NIs', short: 'Compare' }],
  views: ['notes', 'race', 'charts', 'log', 'stats'],
  defaultViews: ['notes', 'race', 'charts'],
  describe: ({ system, workload }) =>
    `${system.nis.length === 0 ? 'every NI' : `${system.nis.length} NIs`} · ${system.sizes.join(', ')} B · ${system.provenances.join(', ')} · ${system.clock} clocks · race: ${workload.race.bytes} B, ${workload.race.provenance}, one cycle = 1 ns`,
  vocabularies: [benchVocabulary],
  quiet: narrateQuietBench,
  logLinks: benchLogLinks,
  capabilities: {},
  invariants: [
    {
      rule: 'delivery',
      name: 'in order of latency',
      description:
        'Each NI that can send the message delivers it once, when its measured latency has passed, in order of latency (ties by lane).',
    },
  ],
  predictions: [nextDelivery],
};
