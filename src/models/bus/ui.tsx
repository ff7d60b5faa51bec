/** The bus model's page: its programs, caches, bus and memory panels, protocol menu and statistics. */
import type { BusTypes } from '../../../sim-core/bus/bus-face';
import { protocolChoices, ProtocolMenu } from '../../shell/ProtocolMenu';
import { lazyPanel } from '../../views/lazy-panel';
import type { ModelUi } from '../model-ui';
import { BUS_STAT_LABELS } from './stats/stat-labels';

export const busUi: ModelUi<BusTypes> = {
  kind: 'bus',
  label: 'Snooping bus',
  views: {
    program: {
      title: 'Programs',
      area: 'left',
      Component: lazyPanel(
        () => import('./program/ProgramView'),
        (m) => m.ProgramView,
      ),
    },
    caches: {
      title: 'Caches',
      area: 'centre',
      Component: lazyPanel(
        () => import('./caches/CachesView'),
        (m) => m.CachesView,
      ),
      live: true,
    },
    bus: {
      title: 'Bus',
      area: 'centre',
      Component: lazyPanel(
        () => import('./bus/BusView'),
        (m) => m.BusView,
      ),
      live: true,
    },
    memory: {
      title: 'Memory',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./memory/MemoryView'),
        (m) => m.MemoryView,
      ),
    },
  },
  Menus: ({ spec, scenario }) => <ProtocolMenu spec={spec} protocol={scenario.system.protocol} />,
  Stats: lazyPanel(
    () => import('./stats/BusStats'),
    (m) => m.BusStats,
  ),
  statLabels: BUS_STAT_LABELS,
  compareChoices: ({ system }) => [protocolChoices(system.protocol)],
};
