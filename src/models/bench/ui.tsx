/**
 * The message bench's page (issue 18): the race as its moving picture, the bench's chart as its
 * charts panel (so the Export menu gives its points as CSV), the race's outcome as statistics.
 * Its settings are switched in the chart panel itself, not the header.
 */
import type { BenchTypes } from '../../../sim-core/bench/bench-face';
import { PROVENANCES } from '../../../sim-core/messaging';
import { fieldChoices } from '../../compare/choice-group';
import { lazyPanel } from '../../views/lazy-panel';
import type { ModelUi } from '../model-ui';

export const benchUi: ModelUi<BenchTypes> = {
  kind: 'bench',
  label: 'Message bench',
  views: {
    race: {
      title: 'The race: one message, every NI',
      area: 'centre',
      Component: lazyPanel(
        () => import('./RaceView'),
        (m) => m.RaceView,
      ),
      live: true,
    },
  },
  Menus: () => null,
  Stats: lazyPanel(
    () => import('./BenchStatsTable'),
    (m) => m.BenchStatsTable,
  ),
  statLabels: {
    cycles: 'nanoseconds of the race',
    first: 'first to deliver',
    'lanes.*.label': null,
    'lanes.*.latencyNs': 'NI {n}: latency (ns)',
    'lanes.*.latencyCycles': 'NI {n}: latency (own cycles)',
    'lanes.*.mbPerS': 'NI {n}: stream bandwidth (MB/s)',
    'lanes.*.rank': 'NI {n}: rank',
    'lanes.*.problem': null,
  },
  charts: {
    Panel: lazyPanel(
      () => import('./BenchPanel'),
      (m) => m.BenchPanel,
    ),
    sweep: 'bench',
  },
  // Compare: the same race at the other clock (FUGU's rank turns on it), or from another provenance.
  compareChoices: ({ system, workload }) => [
    fieldChoices('clock', 'Clock', system.clock, [
      ['published', 'each model at its published clock'],
      ['common', 'a common 200 MHz processor, 100 MHz system'],
    ]),
    {
      key: 'race.provenance',
      label: 'Race payload',
      current: workload.race.provenance,
      choices: PROVENANCES.map((p) => ({
        key: p,
        label: p,
        overrides: [{ path: 'workload.race.provenance', value: p }],
      })),
    },
  ],
};
