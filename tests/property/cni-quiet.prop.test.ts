/**
 * Skipping the coherent NIs' quiet cycles (sim-core/ni/cni/cni-quiet.ts) changes nothing: on the
 * soak family's random machines (every NI kind, bus, protocol, workload and switch), a run that
 * jumps every stretch its state proves quiet emits the same events at the same cycles, and ends
 * in the same state, as a run stepped one cycle at a time. A short stall watchdog on some runs
 * makes the watchdog report stalls, which a skip must stop short of.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CniSystem } from '../../sim-core/ni/cni/cni-system';
import { cniConfig, cniSoak } from '../../tools/soak/cni';
import { quietRun } from './quiet-support';

/** Cycles a run may take here: enough for most drawn machines to halt. */
const MAX_CYCLES = 400_000;

const machine = fc.record({
  drawn: fc
    .constantFrom(...cniSoak.configurations)
    .chain((c) => cniSoak.runs(c).map((m) => ({ c, m }))),
  /** 0: the machine's own watchdog; otherwise a short one, so stalls are reported. */
  watchdog: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
});

describe('skipping quiet cycles (coherent NIs)', () => {
  it('gives the same events, cycles and final state as stepping every cycle', () => {
    let skipped = 0;
    fc.assert(
      fc.property(machine, ({ drawn, watchdog }) => {
        const base = cniConfig(drawn.c, drawn.m);
        const cfg = watchdog > 0 ? { ...base, stallWatchdog: watchdog } : base;
        const stepped = quietRun(new CniSystem(cfg), false, MAX_CYCLES);
        const jumped = quietRun(new CniSystem(cfg), true, MAX_CYCLES);
        skipped += jumped.skipped;
        expect(jumped.cycles, drawn.c.label).toBe(stepped.cycles);
        expect(jumped.digest, drawn.c.label).toBe(stepped.digest);
      }),
      { numRuns: 24 },
    );
    // The property is about skips: the drawn runs must have made some.
    expect(skipped).toBeGreaterThan(0);
  }, 240_000);
});
