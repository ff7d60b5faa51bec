/**
 * npm run fidelity [-- --json | --help]: every published number the simulator reproduces, measured now.
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
import { has, startTool } from './cli';

// --help and a wrong flag are answered before any row is measured.
const args = startTool(
  {
    name: 'fidelity',
    summary: 'measures every published number the simulator reproduces, paper beside ours.',
    usage: ['[--json]'],
    options: [
      {
        name: '--json',
        help: 'One JSON object per row: id, source, metric, paper, ours, tolerance, pass.',
      },
    ],
    exitCodes: [
      [0, 'every row passes'],
      [1, 'a row fails'],
      [2, 'the command line is wrong (CLI001)'],
    ],
    docs: 'docs/cli.md ("Fidelity") and docs/fidelity/',
  },
  process.argv.slice(2),
);

const rows: FidelityRow[] = [
  zeroLoadRow(),
  postSaturationRow(),
  chaosVsDorRow(),
  chaosVsDeflectionRow(),
  hotspotRow(),
  ...cniRows(),
  ...craniumRows(),
];
if (has(args, '--json')) {
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
