/**
 * The FUGU model as a plug-in (seed 004, Mackenzie's thesis; round2-spec §B3): user-direct
 * messaging through the direct virtual network interface, two-case delivery, revocable atomicity
 * and virtual buffering, on processes and a timeslice scheduler (sim-core/os) and two networks.
 * Its face (fugu-face.ts) is what the page reads; this adds the engine.
 */
import type { ModelModule } from '../../model';
import { fuguConfigOf } from './fugu-config';
import { fuguMessaging } from './fugu-messaging';
import { fuguFace, type FuguTypes } from './fugu-face';
import type { FuguStats } from './fugu-frame';
import { fuguMeta } from './fugu-meta';
import { fuguSchema } from './fugu-schema';
import { fuguSweepPlan, fuguSweepPoint, type FuguSweepRequest } from './fugu-sweep';
import { FuguSystem } from './fugu-system';

export type { FuguTypes } from './fugu-face';

const n = (x: number | null, digits = 1) => (x === null ? '—' : x.toFixed(digits));

function summary(stats: FuguStats): string[] {
  const p = stats.byPath;
  return [
    `messages: launched ${stats.launched}, handled ${stats.delivered} — fast upcall ${p['fast upcall']}, poll ${p.poll}, buffered ${p.buffered}, cross-domain ${p['cross-domain']}; f_buf ${n(stats.fbuf, 3)}`,
    `receive overhead per message (cycles): O_dir ${n(stats.overhead.direct)}, poll ${n(stats.overhead.poll)}, O_buf ${n(stats.overhead.buffered)} (batched), ${n(stats.overhead.isolated)} (isolated), cross-domain ${n(stats.overhead.crossDomain)}`,
    `buffer pages: at most ${stats.maxPagesPerProcess} per process, ${stats.maxPagesPerNode} per node; overflow episodes ${stats.overflowEpisodes}`,
    ...stats.apps.map(
      (a) =>
        `${a.name} (GID ${a.gid}${a.like ? `, ${a.like}-like` : ''}${a.background ? ', background' : ''}): ${a.messages} messages, f_buf ${n(a.fbuf, 3)}, max pages ${a.maxPages}, finished ${a.runtime >= 0 ? `at cycle ${a.runtime}` : '—'}`,
    ),
  ];
}

export const fuguModel: ModelModule<FuguTypes> = {
  ...fuguFace,
  schema: fuguSchema,
  configOf: fuguConfigOf,
  create: (config) => new FuguSystem(config),
  meta: (config) => fuguMeta(config),
  settings: ({ system }) => ({ atomicity: system.atomicity, forceBuffered: system.forceBuffered }),
  summary,
  capabilities: {
    ...fuguFace.capabilities,
    messaging: fuguMessaging,
    sweeps: {
      /** The charts of round2-spec §B3.3: f_buf, pages against threshold, slowdown. */
      chapter7: (_scenario, request: FuguSweepRequest) =>
        fuguSweepPlan(request).map(
          ({ series, x }) =>
            () =>
              fuguSweepPoint(request, series, x),
        ),
    },
  },
  derivedStats: {
    fbuf: {
      desc: 'FUGU: the fraction of messages that took the buffered path (measured applications)',
      of: ({ stats }) => stats.fbuf,
    },
    maxPagesPerProcess: {
      desc: 'FUGU: the most buffer pages one process held',
      of: ({ stats }) => stats.maxPagesPerProcess,
    },
    directOverhead: {
      desc: 'FUGU: mean receive overhead of a fast-path message (O_dir), cycles',
      of: ({ stats }) => stats.overhead.direct,
    },
    bufferedOverhead: {
      desc: 'FUGU: mean receive overhead of a buffered message (O_buf), cycles',
      of: ({ stats }) => stats.overhead.buffered,
    },
  },
};
