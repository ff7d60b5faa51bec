/**
 * Progressive exploration keeps determinism: however seeks, steps and background exploration
 * slices interleave, every cycle shows the frame and events of a straight run, and once the whole
 * run is explored the log is exactly a full exploration's (the same digest) — also when the log
 * holds only a few events and recomputes the others by replay as they are read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestEvents, Session, type SessionView } from '../../sim-core/session';
import type { Scenario } from '../../sim-core/scenario/schema';
import { findBuiltin } from '../../scenarios/index';
import { PROTOCOL_NAMES, scenarioOf } from './support';

/** Small keyframe spacing, so seeks cross keyframes often. */
const KEYFRAME_EVERY = 8;

/** One built-in scenario of each model family, short enough to explore many times. */
const BUILTINS = [
  'write-invalidation',
  'cni-handshake',
  'antipode',
  'cranium-short-message',
  'flash-macropipeline',
  'fugu-fast-path',
  'edt-eager-send',
];

const builtin = (id: string): Scenario => scenarioOf(findBuiltin(id)!.doc);

const randomBus: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    nodes: fc.integer({ min: 2, max: 4 }),
    protocol: fc.constantFrom(...PROTOCOL_NAMES),
    replacement: fc.constantFrom('lru', 'fifo', 'random'),
    opsPerProcessor: fc.integer({ min: 4, max: 25 }),
    blocks: fc.integer({ min: 2, max: 8 }),
  })
  .map((r) =>
    scenarioOf({
      version: 1,
      id: 'explore-property',
      title: 'explore property',
      seed: r.seed,
      system: {
        nodes: r.nodes,
        protocol: r.protocol,
        cache: { sizeBytes: 128, associativity: 2, blockBytes: 32, replacement: r.replacement },
      },
      workload: { random: { opsPerProcessor: r.opsPerProcessor, blocks: r.blocks } },
    }),
  );

const scenarios = fc.oneof(randomBus, fc.constantFrom(...BUILTINS).map(builtin));

/** What the user does while the worker explores: seeks, steps and exploration slices. */
type Op =
  | { op: 'seek'; at: number }
  | { op: 'step'; by: number }
  | { op: 'explore'; cycles: number }
  | { op: 'next' }
  | { op: 'prev' };

const ops: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    fc.record({
      op: fc.constant('seek' as const),
      at: fc.double({ min: -0.1, max: 1.2, noNaN: true }).map((x) => x),
    }),
    fc.record({ op: fc.constant('step' as const), by: fc.integer({ min: -20, max: 20 }) }),
    fc.record({ op: fc.constant('explore' as const), cycles: fc.integer({ min: 1, max: 300 }) }),
    fc.constant({ op: 'next' as const }),
    fc.constant({ op: 'prev' as const }),
  ),
  { minLength: 1, maxLength: 25 },
);

const seen = (v: SessionView) => ({ cycle: v.cycle, frame: v.frame, events: v.events });

describe('progressive exploration', () => {
  it('shows a straight run’s cycles and ends with its log, whatever the order of seeks and slices', () => {
    // How many events the log may hold (null: all of them).
    const held = fc.option(fc.integer({ min: 0, max: 200 }), { nil: null });
    fc.assert(
      fc.property(scenarios, ops, held, (scenario, operations, maxHeld) => {
        const reference = new Session(scenario, { keyframeEvery: KEYFRAME_EVERY });
        reference.exploreAll();
        const end = reference.timeline.lastCycle;
        const s = new Session(scenario, { keyframeEvery: KEYFRAME_EVERY, verifyReplay: true });
        if (maxHeld !== null) s.timeline.boundLog(maxHeld);
        for (const o of operations) {
          let view: SessionView;
          if (o.op === 'seek') view = s.seek(Math.floor(o.at * end));
          else if (o.op === 'step') view = s.step(o.by);
          else if (o.op === 'next') view = s.nextEvent();
          else if (o.op === 'prev') view = s.prevEvent();
          else {
            const here = s.cycle;
            s.exploreAhead(o.cycles);
            expect(s.cycle).toBe(here);
            view = s.view();
          }
          expect(seen(view)).toEqual(seen(reference.seek(view.cycle)));
          expect(view.explored).toBeGreaterThanOrEqual(view.cycle);
          if (maxHeld !== null) s.timeline.boundLog(maxHeld);
        }
        s.exploreAll();
        expect(s.complete).toBe(true);
        expect(s.timeline.endCycle).toBe(reference.timeline.endCycle);
        expect(digestEvents(s.timeline.log.slice())).toBe(
          digestEvents(reference.timeline.log.slice()),
        );
        expect(s.timeline.keyframeCount()).toBe(reference.timeline.keyframeCount());
      }),
      { numRuns: 60 },
    );
  });
});
