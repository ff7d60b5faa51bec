/** The event log as CSV: cycle, seq, kind and the event in words (the worker writes the export). */
import { toCsv } from '../kernel/csv';
import type { SimEvent } from './events';

export function logCsv(log: readonly SimEvent[], text: (e: SimEvent) => string): string {
  return toCsv(
    ['cycle', 'seq', 'kind', 'text'],
    log.map((e) => [e.cycle, e.seq, e.kind, text(e)]),
  );
}
