/**
 * Determinism of snapshots: for any scenario and any k, n, running k + n cycles is the same as
 * restoring the snapshot taken at k and running n more, in a fresh simulation or in one that has
 * since moved on. The timeline's keyframes and the share link's exact cycle rest on this.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Session } from '../../sim-core/session';
import { createSim, type Frame, type Simulation } from '../../sim-core/sim';
import type { Scenario } from '../../sim-core/scenario/schema';
import type { SimEventBody } from '../../sim-core/trace/events';
import { PROTOCOL_NAMES, scenarioOf } from './support';

/** Small caches (1–4 sets of 1–2 ways) over a few blocks, so evictions and write-backs happen. */
const randomScenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    nodes: fc.integer({ min: 2, max: 4 }),
    protocol: fc.constantFrom(...PROTOCOL_NAMES),
    sizeBytes: fc.constantFrom(128, 256),
    associativity: fc.constantFrom(1, 2),
    blockBytes: fc.constantFrom(32, 64),
    replacement: fc.constantFrom('lru', 'fifo', 'random'),
    opsPerProcessor: fc.integer({ min: 4, max: 30 }),
    blocks: fc.integer({ min: 2, max: 8 }),
    storeFraction: fc.double({ min: 0, max: 1, noNaN: true }),
    computeMax: fc.integer({ min: 0, max: 4 }),
  })
  .map((r) =>
    scenarioOf({
      version: 1,
      id: 'replay-property',
      title: 'replay property',
      seed: r.seed,
      system: {
        nodes: r.nodes,
        protocol: r.protocol,
        cache: {
          sizeBytes: r.sizeBytes,
          associativity: r.associativity,
          blockBytes: r.blockBytes,
          replacement: r.replacement,
        },
      },
      workload: {
        random: {
          opsPerProcessor: r.opsPerProcessor,
          blocks: r.blocks,
          storeFraction: r.storeFraction,
          computeMax: r.computeMax,
        },
      },
    }),
  );

/** Runs n cycles, returning each cycle's events and the frame reached. */
function run(sim: Simulation, n: number): { steps: SimEventBody[][]; frame: Frame } {
  const steps: SimEventBody[][] = [];
  for (let i = 0; i < n; i++) steps.push(sim.step());
  return { steps, frame: sim.frame() };
}

describe('snapshot and restore', () => {
  it('run(k + n) equals restore(snapshot at k) then run(n)', () => {
    fc.assert(
      fc.property(
        randomScenario,
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 1, max: 300 }),
        (scenario, k, n) => {
          const straight = createSim(scenario);
          run(straight, k);
          const snapshot = straight.snapshot();
          const frozen = JSON.stringify(snapshot);
          const expected = run(straight, n);

          const fresh = createSim(scenario);
          fresh.restore(snapshot);
          expect(fresh.cycle).toBe(k);
          expect(run(fresh, n)).toEqual(expected);

          // Restoring into a simulation that has moved on rewinds it completely.
          straight.restore(snapshot);
          expect(run(straight, n)).toEqual(expected);

          // Stepping never reaches back into a snapshot.
          expect(JSON.stringify(snapshot)).toBe(frozen);
          expect(fresh.stats()).toEqual(expected.frame.stats);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a snapshot survives structured cloning (the worker boundary)', () => {
    fc.assert(
      fc.property(randomScenario, fc.integer({ min: 0, max: 400 }), (scenario, k) => {
        const sim = createSim(scenario);
        run(sim, k);
        const snapshot = structuredClone(sim.snapshot());
        const expected = run(sim, 100);
        const other = createSim(scenario);
        other.restore(snapshot);
        expect(run(other, 100)).toEqual(expected);
      }),
      { numRuns: 20 },
    );
  });

  it('the same scenario always gives the same run', () => {
    fc.assert(
      fc.property(randomScenario, (scenario) => {
        const a = new Session(scenario);
        const b = new Session(scenario);
        a.exploreAll();
        b.exploreAll();
        expect(a.timeline.endCycle).not.toBeNull();
        expect(a.timeline.log).toEqual(b.timeline.log);
      }),
      { numRuns: 15 },
    );
  });

  it('a session reached by arbitrary seeks shows the frame of a straight run', () => {
    fc.assert(
      fc.property(
        randomScenario,
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 1500 }), { minLength: 1, maxLength: 6 }),
        (scenario, keyframeEvery, targets) => {
          const session = new Session(scenario, { keyframeEvery, verifyReplay: true });
          for (const target of targets) {
            const view = session.seek(target);
            const straight = createSim(scenario);
            run(straight, view.cycle);
            expect(view.frame).toEqual(straight.frame());
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
