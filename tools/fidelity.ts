/**
 * npm run fidelity [-- --json | --help]: every published number the simulator reproduces, measured now.
 * One JSON object per line with --json: { id, source, metric, paper, ours, tolerance, pass, kind,
 * origin, status, knownFailure? }. Explained in docs/fidelity/. Known failures
 * (sim-core/fidelity/known-failures.ts) are counted in the closing line and do not fail the
 * command; an unexpected failure, or a known failure that now passes, exits 1.
 */
import { fidelitySummary, rowStatus, type FidelityRow } from '../sim-core/fidelity/fidelity';
import { KNOWN_FAILURES } from '../sim-core/fidelity/known-failures';
import {
  chaosVsDeflectionRow,
  chaosVsDorRow,
  hotspotRows,
  multiQueueRows,
  postSaturationRow,
  zeroLoadRow,
} from '../sim-core/fidelity/torus';
import { minimalAdaptiveRows } from '../sim-core/fidelity/torus-minimal';
import { cniRows } from '../sim-core/fidelity/cni';
import {
  absoluteRows,
  cacheBusRows,
  cdrBreakEvenRow,
  cni16QmRows,
  dipRow,
  headMissRow,
  occupancyRow,
  rangeRows,
} from '../sim-core/fidelity/cni-figures';
import { craniumRows } from '../sim-core/fidelity/cranium';
import { edtRows } from '../sim-core/fidelity/edt';
import { craniumAnalysisRows } from '../sim-core/fidelity/cranium-analysis';
import { flashRows } from '../sim-core/fidelity/flash';
import { fuguRows } from '../sim-core/fidelity/fugu';
import { crossRows } from '../sim-core/fidelity/cross';
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
        help: 'One JSON object per row: id, source, metric, paper, ours, tolerance, pass, kind, origin, status.',
      },
    ],
    exitCodes: [
      [0, 'every row passes, or fails as a known failure'],
      [1, 'an unexpected failure, or a known failure that now passes'],
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
  ...hotspotRows(),
  ...multiQueueRows(),
  ...minimalAdaptiveRows(),
  ...cniRows(),
  ...cacheBusRows(),
  ...rangeRows(),
  ...absoluteRows(),
  dipRow(),
  ...cni16QmRows(),
  occupancyRow(),
  cdrBreakEvenRow(),
  headMissRow(),
  ...craniumRows(),
  ...craniumAnalysisRows(),
  ...edtRows(),
  ...flashRows(),
  ...fuguRows(),
  ...crossRows(),
];
const summary = fidelitySummary(rows);
if (has(args, '--json')) {
  for (const row of rows) {
    const knownFailure = KNOWN_FAILURES[row.id];
    console.log(
      JSON.stringify({ ...row, status: rowStatus(row), ...(knownFailure ? { knownFailure } : {}) }),
    );
  }
} else {
  for (const r of rows) {
    const status = rowStatus(r);
    console.log(
      `${status.padEnd(13)} ${r.id.padEnd(34)} ${`${r.kind} ${r.origin}`.padEnd(12)} paper ${String(r.paper).padEnd(8)} ours ${String(r.ours).padEnd(8)} (${r.tolerance})`,
    );
    console.log(`      ${r.metric}`);
    console.log(`      source: ${r.source}`);
    const known = KNOWN_FAILURES[r.id];
    if (known) console.log(`      known failure: ${known}`);
  }
  console.log(summary.line);
}
process.exitCode = summary.ok ? 0 : 1;
