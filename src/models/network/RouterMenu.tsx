/**
 * The routers a lecturer can switch between on the same traffic: each routing function of the
 * registry, and for dimension-order on a torus, with and without the dateline's virtual channels.
 */
import type { NetworkScenario } from '../../../sim-core/index';
import type { ChoiceGroup } from '../../compare/choice-group';
import { systemOverrides } from '../../compare/choice-group';
import { withSystem } from '../../shell/with-system';
import { actions } from '../../state/store';
import { useLock } from '../../teaching/assignment-store';
import type { LoadSpec } from '../../worker/sim-api';

export const ROUTERS = {
  chaos: { label: 'chaos', fields: { router: 'chaos' } },
  minimal: { label: 'minimal adaptive, no deroutes', fields: { router: 'minimal' } },
  deflection: { label: 'deflection (hot potato)', fields: { router: 'deflection' } },
  dor: { label: 'dimension-order + dateline', fields: { router: 'dor', dateline: true } },
  'dor-no-dateline': {
    label: 'dimension-order, no dateline',
    fields: { router: 'dor', dateline: false },
  },
} as const;
type RouterChoice = keyof typeof ROUTERS;

function currentChoice(system: NetworkScenario['system']): RouterChoice {
  return system.router !== 'dor' ? system.router : system.dateline ? 'dor' : 'dor-no-dateline';
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
            withSystem(spec, ROUTERS[e.target.value as RouterChoice].fields),
            'Switching router',
          )
        }
      >
        {(Object.keys(ROUTERS) as RouterChoice[]).map((key) => (
          <option key={key} value={key}>
            {ROUTERS[key].label}
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
  choices: (Object.keys(ROUTERS) as RouterChoice[]).map((key) => ({
    key,
    label: ROUTERS[key].label,
    overrides: systemOverrides(ROUTERS[key].fields),
  })),
});
