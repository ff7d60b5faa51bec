/**
 * FUGU's switches, each a path in the scenario with its choices: the header's menus and compare
 * mode's choices read this one list (atomicity kernel/hard/soft, the mismatch policy, the overflow
 * threshold, the scheduler's skew, forced buffering; round2-spec §B3.6).
 */
import type { FuguTypes } from '../../../sim-core/ni/fugu/fugu-face';
import type { ScenarioOf } from '../../../sim-core/model';

type FuguScenario = ScenarioOf<FuguTypes>;

export interface FuguSetting {
  key: string;
  label: string;
  path: string;
  /** The value now, as an option key. */
  current(sc: FuguScenario): string;
  options: readonly (readonly [key: string, value: unknown, text: string])[];
}

/** The first application that is not in the background: the one a lecture is about. */
export const mainApp = (sc: FuguScenario) => {
  const i = sc.workload.apps.findIndex((a) => !a.background && !a.interactive && a.like !== 'null');
  return i < 0 ? 0 : i;
};

export function fuguSettings(sc: FuguScenario): FuguSetting[] {
  const a = mainApp(sc);
  const app = `workload.apps.${a}`;
  return [
    {
      key: 'atomicity',
      label: 'Atomicity',
      path: 'system.atomicity',
      current: (s) => s.system.atomicity,
      options: [
        ['kernel', 'kernel', 'kernel mode (unprotected): 54'],
        ['hard', 'hard', 'hard atomicity (projected): 87'],
        ['soft', 'soft', 'soft atomicity (as built): 115'],
      ],
    },
    {
      key: 'policy',
      label: 'Mismatch policy',
      path: `${app}.policy`,
      current: (s) => s.workload.apps[a]!.policy,
      options: [
        ['buffer-on-mismatch', 'buffer-on-mismatch', 'buffer on mismatch'],
        ['upcall-always', 'upcall-always', 'upcall always'],
        ['buffer-always', 'buffer-always', 'buffer always'],
      ],
    },
    {
      key: 'threshold',
      label: 'Overflow threshold',
      path: `${app}.threshold`,
      current: (s) => String(s.workload.apps[a]!.threshold ?? 'none'),
      options: [
        ['none', null, 'no overflow control'],
        ...[3, 5, 8, 10, 15, 19].map((t) => [String(t), t, `${t} pages`] as const),
      ],
    },
    {
      key: 'skew',
      label: 'Scheduler skew',
      path: 'system.scheduler.skew',
      current: (s) => String(s.system.scheduler.skew),
      options: [0, 0.01, 0.1, 0.3, 0.5, 0.9].map(
        (k) => [String(k), k, `${Math.round(k * 100)} %`] as const,
      ),
    },
    {
      key: 'forceBuffered',
      label: 'Forced buffering',
      path: 'system.forceBuffered',
      current: (s) => String(s.system.forceBuffered),
      options: [
        ['false', false, 'two-case delivery'],
        ['true', true, 'every message buffered'],
      ],
    },
  ];
}
