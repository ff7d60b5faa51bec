/** The cache bus (seed 000 Table 2's first column, Figs. 6c/7c): NI2w only, 4-cycle registers. */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../sim-core/scenario/parse';
import { BUS_KINDS, CNI_BUS_PRESETS, NI_KINDS, NI_KIND_NAMES } from '../../sim-core/ni/cni/config';
import { roundTrip } from '../../sim-core/fidelity/cni';

const doc = (ni: string, bus: string) => ({
  version: 1,
  id: 'cache-bus',
  title: 'cache bus',
  system: { kind: 'cni', ni, bus },
  workload: { messages: { kind: 'pingpong', bytes: 64 } },
});

describe('the cache bus', () => {
  it('prices the NI registers at 4 cycles and leaves the rest to the memory bus', () => {
    expect(CNI_BUS_PRESETS.cache).toMatchObject({ uncachedLoad: 4, uncachedStore: 4 });
    expect(CNI_BUS_PRESETS.cache.memoryToCache).toBe(CNI_BUS_PRESETS.memory.memoryToCache);
    expect(BUS_KINDS).toEqual(['memory', 'io', 'cache']);
  });

  it('takes NI2w and refuses every CNI with a message naming system.bus', () => {
    expect(NI_KIND_NAMES.filter((n) => NI_KINDS[n].buses.includes('cache'))).toEqual(['NI2w']);
    expect(parseScenario(doc('NI2w', 'cache')).ok).toBe(true);
    const parsed = parseScenario(doc('CNI16Q', 'cache'));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.error.map((e) => `${e.path}: ${e.message}`)).toEqual([
        "system.bus: CNI16Q cannot sit on the cache bus: only NI2w's uncached registers do (seed 000 Table 2, Figs. 6c and 7c)",
      ]);
  });

  it('makes NI2w faster than on the memory bus, and CNI16Qm on the memory bus slower than it', () => {
    const cache = roundTrip('NI2w', 'cache');
    expect(cache).toBeLessThan(roundTrip('NI2w', 'memory'));
    expect(roundTrip('CNI16Qm', 'memory')).toBeGreaterThan(cache);
  });
});
