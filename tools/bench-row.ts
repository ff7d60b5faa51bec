/** One measured row of `npm run bench` and `npm run bench:browser` (docs/cli.md, "Benchmarks"). */
export interface BenchRow {
  id: string;
  what: string;
  value: number;
  unit: string;
  target: string;
  meets: boolean;
}
