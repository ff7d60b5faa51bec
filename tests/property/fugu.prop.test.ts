/**
 * A FUGU run is a pure function of its scenario: the soak family's random machines (seed 004;
 * tools/soak/fugu.ts: every mismatch policy and atomicity column, skewed timeslices, faulting and
 * replying handlers, polling, overflow thresholds, an interactive job) run twice give the same
 * statistics and the same phase slices. That every launched message is handled once, in order
 * per pair of processes, by its GID at its node, and that the run halts, is the liveness property
 * of the same family (tests/property/liveness.prop.test.ts); here it is also drawn where the soak
 * found it broken, under upcall-always.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFugu } from '../../sim-core/fidelity/fugu-runs';
import { failed } from '../../tools/soak/family';
import { fuguScenario, fuguSoak, type FuguMachine } from '../../tools/soak/fugu';

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

/**
 * The soak's machines under upcall-always, bent towards Fig. 3-3 [004 L594-602]: one-message
 * receivers, three applications that send to every process and finish early, each handler
 * replying after a long body, an interactive job: requests reach processes that are not running,
 * so their handlers run by cross-domain upcalls, and their replies wait for queues whose heads
 * wait for handlers. About 1 run in 30 deadlocked before a cross-domain upcall was timed.
 */
const crossDomainDeadlocks = fc
  .constantFrom(...fuguSoak.configurations.filter((c) => c.policy === 'upcall-always'))
  .chain((c) =>
    fuguSoak.runs(c).map((m): [typeof c, FuguMachine] => [
      c,
      {
        ...m,
        nodes: Math.max(3, m.nodes),
        receiverLimit: 1,
        interactive: m.interactive ?? 0.2,
        apps: [...m.apps, ...m.apps, ...m.apps].slice(0, 3).map((a) => ({
          ...a,
          to: 'all' as const,
          repeat: 1 + (a.repeat % 2),
          gap: a.gap % 50,
          handler: { ...a.handler, cycles: 300 + Math.floor(a.handler.cycles / 2), reply: true },
        })),
      },
    ]),
  );

describe('FUGU upcall-always, where the soak found a run that never ended', () => {
  it('every request is handled and its reply sent: a cross-domain upcall never holds its node for ever', () => {
    fc.assert(
      fc.property(crossDomainDeadlocks, ([c, m]) => {
        const audit = fuguSoak.audit(c, m, 400_000);
        expect(failed(audit), `${c.label}: ${audit.problem}`).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
