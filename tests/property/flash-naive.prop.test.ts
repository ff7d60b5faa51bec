/**
 * The naive transfer handler (seed 003 L68, lecture flash-must-yield) spins on the PP until it can
 * send the next line, serving nothing else: that deadlock is taught, and must end as MAGIC's
 * watchdog reports it ("a program waits forever"), never as a crash. The soak found the spin
 * waiting for output-queue room while the line was blocked on a data buffer: the wait ended at
 * once, the handler looped within one cycle and the PP's guard threw out of `step`. Random small
 * machines, short of data buffers, under the naive handler: no throw, no invariant violation, and
 * every run finishes or reports its stall.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlashModelEvent } from '../../sim-core/ni/flash/flash-events';
import type { FlashScenario } from '../../sim-core/ni/flash/flash-schema';
import { FlashSystem } from '../../sim-core/ni/flash/flash-system';
import { flashConfigOf } from '../../sim-core/ni/flash/module';
import { parseScenario } from '../../sim-core/scenario/parse';

const machine = fc.record({
  nodes: fc.integer({ min: 2, max: 3 }),
  transfers: fc.array(
    fc.record({ from: fc.nat(2), hop: fc.nat(1), lines: fc.integer({ min: 1, max: 16 }) }),
    { minLength: 1, maxLength: 4 },
  ),
  dataBuffers: fc.integer({ min: 2, max: 4 }),
  networkIn: fc.integer({ min: 1, max: 4 }),
  networkOut: fc.integer({ min: 1, max: 4 }),
  lanes: fc.constantFrom(1, 2),
  network: fc.constantFrom('pipe', 'torus'),
  maxOps: fc.integer({ min: 1, max: 4 }),
});

type Machine = typeof machine extends fc.Arbitrary<infer M> ? M : never;

function scenarioOf(m: Machine): FlashScenario {
  const parsed = parseScenario({
    version: 1,
    id: 'naive',
    title: 'the naive handler',
    system: {
      kind: 'flash',
      nodes: m.nodes,
      handler: 'naive',
      network: { kind: m.network, lanes: m.lanes },
      queues: { processor: 4, networkIn: m.networkIn, networkOut: m.networkOut },
      dataBuffers: m.dataBuffers,
      maxOps: m.maxOps,
    },
    workload: {
      transfers: m.transfers.map((t) => {
        const from = t.from % m.nodes;
        return { from, to: (from + 1 + (t.hop % (m.nodes - 1))) % m.nodes, bytes: t.lines * 128 };
      }),
    },
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value as FlashScenario;
}

describe('the naive transfer handler', () => {
  it('never throws: it finishes, or its deadlock is reported', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const sys = new FlashSystem(flashConfigOf(scenarioOf(m)));
        const events: FlashModelEvent[] = [];
        while (!sys.state.halted && sys.state.cycle < 100_000) events.push(...sys.step());
        expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
        const halt = events.at(-1);
        expect(halt?.kind).toBe('sim.halt');
        if (halt?.kind === 'sim.halt' && halt.reason === 'all programs finished')
          expect(sys.state.transfers.every((t) => t.status === 'done')).toBe(true);
        else expect(halt).toMatchObject({ reason: 'a program waits forever' });
      }),
      { numRuns: 80 },
    );
  });
});
