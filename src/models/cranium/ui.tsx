/**
 * The Cranium model's page: the NI and message-timeline panels, the scheduler, memory and DMA
 * menus, its statistics, and its packets followed on the shared torus panel.
 */
import type { CraniumTypes } from '../../../sim-core/ni/cranium/module';
import { fieldChoices } from '../../compare/choice-group';
import { NetworkStatsTable } from '../../views/stats/NetworkStatsTable';
import type { ModelUi } from '../model-ui';
import { CraniumView } from './cranium/CraniumView';
import { craniumLogOf } from './cranium/selection';
import { CraniumMenus, MENUS } from './CraniumMenus';
import { GanttView } from './gantt/GanttView';
import { craniumLogLinks } from './log-links';
import { CraniumCountersTable, CraniumMessagesTable } from './stats/CraniumStatsTable';
import { CRANIUM_STAT_LABELS } from './stats/stat-labels';

export const craniumUi: ModelUi<CraniumTypes> = {
  kind: 'cranium',
  label: 'Cranium',
  views: {
    cranium: { title: 'Cranium NI', area: 'centre', Component: CraniumView, live: true },
    gantt: { title: 'Message timeline', area: 'bottom', Component: GanttView },
  },
  Menus: ({ spec, scenario }) => <CraniumMenus spec={spec} system={scenario.system} />,
  Stats: ({ stats }) => (
    <>
      <CraniumMessagesTable stats={stats} />
      <div className="vt-cards">
        <CraniumCountersTable stats={stats} />
        <NetworkStatsTable stats={stats.network} />
      </div>
    </>
  ),
  statLabels: CRANIUM_STAT_LABELS,
  logLinks: craniumLogLinks,
  compareChoices: ({ system }) => [
    ...MENUS.map((menu) => fieldChoices(menu.field, menu.label, system[menu.field], menu.options)),
    fieldChoices('warmChannels', 'Warm channels', String(system.warmChannels), [
      [true, 'warm'],
      [false, 'cold'],
    ]),
  ],
  torusPackets: {
    followed(selection, frame) {
      if (selection?.kind !== 'crPacket') return null;
      const netId = frame.packets.find((p) => p.id === selection.packet)?.netId ?? -1;
      return netId >= 0 ? netId : null;
    },
    // A Cranium packet (chosen as one, or as its network packet) keeps its path in the frame.
    trail(selection, frame) {
      const p =
        selection?.kind === 'crPacket'
          ? frame.packets.find((q) => q.id === selection.packet)
          : selection?.kind === 'packet'
            ? frame.packets.find((q) => q.netId === selection.packet)
            : undefined;
      return p && p.deliveredAt >= 0 && p.path.length > 0 ? p : null;
    },
    own: (log) => craniumLogOf(log).craniumNet,
  },
};
