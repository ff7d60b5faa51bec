/**
 * A FUGU run is a pure function of its scenario: the soak family's random machines (seed 004;
 * tools/soak/fugu.ts: every mismatch policy and atomicity column, skewed timeslices, faulting and
 * replying handlers, polling, overflow thresholds, an interactive job) run twice give the same
 * statistics and the same phase slices. That every launched message is handled once, in order
 * per pair of processes, by its GID at its node, and that the run halts, is the liveness property
 * of the same family (tests/property/liveness.prop.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFugu } from '../../sim-core/fidelity/fugu-runs';
import { fuguScenario, fuguSoak } from '../../tools/soak/fugu';

const anyScenario = fc
  .constantFrom(...fuguSoak.configurations)
  .chain((c) =>
    fuguSoak
      .runs(c)
      .map((m) => ({ ...(fuguScenario(c, m) as object), limits: { maxCycles: 400_000 } })),
  );

describe('FUGU on random machines', () => {
  it('a run is a pure function of its scenario', () => {
    fc.assert(
      fc.property(anyScenario, (scenario) => {
        const a = runFugu(scenario);
        const b = runFugu(scenario);
        expect(a.violations).toEqual([]);
        expect(b.stats).toEqual(a.stats);
        expect(b.slices).toEqual(a.slices);
      }),
      { numRuns: 10 },
    );
  });
});
