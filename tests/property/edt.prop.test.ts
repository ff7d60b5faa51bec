/**
 * Random EDT machines and VIA workloads (seed 002), drawn from the soak family (tools/soak/edt.ts):
 * message sizes over the paper's range and beyond one block, every write order, store gaps that
 * race the NI's fetch and some that lose to it, the three NIs the paper measures and the
 * non-coherent DMA with its software flush, both receive modes, both registrations, ping-pongs and
 * one-way sends, produced or prepared payloads, block sizes, MTUs, DMA rates and the network. Every
 * cycle the invariants run (one writer or many readers across host and NI copies, every NI copy in
 * S the latest store, conservation of messages); at the end every message has been received
 * (liveness, with no stall reported) and every word the receiver read was the sender's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSim } from '../../sim-core/sim';
import { edtMachine as machine, edtScenario, edtSoak } from '../../tools/soak/edt';
import { scenarioOf, runToEnd } from './support';

/** The safe configurations of the soak family: every NI and receive mode, the flush on. */
const safe = edtSoak.configurations.filter((c) => c.stale === 'never');

describe('EDT machines keep their invariants and deliver every message', () => {
  it('random NIs, sizes, write orders, gaps and modes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...safe), machine, (c, m) => {
        const scenario = scenarioOf({
          ...(edtScenario(c, m) as object),
          limits: { maxCycles: edtSoak.runCycles },
        });
        const sim = createSim(scenario);
        const events = runToEnd(sim, scenario.limits.maxCycles);
        expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
        expect(events.filter((e) => e.kind === 'edt.stale')).toEqual([]);
        expect(events.filter((e) => e.kind === 'sim.stall')).toEqual([]);
        expect(sim.halted, 'the run halted').toBe(true);
        // An EDT run's statistics (sim-core/ni/edt/edt-stats.ts).
        const s = sim.stats() as unknown as {
          messages: { total: number; delivered: number; stale: number };
        };
        expect(s.messages.delivered).toBe(s.messages.total);
        expect(s.messages.stale).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('the counterfactuals break what they exist to break, and say so instead of failing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 1024 }),
        fc.constantFrom('sequential', 'stride'),
        (bytes, order) => {
          const run = (system: Record<string, unknown>, via: Record<string, unknown> = {}) => {
            const scenario = scenarioOf({
              version: 1,
              id: 'edt-counterfactual',
              title: 'edt counterfactual',
              system: { kind: 'edt', ...system },
              workload: { via: { kind: 'send', bytes, order, ...via } },
              limits: { maxCycles: 1_000_000 },
            });
            const sim = createSim(scenario);
            const events = runToEnd(sim, scenario.limits.maxCycles);
            expect(sim.halted).toBe(true);
            expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
            return events.filter((e) => e.kind === 'edt.stale' && e.where === 'receiver').length;
          };
          // A DMA nobody snoops reads the message stale out of memory: the receiver sees it.
          expect(run({ ni: 'DMA_noncoherent' })).toBeGreaterThan(0);
          // An NI that never asserts SHARED, on a host that reads before it writes.
          expect(
            run(
              { ni: 'EDT', assertShared: false, registration: { hostCached: false } },
              { readFirst: true },
            ),
          ).toBeGreaterThan(0);
        },
      ),
      { numRuns: 10 },
    );
  });
});
