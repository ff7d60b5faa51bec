/**
 * Step 5 of a bus-model cycle, the coherence invariants (Sorin, Hill & Wood 2011, §2.3): single
 * writer or many readers per block (and at most one owner), and every readable copy holding the
 * value of the most recent store to each word (the data-value invariant, against the sequential
 * reference memory).
 */
import { hex } from '../kernel/hex';
import { findLine, findWbEntry, type CacheLine, type WbEntry } from '../memory/cache';
import { emit, expected, type BusCtx } from './bus-context';

/**
 * Checks the blocks touched this cycle: a block's copies can only break an invariant in a
 * cycle where something happened to that block, so this finds every violation in the cycle it
 * occurs, at a fraction of the cost of scanning every line.
 */
export function checkInvariants(ctx: BusCtx): void {
  const g = ctx.cfg.geometry;
  const blocks = [...new Set(ctx.touched)].sort((a, b) => a - b);
  for (const block of blocks) {
    let writers = 0;
    let readers = 0;
    let owners = 0;
    const held: string[] = [];
    for (const cache of ctx.state.caches) {
      const copies: (CacheLine | WbEntry)[] = [];
      const line = findLine(cache, block, g);
      if (line) copies.push(line);
      const entry = findWbEntry(cache, block);
      if (entry) copies.push(entry);
      for (const copy of copies) {
        const spec = ctx.protocol.states[copy.state];
        if (!spec) continue;
        held.push(`P${cache.id}:${copy.state}`);
        if (spec.perm === 'write') writers++;
        else if (spec.perm === 'read') readers++;
        if (spec.owner) owners++;
        if (spec.perm !== 'none') checkCopyValues(ctx, cache.id, copy, block);
      }
    }
    if (writers > 1 || (writers === 1 && readers > 0) || owners > 1) {
      emit(ctx, {
        kind: 'invariant.violation',
        rule: 'single-writer',
        block,
        detail: `block ${hex(block * g.blockBytes)} held as ${held.join(', ')}`,
      });
    }
  }
}

/** A readable copy must hold the value of the most recent store to each of its words. */
function checkCopyValues(
  ctx: BusCtx,
  cache: number,
  copy: CacheLine | WbEntry,
  block: number,
): void {
  const g = ctx.cfg.geometry;
  for (let w = 0; w < copy.words.length; w++) {
    const addr = block * g.blockBytes + w * g.wordBytes;
    const want = expected(ctx, addr);
    if (copy.words[w] !== want) {
      emit(ctx, {
        kind: 'invariant.violation',
        rule: 'data-value',
        block,
        detail: `P${cache} holds ${copy.words[w]} at ${hex(addr)} in ${copy.state}, but the last store wrote ${want}`,
      });
    }
  }
}
