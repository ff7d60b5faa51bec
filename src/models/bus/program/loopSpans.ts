/**
 * Recovers each loop of a flattened program from the rows' depths (meta carries only op, text and
 * depth): for every `endloop` row, the first row of its body and its loop-counter slot. Slots are
 * numbered in the order loops open, as compileProgram numbers them.
 */
import type { BusMeta } from '../../../../sim-core/index';

type Row = BusMeta['programs'][number][number];

export interface LoopSpan {
  start: number;
  slot: number;
}

export function loopSpans(code: readonly Row[]): Map<number, LoopSpan> {
  const spans = new Map<number, LoopSpan>();
  const open: LoopSpan[] = [];
  let slots = 0;
  code.forEach((row, i) => {
    // A row at depth d lies inside d loops; an endloop closes the loop one level deeper than itself.
    const inside = row.op === 'endloop' ? row.depth + 1 : row.depth;
    while (open.length < inside) open.push({ start: i, slot: slots++ });
    if (row.op === 'endloop') spans.set(i, open.pop()!);
  });
  return spans;
}
