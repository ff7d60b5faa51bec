/** The header's FUGU switches (fugu-settings.ts), each reloading the scenario with its override. */
import type { FuguTypes } from '../../../sim-core/ni/fugu/fugu-face';
import type { ScenarioOf } from '../../../sim-core/model';
import { actions } from '../../state/store';
import { useLock } from '../../teaching/assignment-store';
import type { LoadSpec } from '../../worker/sim-api';
import { fuguSettings } from './fugu-settings';
import { withOverrides } from './spec-edit';

export function FuguMenus({ spec, scenario }: { spec: LoadSpec; scenario: ScenarioOf<FuguTypes> }) {
  const lock = useLock();
  return (
    <>
      {fuguSettings(scenario).map((s) => {
        const current = s.current(scenario);
        const options = s.options.some(([key]) => key === current)
          ? s.options
          : [...s.options, [current, current, current] as const];
        return (
          <label key={s.key}>
            {s.label}
            <select
              value={current}
              disabled={lock(s.path) !== null}
              title={lock(s.path) ?? undefined}
              data-testid={`fugu-${s.key}-select`}
              onChange={(e) => {
                const chosen = s.options.find(([key]) => key === e.target.value);
                if (!chosen) return;
                void actions.reload(
                  withOverrides(spec, [{ path: s.path, value: chosen[1] }]),
                  `Switching ${s.label.toLowerCase()}`,
                );
              }}
            >
              {options.map(([key, , text]) => (
                <option key={key} value={key}>
                  {text}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </>
  );
}
