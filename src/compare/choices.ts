/**
 * What configuration B can change, by model — the same switches as the header's menus (protocol;
 * router; NI, bus and the coherent-NI settings that are on/off or a choice; the Cranium scheduler,
 * memory, DMA writes and warm channels), each as the
 * `path=value` overrides it stands for. Anything else is a typed `path=value` override.
 */
import { NI_KINDS, NI_KIND_NAMES } from '../../sim-core/ni/cni/config';
import type { Override, Scenario } from '../../sim-core/index';
import { switchesFor } from '../shell/CniSettings';
import { MENUS } from '../shell/CraniumMenus';
import { PROTOCOLS, ROUTERS } from '../shell/Header';

export interface Choice {
  /** Stable key within its group (the select's value). */
  key: string;
  label: string;
  overrides: Override[];
}

export interface ChoiceGroup {
  key: string;
  label: string;
  choices: Choice[];
  /** The choice A has now, if one of them. */
  current: string | null;
}

const sys = (fields: Record<string, unknown>): Override[] =>
  Object.entries(fields).map(([k, value]) => ({ path: `system.${k}`, value }));

export function choiceGroups(scenario: Scenario | null): ChoiceGroup[] {
  if (!scenario) return [];
  const system = scenario.system;
  const groups: ChoiceGroup[] = [];
  if (system.kind === 'bus' || system.kind === 'cni')
    groups.push({
      key: 'protocol',
      label: 'Protocol',
      current: system.protocol,
      choices: PROTOCOLS.map((p) => ({ key: p, label: p, overrides: sys({ protocol: p }) })),
    });
  if (system.kind === 'network') {
    const current =
      system.router !== 'dor' ? system.router : system.dateline ? 'dor' : 'dor-no-dateline';
    groups.push({
      key: 'router',
      label: 'Router',
      current,
      choices: (Object.keys(ROUTERS) as (keyof typeof ROUTERS)[]).map((key) => ({
        key,
        label: ROUTERS[key].label,
        overrides: sys(ROUTERS[key].fields),
      })),
    });
  }
  if (system.kind === 'cni') {
    const local =
      'messages' in scenario.workload && scenario.workload.messages.kind === 'local-queue';
    if (!local) {
      groups.push({
        key: 'ni',
        label: 'NI',
        current: system.ni,
        choices: NI_KIND_NAMES.filter((ni) => NI_KINDS[ni].buses.includes(system.bus)).map(
          (ni) => ({ key: ni, label: `${ni} · ${NI_KINDS[ni].exposed}`, overrides: sys({ ni }) }),
        ),
      });
      groups.push({
        key: 'bus',
        label: 'Bus',
        current: system.bus,
        choices: (['memory', 'io'] as const)
          .filter((bus) => NI_KINDS[system.ni].buses.includes(bus))
          .map((bus) => ({
            key: bus,
            label: bus === 'memory' ? 'memory bus' : 'I/O bus',
            overrides: sys({ bus }),
          })),
      });
    }
  }
  if (system.kind === 'cni') {
    const local =
      'messages' in scenario.workload && scenario.workload.messages.kind === 'local-queue';
    for (const s of switchesFor(system.ni, local)) {
      if (s.kind === 'toggle')
        groups.push({
          key: s.path,
          label: s.label,
          current: String(s.get(system)),
          choices: [true, false].map((on) => ({
            key: String(on),
            label: on ? 'on' : 'off',
            overrides: sys(s.set(system, on)),
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
            overrides: sys({ [s.path]: value }),
          })),
        });
    }
  }
  if (system.kind === 'cranium') {
    for (const menu of MENUS)
      groups.push({
        key: menu.field,
        label: menu.label,
        current: system[menu.field],
        choices: menu.options.map(([value, text]) => ({
          key: value,
          label: text,
          overrides: sys({ [menu.field]: value }),
        })),
      });
    groups.push({
      key: 'warmChannels',
      label: 'Warm channels',
      current: String(system.warmChannels),
      choices: [
        { key: 'true', label: 'warm', overrides: sys({ warmChannels: true }) },
        { key: 'false', label: 'cold', overrides: sys({ warmChannels: false }) },
      ],
    });
  }
  return groups;
}

/** The first choice of a group that differs from A (what a comparison most likely wants). */
export function firstOther(group: ChoiceGroup): Choice | undefined {
  return group.choices.find((c) => c.key !== group.current) ?? group.choices[0];
}
