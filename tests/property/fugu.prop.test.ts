/**
 * Random FUGU machines (seed 004): two to four nodes, one to three applications with random
 * mismatch policies, priorities and gang or priority scheduling, short timeslices with skew, an
 * interactive job, handlers that page-fault or force buffering, short atomicity timeouts, polling
 * and small receiver buffers. Every run halts with every launched message handled exactly once
 * (liveness), in order per pair of virtual processors, a process DIRECT only with an empty buffer,
 * the timer never counting while disabled, a handler only for its own GID — the model's invariants
 * report none broken — and a run is a pure function of its scenario.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runFugu } from '../../sim-core/fidelity/fugu-runs';

const handler = fc.record({
  cycles: fc.integer({ min: 0, max: 400 }),
  fault: fc.constantFrom('none', 'none', 'page-fault', 'dma-page-cross'),
  reply: fc.boolean(),
});

const app = fc.record({
  policy: fc.constantFrom('buffer-on-mismatch', 'upcall-always', 'buffer-always'),
  schedule: fc.constantFrom('gang', 'priority'),
  priority: fc.integer({ min: 1, max: 5 }),
  handler,
  messages: fc.integer({ min: 1, max: 6 }),
  gap: fc.integer({ min: 0, max: 800 }),
  poll: fc.boolean(),
  threshold: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
});

const machine = fc.record({
  nodes: fc.integer({ min: 2, max: 4 }),
  atomicity: fc.constantFrom('kernel', 'hard', 'soft'),
  timeout: fc.integer({ min: 50, max: 3000 }),
  receiverLimit: fc.integer({ min: 1, max: 4 }),
  timeslice: fc.integer({ min: 500, max: 6000 }),
  skew: fc.double({ min: 0, max: 0.9, noNaN: true }),
  apps: fc.array(app, { minLength: 1, maxLength: 3 }),
  interactive: fc.option(fc.double({ min: 0.05, max: 0.4, noNaN: true }), { nil: undefined }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

type Machine = typeof machine extends fc.Arbitrary<infer T> ? T : never;

function scenarioOf(m: Machine): unknown {
  const apps: unknown[] = m.apps.map((a, i) => {
    const polling = a.poll && m.atomicity !== 'soft';
    return {
      name: `A${i}`,
      gid: i + 1,
      policy: a.policy,
      schedule: a.schedule,
      priority: a.priority,
      ...(a.threshold === undefined ? {} : { threshold: a.threshold }),
      handlers: [
        {
          name: 'h',
          cycles: a.handler.cycles,
          fault: a.handler.fault,
          ...(a.handler.reply ? { reply: 'r' } : {}),
        },
        { name: 'r' },
      ],
      program: [
        { op: 'send', to: 'next', handler: 'h', args: i },
        { op: 'compute', cycles: a.gap, jitter: Math.floor(a.gap / 2) },
        ...(polling
          ? [
              { op: 'beginatom', vps: [1] },
              { op: 'poll', vps: [1], messages: 1 },
              { op: 'endatom', vps: [1] },
            ]
          : []),
      ],
      repeat: a.messages,
    };
  });
  if (m.interactive !== undefined)
    apps.push({ name: 'web', gid: 9, interactive: { load: m.interactive, burst: 300 } });
  return {
    version: 1,
    id: 'prop',
    title: 'random FUGU machine',
    seed: m.seed,
    system: {
      kind: 'fugu',
      nodes: m.nodes,
      atomicity: m.atomicity,
      atomicityTimeout: m.timeout,
      network: { receiverLimit: m.receiverLimit },
      pageFaultCycles: 300,
      scheduler: { timeslice: m.timeslice, skew: m.skew, switchCycles: 50 },
    },
    workload: { apps },
    limits: { maxCycles: 400_000 },
  };
}

describe('FUGU on random machines', () => {
  it('every message is handled once, in order, with every invariant kept, and the run halts', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const run = runFugu(scenarioOf(m));
        expect(run.violations).toEqual([]);
        expect(run.halted, 'the run halts: every program finished, every message handled').toBe(
          true,
        );
        expect(run.stats.delivered).toBe(run.stats.launched);
        const sends = m.apps.reduce((t, a) => t + a.messages * m.nodes, 0);
        expect(run.stats.launched).toBeGreaterThanOrEqual(sends);
      }),
      { numRuns: 60 },
    );
  });

  it('a run is a pure function of its scenario', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const a = runFugu(scenarioOf(m));
        const b = runFugu(scenarioOf(m));
        expect(b.stats).toEqual(a.stats);
        expect(b.slices).toEqual(a.slices);
      }),
      { numRuns: 10 },
    );
  });
});
