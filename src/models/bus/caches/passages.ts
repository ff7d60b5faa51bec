/**
 * The states a line passed through within this cycle, when it changed more than once: the next
 * request wins the bus in the cycle the last one completes, so a line can reach M and leave it in
 * one cycle (SM_A → M → O). The frame holds only the last state; the caches panel shows the way.
 */
import type { SimEvent } from '../../../../sim-core/index';

/** By cache, then block: the states in order (the first one it left, then each it entered). */
export function linePassages(events: readonly SimEvent[]): Map<number, Map<number, string[]>> {
  const passages = new Map<number, Map<number, string[]>>();
  for (const e of events) {
    if (e.kind !== 'coh.transition') continue;
    const blocks = passages.get(e.cache) ?? new Map<number, string[]>();
    passages.set(e.cache, blocks);
    const states = blocks.get(e.block);
    if (states) states.push(e.to);
    else blocks.set(e.block, [e.from, e.to]);
  }
  // One transition shows as the state itself (the row is outlined as changed).
  for (const blocks of passages.values())
    for (const [block, states] of blocks) if (states.length < 3) blocks.delete(block);
  return passages;
}
