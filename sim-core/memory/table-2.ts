/** Bus occupancies of seed 000's Table 2, shared by the bus model's presets and the coherent NIs. */

/** Processor cycles per bus cycle: a 200 MHz processor, a 100 MHz memory bus, a 50 MHz I/O bus (§C.1). */
const CYCLES_PER_BUS_CYCLE = { memory: 2, io: 4 } as const;

/**
 * Not in Table 2: a 64-byte write-back is an uncached 8-byte store's transaction carrying seven
 * more 8-byte data beats, one bus cycle each (memory 12 + 7 × 2 = 26; I/O 32 + 7 × 4 = 60).
 */
const writeBackAfter = (uncachedStore: number, bus: keyof typeof CYCLES_PER_BUS_CYCLE) =>
  uncachedStore + 7 * CYCLES_PER_BUS_CYCLE[bus];

/**
 * Table 2 of the CNI paper (L689-709) in processor cycles, the single source of every bus cost in
 * the project. The I/O-bus column includes the memory-bus cycles used. The invalidation is the
 * digest's placeholder i (§B.9), calibrated in docs/fidelity/cni.md.
 */
export const TABLE_2 = {
  memory: {
    uncachedLoad: 28,
    uncachedStore: 12,
    deviceToProcessor: 42,
    processorToDevice: 42,
    memoryToCache: 42,
    writeBack: writeBackAfter(12, 'memory'),
    invalidate: 8,
  },
  /**
   * The cache bus (Table 2's first column): only the NI's uncached loads and stores (4 cycles
   * each) are given, for NI2w sitting beside the cache (Figs. 6c, 7c). The processor's other
   * traffic still crosses the memory bus, so the rest are the memory bus's.
   */
  cache: {
    uncachedLoad: 4,
    uncachedStore: 4,
    deviceToProcessor: 42,
    processorToDevice: 42,
    memoryToCache: 42,
    writeBack: writeBackAfter(12, 'memory'),
    invalidate: 8,
  },
  io: {
    uncachedLoad: 48,
    uncachedStore: 32,
    deviceToProcessor: 76,
    processorToDevice: 62,
    memoryToCache: 42,
    writeBack: writeBackAfter(32, 'io'),
    invalidate: 24,
  },
} as const;
