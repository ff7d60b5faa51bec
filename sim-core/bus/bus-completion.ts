/**
 * Step 1 of a bus-model cycle (seed 000 §B.0): the transaction whose occupancy ends this cycle
 * completes. The requester's line fires DataExcl, DataShared or Done from its protocol table
 * (Sorin, Hill & Wood 2011, Ch. 7), takes the data, and the waiting load or store performs.
 */
import { findLine } from '../memory/cache';
import type { SnoopingEvent } from '../memory/protocols/snooping-vocabulary';
import { emit, type BusCtx } from './bus-context';
import { fire } from './cache-controller';
import { performWaiting } from './processors';

export function completeTransaction(ctx: BusCtx): void {
  const s = ctx.state;
  const txn = s.bus.current;
  if (!txn || txn.endsAt !== s.cycle) return;
  s.bus.current = null;
  emit(ctx, {
    kind: 'bus.done',
    txn: txn.id,
    txnKind: txn.kind,
    requester: txn.requester,
    block: txn.block,
  });
  if (txn.kind === 'WB') return;
  const cache = s.caches[txn.requester]!;
  const line = findLine(cache, txn.block, ctx.cfg.geometry);
  if (!line) return;
  const event: SnoopingEvent = txn.kind === 'INV' ? 'Done' : txn.shared ? 'DataShared' : 'DataExcl';
  fire(ctx, cache, line, txn.block, event, txn.id, (action) => {
    if (action === 'fill') {
      line.words = [...(txn.data ?? [])];
      line.filledAt = s.cycle;
    } else if (action === 'performLoad' || action === 'performStore') {
      performWaiting(ctx, s.procs[txn.requester]!, line);
    }
  });
}
