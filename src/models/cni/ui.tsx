/**
 * The coherent-NI model's page: the cachable queues, the device registers and the buses, the NI,
 * bus and protocol menus with the lecture switches, its statistics and the Figs. 6-7 sweeps.
 */
import type { CniTypes } from '../../../sim-core/ni/cni/cni-face';
import { BUS_KINDS, BUS_NAMES, NI_KINDS, NI_KIND_NAMES } from '../../../sim-core/ni/cni/config';
import { systemOverrides, type ChoiceGroup } from '../../compare/choice-group';
import { protocolChoices, ProtocolMenu } from '../../shell/ProtocolMenu';
import { lazyPanel } from '../../views/lazy-panel';
import type { ModelUi } from '../model-ui';
import { CniMenus } from './CniMenus';
import { switchesFor } from './CniSettings';
import { CNI_STAT_LABELS } from './stats/stat-labels';

export const cniUi: ModelUi<CniTypes> = {
  kind: 'cni',
  label: 'Coherent network interfaces',
  views: {
    queue: {
      title: 'Cachable queues',
      area: 'centre',
      Component: lazyPanel(
        () => import('./queue/QueueView'),
        (m) => m.QueueView,
      ),
      live: true,
    },
    cdr: {
      title: 'Device registers',
      area: 'centre',
      Component: lazyPanel(
        () => import('./cdr/CdrView'),
        (m) => m.CdrView,
      ),
      live: true,
    },
    buses: {
      title: 'Buses',
      area: 'bottom',
      Component: lazyPanel(
        () => import('./buses/BusesView'),
        (m) => m.BusesView,
      ),
    },
  },
  Menus: ({ spec, scenario }) => (
    <>
      <CniMenus spec={spec} system={scenario.system} workload={scenario.workload} />
      <ProtocolMenu spec={spec} protocol={scenario.system.protocol} />
    </>
  ),
  Stats: lazyPanel(
    () => import('./stats/CniStats'),
    (m) => m.CniStats,
  ),
  statLabels: CNI_STAT_LABELS,
  charts: {
    Panel: lazyPanel(
      () => import('./CniSweepPanel'),
      (m) => m.CniSweepPanel,
    ),
    sweep: 'message-size',
  },
  compareChoices({ system, workload }) {
    const local = workload.messages.kind === 'local-queue';
    const groups: ChoiceGroup[] = [protocolChoices(system.protocol)];
    if (!local) {
      groups.push({
        key: 'ni',
        label: 'NI',
        current: system.ni,
        choices: NI_KIND_NAMES.filter((ni) => NI_KINDS[ni].buses.includes(system.bus)).map(
          (ni) => ({
            key: ni,
            label: `${ni} · ${NI_KINDS[ni].exposed}`,
            overrides: systemOverrides({ ni }),
          }),
        ),
      });
      groups.push({
        key: 'bus',
        label: 'Bus',
        current: system.bus,
        choices: BUS_KINDS.filter((bus) => NI_KINDS[system.ni].buses.includes(bus)).map((bus) => ({
          key: bus,
          label: BUS_NAMES[bus],
          overrides: systemOverrides({ bus }),
        })),
      });
    }
    for (const s of switchesFor(system.ni, local)) {
      if (s.kind === 'toggle')
        groups.push({
          key: s.path,
          label: s.label,
          current: String(s.get(system)),
          choices: [true, false].map((on) => ({
            key: String(on),
            label: on ? 'on' : 'off',
            overrides: systemOverrides(s.set(system, on)),
          })),
        });
      else if (s.kind === 'choice')
        groups.push({
          key: s.path,
          label: s.label,
          current: system.virtualPolling ?? NI_KINDS[system.ni].virtualPolling,
          choices: s.options.map(([value, text]) => ({
            key: value,
            label: text,
            overrides: systemOverrides({ [s.path]: value }),
          })),
        });
    }
    return groups;
  },
};
