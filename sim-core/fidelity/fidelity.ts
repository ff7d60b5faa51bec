/**
 * Fidelity rows: each published claim the project can reproduce, measured by running the
 * simulator (no number is typed in). `npm run fidelity` prints them; docs/fidelity/ explains each.
 * The classes are round2-spec.md's: Q a number with a tolerance (or exact), R an ordering or a
 * ratio; emergent (comes out of the simulated mechanism), composed (the seed's stage costs are
 * inputs and the row checks the simulated timeline adds them up) or calibrated (a parameter was
 * fitted to this very number).
 */
import { KNOWN_FAILURES } from './known-failures';

export type RowKind = 'Q' | 'R';
export type RowOrigin = 'emergent' | 'composed' | 'calibrated';

export interface FidelityRow {
  id: string;
  /** Where the claim is published: seed, section, line. */
  source: string;
  metric: string;
  paper: number | string;
  ours: number | string;
  tolerance: string;
  pass: boolean;
  kind: RowKind;
  origin: RowOrigin;
}

/**
 * What a row's result means against the known-failure list: a known failure does not fail the
 * command, and a known failure that passes is reported (so a fix is noticed and the list edited).
 */
export type RowStatus = 'pass' | 'known failure' | 'FAIL' | 'FIXED';

export function rowStatus(row: FidelityRow): RowStatus {
  const known = row.id in KNOWN_FAILURES;
  if (row.pass) return known ? 'FIXED' : 'pass';
  return known ? 'known failure' : 'FAIL';
}

/** The closing line: rows, passes, known failures and (if any) unexpected results. */
export function fidelitySummary(rows: readonly FidelityRow[]): { line: string; ok: boolean } {
  const count = (s: RowStatus) => rows.filter((r) => rowStatus(r) === s).length;
  const failed = count('FAIL');
  const fixed = count('FIXED');
  const parts = [
    `${rows.length} rows`,
    `${count('pass')} pass`,
    `${count('known failure')} known failures`,
  ];
  if (failed > 0) parts.push(`${failed} FAIL`);
  if (fixed > 0)
    parts.push(`${fixed} known failures now pass (remove them from known-failures.ts)`);
  return { line: parts.join(', '), ok: failed === 0 && fixed === 0 };
}
