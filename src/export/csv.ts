/**
 * CSV exports (pure: no DOM): statistics, sweep results and the event log, written by the one
 * CSV writer (sim-core/kernel/csv.ts, shared with the grader), whose formula guard keeps a
 * scenario's text from a share link from ever running as a spreadsheet formula.
 */
import { toCsv, type Cell } from '../../sim-core/kernel/csv';

export { csvCell, toCsv, type Cell } from '../../sim-core/kernel/csv';
export { logCsv } from '../../sim-core/trace/log-csv';

/**
 * Plain data flattened to dotted paths and leaf values, in key order: `bus.transactions.RD`,
 * `caches.0.hits`. The same flattening names rows in the statistics CSV and in compare mode.
 */
export function flatten(value: unknown, prefix = '', out: [string, Cell][] = []): [string, Cell][] {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix !== '') out.push([prefix, '']);
    for (const [key, v] of entries) flatten(v, prefix === '' ? key : `${prefix}.${key}`, out);
  } else if (prefix !== '') {
    out.push([prefix, value as Cell]);
  }
  return out;
}

/** The statistics at one cycle: one row per counter. */
export function statsCsv(stats: unknown): string {
  return toCsv(['statistic', 'value'], flatten(stats));
}

/** Sweep points (any shape of plain records): one row per point, one column per field. */
export function sweepCsv(points: readonly unknown[]): string {
  const rows = points.map((p) => new Map(flatten(p)));
  const header: string[] = [];
  for (const row of rows) for (const key of row.keys()) if (!header.includes(key)) header.push(key);
  return toCsv(
    header,
    rows.map((row) => header.map((key) => row.get(key))),
  );
}
