/**
 * The FUGU model's page (seed 004): its settings in the header, its statistics, and compare
 * mode's choices — atomicity, mismatch policy, overflow threshold, skew, forced buffering.
 */
import type { FuguTypes } from '../../../sim-core/ni/fugu/module';
import type { ModelUi } from '../model-ui';
import { AtomicityView } from './atomicity/AtomicityView';
import { DeliveryView } from './delivery/DeliveryView';
import { SchedView } from './sched/SchedView';
import { UdmView } from './udm/UdmView';
import { VbufferView } from './vbuffer/VbufferView';
import { FuguChartsPanel } from './FuguChartsPanel';
import { fuguSettings } from './fugu-settings';
import { FuguMenus } from './FuguMenus';
import { FuguStatsTables } from './stats/FuguStatsTable';

export const fuguUi: ModelUi<FuguTypes> = {
  kind: 'fugu',
  label: 'FUGU',
  views: {
    udm: { title: 'UDM network interface', area: 'centre', Component: UdmView, live: true },
    delivery: { title: 'Two-case delivery', area: 'centre', Component: DeliveryView, live: true },
    vbuffer: { title: 'Virtual buffer pages', area: 'centre', Component: VbufferView, live: true },
    atomicity: { title: 'Atomicity timeline', area: 'bottom', Component: AtomicityView },
    sched: { title: 'Scheduler grid', area: 'bottom', Component: SchedView },
  },
  Menus: ({ spec, scenario }) => <FuguMenus spec={spec} scenario={scenario} />,
  Stats: ({ stats }) => <FuguStatsTables stats={stats} />,
  charts: { Panel: FuguChartsPanel, sweep: 'chapter7' },
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
