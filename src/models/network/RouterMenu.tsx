/**
 * The routers a lecturer can switch between on the same traffic: each routing function of the
 * registry, by its label, and for one with a dateline switch (dimension-order on a torus), with
 * and without the dateline's virtual channels.
 */
import {
  ROUTER_NAMES,
  routingFunctions,
  type NetworkScenario,
  type RouterKind,
} from '../../../sim-core/index';
import type { ChoiceGroup } from '../../compare/choice-group';
import { systemOverrides } from '../../compare/choice-group';
import { withSystem } from '../../shell/with-system';
import { actions } from '../../state/store';
import { useLock } from '../../teaching/assignment-store';
import type { LoadSpec } from '../../worker/sim-api';

/** One menu choice: a router, and for one with a dateline switch, with or without it. */
interface RouterChoice {
  key: string;
  label: string;
  fields: { router: RouterKind; dateline?: boolean };
}

const CHOICES: readonly RouterChoice[] = ROUTER_NAMES.flatMap((router): RouterChoice[] => {
  const { label, datelineSwitch } = routingFunctions[router];
  return datelineSwitch
    ? [
        { key: router, label: `${label} + dateline`, fields: { router, dateline: true } },
        {
          key: `${router}-no-dateline`,
          label: `${label}, no dateline`,
          fields: { router, dateline: false },
        },
      ]
    : [{ key: router, label, fields: { router } }];
});

function currentChoice(system: NetworkScenario['system']): string {
  const switched = routingFunctions[system.router].datelineSwitch && !system.dateline;
  return switched ? `${system.router}-no-dateline` : system.router;
}

export function RouterMenu({ spec, scenario }: { spec: LoadSpec; scenario: NetworkScenario }) {
  const lock = useLock();
  return (
    <label>
      Router
      <select
        value={currentChoice(scenario.system)}
        disabled={(lock('system.router') ?? lock('system.dateline')) !== null}
        title={lock('system.router') ?? lock('system.dateline') ?? undefined}
        data-testid="router-select"
        onChange={(e) =>
          void actions.reload(
            withSystem(spec, CHOICES.find((c) => c.key === e.target.value)?.fields ?? {}),
            'Switching router',
          )
        }
      >
        {CHOICES.map((c) => (
          <option key={c.key} value={c.key} title={routingFunctions[c.fields.router].description}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export const routerChoices = (system: NetworkScenario['system']): ChoiceGroup => ({
  key: 'router',
  label: 'Router',
  current: currentChoice(system),
  choices: CHOICES.map((c) => ({
    key: c.key,
    label: c.label,
    overrides: systemOverrides(c.fields),
  })),
});
