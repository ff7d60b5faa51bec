/**
 * npm run fidelity [-- --json]: every published number the simulator reproduces, measured now.
 * One JSON object per line with --json: { id, source, metric, paper, ours, tolerance, pass }.
 * Explained in docs/fidelity/. Exits 1 if a row fails.
 */
import type { FidelityRow } from '../sim-core/fidelity/fidelity';
import {
  chaosVsDeflectionRow,
  chaosVsDorRow,
  hotspotRow,
  postSaturationRow,
  zeroLoadRow,
} from '../sim-core/fidelity/torus';
import { cniRows } from '../sim-core/fidelity/cni';
import { craniumRows } from '../sim-core/fidelity/cranium';
import { edtRows } from '../sim-core/fidelity/edt';

const rows: FidelityRow[] = [
  zeroLoadRow(),
  postSaturationRow(),
  chaosVsDorRow(),
  chaosVsDeflectionRow(),
  hotspotRow(),
  ...cniRows(),
  ...craniumRows(),
  ...edtRows(),
];
if (process.argv.includes('--json')) {
  for (const row of rows) console.log(JSON.stringify(row));
} else {
  for (const r of rows) {
    console.log(
      `${r.pass ? 'pass' : 'FAIL'}  ${r.id.padEnd(34)} paper ${String(r.paper).padEnd(8)} ours ${String(r.ours).padEnd(8)} (${r.tolerance})`,
    );
    console.log(`      ${r.metric}`);
    console.log(`      source: ${r.source}`);
  }
}
process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
