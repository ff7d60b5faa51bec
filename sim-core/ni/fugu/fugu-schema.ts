/**
 * The scenario format's FUGU part (seed 004; round2-spec §B3.2) as the model socket takes it: the
 * system and workload shapes (fugu-format.ts) and the cross-field checks (fugu-checks.ts).
 */
import type { ModelSchema } from '../../model';
import { checkFugu } from './fugu-checks';
import { appsBranch, fuguSystem, type FuguSystemOut, type FuguWorkloadOut } from './fugu-format';

export const fuguSchema: ModelSchema<FuguSystemOut, FuguWorkloadOut> = {
  system: fuguSystem,
  systemHint: 'FUGU { "kind": "fugu", … }',
  workloads: [{ schema: appsBranch, hint: '{ "apps": [...] }' }],
  ownsWorkload: (w) => 'apps' in w,
  wrongWorkload: 'FUGU runs { "apps": [...] }',
  foreignWorkload: 'application workloads run on FUGU: set system.kind to "fugu"',
  check: checkFugu,
  focusPanel: {
    name: 'UDM NI',
    check: (sc, n) =>
      Number.isInteger(sc.system.nodes) && n >= sc.system.nodes
        ? `expected a node 0..${sc.system.nodes - 1}, got ${n}`
        : null,
  },
};
