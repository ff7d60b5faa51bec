/**
 * The Cranium model's page: the NI and message-timeline panels, the scheduler, memory and DMA
 * menus, its statistics, and its packets followed on the shared torus panel.
 */
import type { CraniumTypes } from '../../../sim-core/ni/cranium/cranium-face';
import { fieldChoices } from '../../compare/choice-group';
import { lazyPanel } from '../../views/lazy-panel';
import type { ModelUi } from '../model-ui';
import { CraniumMenus, MENUS } from './CraniumMenus';
import { CRANIUM_STAT_LABELS } from './stats/stat-labels';

export const craniumUi: ModelUi<CraniumTypes> = {
  kind: 'cranium',
  label: 'Cranium',
  views: {
    cranium: {
      title: 'Cranium NI',
      area: 'centre',
      Component: lazyPanel(
        () => import('./cranium/CraniumView'),
        (m) => m.CraniumView,
      ),
      live: true,
    },
    gantt: {
      title: 'Message timeline',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./gantt/GanttView'),
        (m) => m.GanttView,
      ),
    },
  },
  Menus: ({ spec, scenario }) => <CraniumMenus spec={spec} system={scenario.system} />,
  Stats: lazyPanel(
    () => import('./stats/CraniumStats'),
    (m) => m.CraniumStats,
  ),
  statLabels: CRANIUM_STAT_LABELS,
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
  },
};
