/**
 * Which blocks each cache touched in this cycle's events: the rows that changed, which the cache
 * view outlines so students see where to look after a step.
 */
import type { SimEvent } from '../../../../sim-core/index';

export function touchedBlocks(
  events: readonly SimEvent[],
  blockBytes: number,
): Map<number, Set<number>> {
  const touched = new Map<number, Set<number>>();
  const mark = (cache: number, block: number) => {
    const blocks = touched.get(cache) ?? new Set<number>();
    blocks.add(block);
    touched.set(cache, blocks);
  };
  for (const e of events) {
    switch (e.kind) {
      case 'coh.transition':
      case 'cache.evict':
        mark(e.cache, e.block);
        break;
      case 'cpu.hit':
        mark(e.proc, e.block);
        break;
      case 'cpu.perform':
        mark(e.proc, Math.floor(e.addr / blockBytes));
        break;
      case 'bus.grant':
        mark(e.requester, e.block);
        for (const snoop of e.snoops) mark(snoop.cache, e.block);
        break;
    }
  }
  return touched;
}
