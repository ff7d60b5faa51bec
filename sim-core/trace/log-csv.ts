/** The event log as CSV: cycle, seq, kind and the event in words (the worker writes the export). */
import { toCsv } from '../kernel/csv';
import type { SimEvent } from './events';

export function logCsv(log: Iterable<SimEvent>, text: (e: SimEvent) => string): string {
  // Rows are made as the events stream by: a log that recomputes its chunks never holds them all.
  const rows: (string | number)[][] = [];
  for (const e of log) rows.push([e.cycle, e.seq, e.kind, text(e)]);
  return toCsv(['cycle', 'seq', 'kind', 'text'], rows);
}
