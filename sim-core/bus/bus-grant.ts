/**
 * The grant of a bus transaction (seed 000 §B.0; occupancies from Table 2, digest §C.2): the kind
 * is decided from the requester's line as it is now, and on the atomic bus every other cache
 * snoops at once, in cache-id order, which fixes where the data comes from (an owner cache, a
 * write-back buffer, or memory). Each snoop is a protocol-table event (Sorin, Hill & Wood 2011,
 * Ch. 7).
 */
import { clonePlain } from '../kernel/clone';
import {
  findLine,
  findWbEntry,
  type CacheLine,
  type CacheState,
  type WbEntry,
} from '../memory/cache';
import type { SnoopingEvent } from '../memory/protocols/snooping-vocabulary';
import { emit, memoryBlock, type BusCtx } from './bus-context';
import type { BusModelEvent } from './bus-events';
import {
  costOf,
  type BusRequest,
  type BusTxn,
  type BusTxnKind,
  type DataSource,
  type SnoopOutcome,
} from './bus-types';
import { fire } from './cache-controller';

/** Transactions the bus timeline view keeps. */
const RECENT_TXNS = 24;

/** The transaction a request needs now, from its line's current state (null: no longer needed). */
function kindFor(ctx: BusCtx, req: BusRequest): BusTxnKind | null {
  const cache = ctx.state.caches[req.cache]!;
  if (req.writeback) return findWbEntry(cache, req.block) ? 'WB' : null;
  const state = findLine(cache, req.block, ctx.cfg.geometry)?.state;
  switch (state) {
    case 'IS_AD':
      return 'RD';
    case 'IM_AD':
      return 'RDX';
    case 'SM_A':
    case 'OM_A':
      return 'INV';
    default:
      return null;
  }
}

/**
 * Grants `req` the bus: the transaction starts, its snoops happen, and the grant is announced. A
 * request whose line no longer needs a transaction (a snoop cancelled its write-back) is dropped.
 */
export function grant(ctx: BusCtx, req: BusRequest): void {
  const s = ctx.state;
  const kind = kindFor(ctx, req);
  const requester = s.caches[req.cache]!;
  if (kind === null) {
    s.busStats.dropped += 1;
    emit(ctx, {
      kind: 'bus.drop',
      cache: req.cache,
      block: req.block,
      reason: 'the write-back was cancelled by a snoop',
    });
    return;
  }
  const cost = costOf(kind, ctx.cfg.costs);
  const txn: BusTxn = {
    id: s.bus.nextTxnId++,
    kind,
    requester: req.cache,
    block: req.block,
    grantedAt: s.cycle,
    endsAt: s.cycle + cost,
    source: { kind: 'none' },
    shared: false,
    data: null,
    snoops: [],
  };
  const transitions = ctx.events.length;
  const memoryUpdated =
    kind === 'WB' ? writeBack(ctx, requester, txn) : snoopAndFetch(ctx, requester, txn);

  s.bus.current = txn;
  s.bus.recent.push(txn);
  if (s.bus.recent.length > RECENT_TXNS) s.bus.recent.shift();
  s.busStats.transactions[kind] += 1;
  const source: DataSource = clonePlain(txn.source);
  const grantEvent: BusModelEvent = {
    kind: 'bus.grant',
    txn: txn.id,
    txnKind: kind,
    requester: req.cache,
    block: req.block,
    cost,
    endsAt: txn.endsAt,
    source,
    shared: txn.shared,
    snoops: txn.snoops.map((o): SnoopOutcome => ({ ...o, actions: [...o.actions] })),
    memoryUpdated,
  };
  // The grant is announced before the transitions it caused.
  ctx.events.splice(transitions, 0, grantEvent);
}

/** A write-back leaves the requester's buffer for memory. Returns whether memory was updated. */
function writeBack(ctx: BusCtx, requester: CacheState, txn: BusTxn): boolean {
  const s = ctx.state;
  let memoryUpdated = false;
  const entry = findWbEntry(requester, txn.block)!;
  fire(ctx, requester, entry, txn.block, 'Grant', txn.id, (action) => {
    if (action === 'writeBackToMemory') {
      s.memory[txn.block] = [...entry.words];
      memoryUpdated = true;
    }
  });
  requester.wbBuffer = requester.wbBuffer.filter((e) => e !== entry);
  requester.stats.writebacks += 1;
  s.busStats.memoryWrites += 1;
  return memoryUpdated;
}

/**
 * RD, RDX or INV: every other cache's line and buffer entry snoop the block, then memory supplies
 * the data if no cache did, and the requester's line is granted. Returns whether a snoop flushed
 * the block to memory.
 */
function snoopAndFetch(ctx: BusCtx, requester: CacheState, txn: BusTxn): boolean {
  const s = ctx.state;
  const { kind, block } = txn;
  let memoryUpdated = false;
  const snoopEvent: SnoopingEvent =
    kind === 'RD' ? 'OtherRd' : kind === 'RDX' ? 'OtherRdX' : 'OtherInv';
  for (const other of s.caches) {
    if (other.id === requester.id) continue;
    const holders: (CacheLine | WbEntry)[] = [];
    const line = findLine(other, block, ctx.cfg.geometry);
    if (line) holders.push(line);
    const entry = findWbEntry(other, block);
    if (entry) holders.push(entry);
    for (const holder of holders) {
      const from = holder.state;
      const inBuffer = holder === entry;
      const actions = fire(ctx, other, holder, block, snoopEvent, txn.id, (action) => {
        if (action === 'supplyData') {
          txn.source = { kind: 'cache', cache: other.id, fromWbBuffer: inBuffer };
          txn.data = [...holder.words];
          other.stats.suppliedBlocks += 1;
        } else if (action === 'assertShared') {
          txn.shared = true;
        } else if (action === 'flushToMemory') {
          s.memory[block] = [...holder.words];
          memoryUpdated = true;
        } else if (action === 'cancelWriteback') {
          other.wbBuffer = other.wbBuffer.filter((e) => e !== holder);
        }
      });
      if (holder.state === 'I' && from !== 'I') other.stats.invalidatedBySnoop += 1;
      txn.snoops.push({ cache: other.id, from, to: holder.state, actions: actions ?? [] });
    }
  }
  if (kind !== 'INV' && txn.source.kind === 'none') {
    txn.source = { kind: 'memory' };
    txn.data = [...memoryBlock(ctx, block)];
    s.busStats.memoryReads += 1;
  } else if (txn.source.kind === 'cache') {
    s.busStats.cacheToCache += 1;
  }
  const line = findLine(requester, block, ctx.cfg.geometry)!;
  fire(ctx, requester, line, block, 'Grant', txn.id, () => undefined);
  if (kind === 'INV') requester.stats.upgrades += 1;
  return memoryUpdated;
}
