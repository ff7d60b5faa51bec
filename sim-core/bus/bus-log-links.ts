/**
 * The bus model's events and what they are about: a block (every event that names one or an
 * address in it) and a bus transaction (its grant, its completion and the rows it fired).
 */
import type { BusModelEvent } from './bus-events';
import type { LogLinks } from '../trace/selection';
import type { BusMeta } from './bus-meta';

function blockOf(e: BusModelEvent, meta: BusMeta): number | null {
  if ('block' in e && typeof e.block === 'number' && e.block >= 0) return e.block;
  if ('addr' in e && typeof e.addr === 'number')
    return Math.floor(e.addr / meta.geometry.blockBytes);
  return null;
}

function txnOf(e: BusModelEvent): number | null {
  if (e.kind === 'bus.grant' || e.kind === 'bus.done' || e.kind === 'coh.transition') return e.txn;
  return null;
}

export const busLogLinks: LogLinks<BusMeta, BusModelEvent> = {
  subject(e, meta) {
    const block = blockOf(e, meta);
    return block === null ? null : { kind: 'block', block };
  },
  about(e, selection, meta) {
    if (selection.kind === 'block') return blockOf(e, meta) === selection.block;
    if (selection.kind === 'txn') return txnOf(e) === selection.txn;
    return false;
  },
};
