/**
 * Skipping EDT's quiet cycles (sim-core/ni/edt/edt-quiet.ts) changes nothing: on the soak
 * family's random machines (every NI, receive mode, registration, write order, gap, DMA rate and
 * network, the unsafe counterfactuals too), a run that jumps every stretch its state proves quiet
 * emits the same events at the same cycles, and ends in the same state, as a run stepped one
 * cycle at a time. Some runs check the invariants every cycle; a short stall watchdog on some
 * makes the watchdog report stalls, which a skip must stop short of.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ownScenario } from '../../sim-core/model';
import { moduleOf } from '../../sim-core/models';
import { edtMachine, edtScenario, edtSoak } from '../../tools/soak/edt';
import { quietRun } from './quiet-support';
import { scenarioOf } from './support';

/** Cycles a run may take here: enough for most drawn machines to halt. */
const MAX_CYCLES = 1_000_000;

const drawn = fc.record({
  c: fc.constantFrom(...edtSoak.configurations),
  m: edtMachine,
  invariants: fc.boolean(),
  /** 0: the scenario's own watchdog; otherwise a short one, so stalls are reported. */
  watchdog: fc.oneof(fc.constant(0), fc.integer({ min: 10, max: 200 })),
});

type Drawn = typeof drawn extends fc.Arbitrary<infer D> ? D : never;

function model({ c, m, invariants, watchdog }: Drawn) {
  const scenario = scenarioOf({
    ...(edtScenario(c, m) as object),
    checks: { invariants, ...(watchdog > 0 ? { stallWatchdog: watchdog } : {}) },
    limits: { maxCycles: MAX_CYCLES },
  });
  const module = moduleOf('edt');
  return module.create(module.configOf(ownScenario(scenario as never)) as never) as Parameters<
    typeof quietRun
  >[0];
}

describe('skipping quiet cycles (EDT)', () => {
  it('gives the same events, cycles and final state as stepping every cycle', () => {
    let skipped = 0;
    fc.assert(
      fc.property(drawn, (d) => {
        const stepped = quietRun(model(d), false, MAX_CYCLES);
        const jumped = quietRun(model(d), true, MAX_CYCLES);
        skipped += jumped.skipped;
        expect(jumped.cycles, d.c.label).toBe(stepped.cycles);
        expect(jumped.digest, d.c.label).toBe(stepped.digest);
      }),
      { numRuns: 24 },
    );
    // The property is about skips: the drawn runs must have made some.
    expect(skipped).toBeGreaterThan(0);
  }, 240_000);
});
