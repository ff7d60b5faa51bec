/**
 * Fidelity rows: each published claim the project can reproduce, measured by running the
 * simulator (no number is typed in). `npm run fidelity` prints them; docs/fidelity/ explains each.
 */
export interface FidelityRow {
  id: string;
  /** Where the claim is published: seed, section, line. */
  source: string;
  metric: string;
  paper: number | string;
  ours: number | string;
  tolerance: string;
  pass: boolean;
  /** A failure the model's fidelity document explains (where, and why it is kept). */
  knownFailure?: string;
}
