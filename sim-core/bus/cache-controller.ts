/**
 * The bus model's cache controller: every state change of a line or write-back-buffer entry goes
 * through the protocol table (Sorin, Hill & Wood 2011, Ch. 7; the tables in memory/protocols).
 */
import type { CacheLine, CacheState, WbEntry } from '../memory/cache';
import { cellOf } from '../memory/protocol';
import type { SnoopingAction, SnoopingEvent } from '../memory/protocols/snooping-vocabulary';
import { emit, type BusCtx } from './bus-context';

/**
 * Fires `event` on a line or write-back-buffer entry: looks up the cell, moves to its next state
 * and runs its actions through `perform`. Returns the cell's actions, or null for a stall.
 */
export function fire(
  ctx: BusCtx,
  cache: CacheState,
  holder: CacheLine | WbEntry,
  block: number,
  event: SnoopingEvent,
  txn: number | null,
  perform: (action: SnoopingAction) => void,
  quiet = false,
): readonly SnoopingAction[] | null {
  const from = holder.state;
  ctx.touched.push(block);
  const cell = cellOf(ctx.protocol, from, event);
  if (cell.kind === 'stall') return null;
  if (cell.kind === 'impossible') {
    emit(ctx, {
      kind: 'invariant.violation',
      rule: 'protocol',
      block,
      detail: `P${cache.id}: ${from} × ${event} is impossible (${cell.why})`,
    });
    return [];
  }
  holder.state = cell.next;
  if (!quiet)
    emit(ctx, {
      kind: 'coh.transition',
      cache: cache.id,
      block,
      from,
      to: cell.next,
      event,
      actions: cell.actions,
      txn,
    });
  for (const action of cell.actions) perform(action);
  return cell.actions;
}
