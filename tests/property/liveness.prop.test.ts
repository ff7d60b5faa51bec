/**
 * Liveness, for every model family of the soak registry (tools/soak/families.ts): random
 * configurations and runs — every CNI NI × bus × protocol, the bus model's protocols, the torus's
 * routers at loads up to saturation, Cranium's well-formed and bad programs — deliver every
 * message they accept, once, at its destination (in order where the model promises it), and
 * halt. A run that neither halts nor reports a stall within its family's bound fails, and so does
 * a stall a configuration is not built to show; the deadlock-prone routers must name the cycle of
 * waiting packets they deadlock in. `npm run test:soak` runs the same families for ten million
 * cycles per configuration.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOAK_FAMILIES } from '../../tools/soak/families';
import { failed, type AnySoakFamily } from '../../tools/soak/family';
import { torusSoak } from '../../tools/soak/torus';

/** Runs per family: enough to draw every kind of run, few enough for `npm test`. */
const RUNS: Record<string, number> = { bus: 60, cni: 50, torus: 20, cranium: 80, edt: 16 };

const anyRun = (family: AnySoakFamily) =>
  fc
    .constantFrom(...family.configurations.keys())
    .chain((c) => family.runs(family.configurations[c]!).map((run) => ({ c, run })));

describe.each(SOAK_FAMILIES.map((f) => [f.name, f] as const))('%s', (name, family) => {
  it('delivers everything it accepts, and halts or names its stall', () => {
    fc.assert(
      fc.property(anyRun(family), ({ c, run }) => {
        const config = family.configurations[c]!;
        const audit = family.audit(config, run, family.runCycles);
        expect(failed(audit), `${config.label}: ${audit.problem} (${JSON.stringify(audit)})`).toBe(
          false,
        );
      }),
      { numRuns: RUNS[name] ?? 40 },
    );
  }, 240_000);
});

describe('the deadlock-prone routers', () => {
  it('deadlock past saturation, and the watchdog names the cycle every time', () => {
    const prone = torusSoak.configurations.filter((c) => c.mayDeadlock && c.load === 1);
    expect(prone.map((c) => c.label).sort()).toEqual([
      'dor, no dateline @ 1',
      'minimal-no-escape @ 1',
    ]);
    let named = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...prone),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (c, seed) => {
          const [run] = fc.sample(torusSoak.runs(c), { seed, numRuns: 1 });
          const audit = torusSoak.audit(c, run!, torusSoak.runCycles);
          expect(failed(audit), `${c.label}: ${audit.problem}`).toBe(false);
          named += audit.expectedStalls;
        },
      ),
      { numRuns: 16 },
    );
    // Not vacuous: some of those runs did deadlock, and were stopped by a named stall.
    expect(named).toBeGreaterThan(0);
  }, 240_000);
});
