/** The network model's page: the router menu and settings, its statistics and load sweeps. */
import type { NetworkTypes } from '../../../sim-core/network/network-face';
import { lazyPanel } from '../../views/lazy-panel';
import type { ModelUi } from '../model-ui';
import { NETWORK_STAT_LABELS } from '../../views/stats/stat-labels';
import { NetworkMenus } from './NetworkMenus';
import { routerChoices, RouterMenu } from './RouterMenu';

export const networkUi: ModelUi<NetworkTypes> = {
  kind: 'network',
  label: 'Torus network',
  // The torus, router and charts panels are shared with every model that has a torus.
  views: {},
  Menus: ({ spec, scenario }) => (
    <>
      <RouterMenu spec={spec} scenario={scenario} />
      <NetworkMenus spec={spec} scenario={scenario} />
    </>
  ),
  Stats: lazyPanel(
    () => import('../../views/stats/NetworkStatsTable'),
    (m) => m.NetworkStatsTable,
  ),
  statLabels: NETWORK_STAT_LABELS,
  charts: {
    Panel: lazyPanel(
      () => import('./LoadSweepPanel'),
      (m) => m.LoadSweepPanel,
    ),
    sweep: 'load',
  },
  compareChoices: ({ system }) => [routerChoices(system)],
};
