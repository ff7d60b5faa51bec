/**
 * The FUGU model's page (seed 004): its settings in the header, its statistics, and compare
 * mode's choices — atomicity, mismatch policy, overflow threshold, skew, forced buffering.
 */
import type { FuguTypes } from '../../../sim-core/ni/fugu/module';
import type { ModelUi } from '../model-ui';
import { fuguSettings } from './fugu-settings';
import { FuguMenus } from './FuguMenus';
import { FuguStatsTables } from './stats/FuguStatsTable';

export const fuguUi: ModelUi<FuguTypes> = {
  kind: 'fugu',
  label: 'FUGU',
  views: {},
  Menus: ({ spec, scenario }) => <FuguMenus spec={spec} scenario={scenario} />,
  Stats: ({ stats }) => <FuguStatsTables stats={stats} />,
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
