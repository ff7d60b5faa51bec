/**
 * Properties of "predict, then see" and of the answer hashing, over random inputs: on random bus
 * programs and random torus traffic, any question asked at any cycle has its outcome among its
 * options, is answered right by that outcome, is the same from a fresh session, and never moves
 * the session; answer normalisation is idempotent; canonical JSON ignores key order;
 * personalisation draws from the declared choices.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Session } from '../../sim-core/session';
import {
  canonicalJson,
  checkPrediction,
  hashAnswer,
  normaliseAnswer,
  personalise,
  predictionAt,
  revealPrediction,
} from '../../sim-core/teaching/index';
import { PROTOCOL_NAMES, programsDoc, scenarioOf } from './support';

const op = fc.oneof(
  fc.record({ op: fc.constant('load'), addr: fc.integer({ min: 0, max: 5 }).map((b) => b * 64) }),
  fc.record({
    op: fc.constant('store'),
    addr: fc.integer({ min: 0, max: 5 }).map((b) => b * 64 + 8),
    value: fc.integer({ min: 1, max: 99 }),
  }),
  fc.record({ op: fc.constant('compute'), cycles: fc.integer({ min: 1, max: 30 }) }),
);

const busCase = fc.record({
  protocol: fc.constantFrom(...PROTOCOL_NAMES),
  programs: fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 3 }),
  at: fc.integer({ min: 0, max: 300 }),
});

function checkQuestionAt(make: () => Session, at: number): void {
  const s = make();
  s.seek(at);
  const q = predictionAt(s);
  if (!q) return;
  const outcome = revealPrediction(s, q);
  expect(outcome).not.toBeNull();
  expect(q.options.map((o) => o.value)).toContain(outcome!.value);
  expect(checkPrediction(s, q, outcome!.value)!.correct).toBe(true);
  expect(s.cycle).toBe(s.timeline.lastCycle < at ? s.timeline.lastCycle : at);
  const again = make();
  again.seek(at);
  expect(predictionAt(again)).toEqual(q);
}

describe('predictions', () => {
  it('on random bus programs: the outcome is an option, checks right, and is deterministic', () => {
    fc.assert(
      fc.property(busCase, ({ protocol, programs, at }) => {
        const scenario = scenarioOf(
          programsDoc(programs, { protocol, cache: { sizeBytes: 128, associativity: 1 } }),
        );
        checkQuestionAt(() => new Session(scenario), at);
      }),
      { numRuns: 60 },
    );
  });

  it('on random torus traffic: the same, for router outputs', () => {
    fc.assert(
      fc.property(
        fc.record({
          router: fc.constantFrom('chaos', 'dor', 'deflection'),
          load: fc.double({ min: 0.05, max: 0.6, noNaN: true }),
          seed: fc.integer({ min: 0, max: 1000 }),
          at: fc.integer({ min: 0, max: 150 }),
        }),
        ({ router, load, seed, at }) => {
          const scenario = scenarioOf({
            version: 1,
            id: 'prop',
            title: 'prop',
            seed,
            system: { kind: 'network', k: 4, router, packetPhits: 'cranium', multiQueue: 2 },
            workload: { traffic: { load, until: 120 } },
            limits: { maxCycles: 1500 },
          });
          checkQuestionAt(() => new Session(scenario), at);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('hashing', () => {
  it('normalisation is idempotent and the hash uses it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double({ noNaN: true }).map(String)), (x) => {
        const n = normaliseAnswer(x);
        expect(normaliseAnswer(n)).toBe(n);
        expect(hashAnswer('salt', x)).toBe(hashAnswer('salt', n));
      }),
    );
  });

  it('canonical JSON does not depend on key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(JSON.parse(canonicalJson(obj))).toEqual(JSON.parse(JSON.stringify(obj)));
      }),
    );
  });

  it('personalisation draws from the choices, the same for the same student', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.dictionary(
          fc.stringMatching(/^[a-z]{1,8}(\.[a-z]{1,8}){0,2}$/),
          fc.array(fc.integer(), { minLength: 1, maxLength: 6 }),
          { minKeys: 1, maxKeys: 5 },
        ),
        (student, randomise) => {
          const a = { id: 'prop', randomise };
          const p = personalise(a, student);
          expect(personalise(a, student)).toEqual(p);
          for (const [k, v] of Object.entries(p.values)) expect(randomise[k]).toContain(v);
          expect(p.overrides.map((o) => o.path).sort()).toEqual(Object.keys(randomise).sort());
        },
      ),
    );
  });
});
