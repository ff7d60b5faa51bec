/**
 * Random EDT machines and VIA workloads (seed 002): message sizes over the paper's range and
 * beyond one block, every write order, store gaps that race the NI's fetch and some that lose to
 * it, the three NIs the paper measures and the non-coherent DMA with its software flush, both
 * receive modes, both registrations, ping-pongs and one-way sends, produced or prepared payloads,
 * and the network's kind. Every cycle the invariants run (one writer or many readers across host
 * and NI copies, every NI copy in S the latest store, conservation of messages); at the end every
 * message has been received (liveness) and every word the receiver read was the sender's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSim } from '../../sim-core/sim';
import { scenarioOf, runToEnd } from './support';

const NIS = ['EDT', 'CC-DMA_intv', 'CC-DMA_retry', 'DMA_noncoherent'] as const;

const machine = fc.record({
  ni: fc.constantFrom(...NIS),
  bytes: fc.integer({ min: 8, max: 2048 }),
  kind: fc.constantFrom('pingpong', 'send'),
  rounds: fc.integer({ min: 1, max: 3 }),
  order: fc.constantFrom('sequential', 'reverse', 'stride', 'random'),
  storeGap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 })),
  payload: fc.constantFrom('produce', 'prepared-dirty', 'prepared-clean'),
  readFirst: fc.boolean(),
  receiveMode: fc.constantFrom('dma-engine', 'coherent'),
  init: fc.constantFrom('ni-read', 'flush'),
  hostCached: fc.boolean(),
  fetchDelay: fc.integer({ min: 0, max: 20 }),
  rate: fc.constantFrom(1, 0.75, 0.5),
  network: fc.constantFrom('zero', 'pipe'),
  seed: fc.integer({ min: 0, max: 1000 }),
});

describe('EDT machines keep their invariants and deliver every message', () => {
  it('random NIs, sizes, write orders, gaps and modes', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const scenario = scenarioOf({
          version: 1,
          id: 'edt-prop',
          title: 'edt property',
          seed: m.seed,
          system: {
            kind: 'edt',
            ni: m.ni,
            // The non-coherent DMA is run with its software flush: without it, stale bytes are its point.
            flush: true,
            receiveMode: m.receiveMode,
            registration: { init: m.init, hostCached: m.hostCached },
            costs: { ni: { fetchDelay: m.fetchDelay } },
            dma: { rate: m.rate },
            network: { kind: m.network, latency: m.network === 'pipe' ? 200 : 0 },
          },
          workload: {
            via: {
              kind: m.kind,
              bytes: m.bytes,
              rounds: m.rounds,
              order: m.order,
              storeGap: m.storeGap,
              payload: m.payload,
              readFirst: m.readFirst,
            },
          },
          limits: { maxCycles: 2_000_000 },
        });
        const sim = createSim(scenario);
        const events = runToEnd(sim, scenario.limits.maxCycles);
        expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
        expect(events.filter((e) => e.kind === 'edt.stale')).toEqual([]);
        expect(sim.halted, 'the run halted').toBe(true);
        // An EDT run's statistics (sim-core/ni/edt/edt-stats.ts).
        const s = sim.stats() as unknown as {
          messages: { total: number; delivered: number; stale: number };
        };
        expect(s.messages.delivered).toBe(s.messages.total);
        expect(s.messages.stale).toBe(0);
      }),
      { numRuns: 40 },
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
