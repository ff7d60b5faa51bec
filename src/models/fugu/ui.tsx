/**
 * The FUGU model's page (seed 004): its settings in the header, its statistics, and compare
 * mode's choices — atomicity, mismatch policy, overflow threshold, skew, forced buffering.
 */
import type { FuguTypes } from '../../../sim-core/ni/fugu/fugu-face';
import type { ModelUi } from '../model-ui';
import { lazyPanel } from '../../views/lazy-panel';
import { fuguSettings } from './fugu-settings';
import { FuguMenus } from './FuguMenus';
import { FUGU_STAT_LABELS } from './stat-labels';

export const fuguUi: ModelUi<FuguTypes> = {
  kind: 'fugu',
  label: 'FUGU',
  views: {
    udm: {
      title: 'UDM network interface',
      area: 'centre',
      Component: lazyPanel(
        () => import('./udm/UdmView'),
        (m) => m.UdmView,
      ),
      live: true,
    },
    delivery: {
      title: 'Two-case delivery',
      area: 'centre',
      Component: lazyPanel(
        () => import('./delivery/DeliveryView'),
        (m) => m.DeliveryView,
      ),
      live: true,
    },
    vbuffer: {
      title: 'Virtual buffer pages',
      area: 'centre',
      Component: lazyPanel(
        () => import('./vbuffer/VbufferView'),
        (m) => m.VbufferView,
      ),
      live: true,
    },
    atomicity: {
      title: 'Atomicity timeline',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./atomicity/AtomicityView'),
        (m) => m.AtomicityView,
      ),
    },
    sched: {
      title: 'Scheduler grid',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./sched/SchedView'),
        (m) => m.SchedView,
      ),
    },
  },
  Menus: ({ spec, scenario }) => <FuguMenus spec={spec} scenario={scenario} />,
  Stats: lazyPanel(
    () => import('./stats/FuguStatsTable'),
    (m) => m.FuguStatsTables,
  ),
  statLabels: FUGU_STAT_LABELS,
  charts: {
    Panel: lazyPanel(
      () => import('./FuguChartsPanel'),
      (m) => m.FuguChartsPanel,
    ),
    sweep: 'chapter7',
  },
  compareChoices: (scenario) =>
    fuguSettings(scenario).map((s) => ({
      key: s.key,
      label: s.label,
      current: s.current(scenario),
      choices: s.options.map(([key, value, text]) => ({
        key,
        label: text,
        overrides: [{ path: s.path, value }],
      })),
    })),
};
