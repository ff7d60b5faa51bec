/**
 * Random message sizes, timings and machines for every NI kind: no message is lost, duplicated
 * or reordered between a sender and a receiver (checked as each is taken), the queues stay within
 * their capacity, and every queue block has one writer or many readers (checked every cycle).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultCniConfig } from '../../sim-core/fidelity/cni';
import type { CniWorkload } from '../../sim-core/ni/cni/cni-config';
import { CniSystem } from '../../sim-core/ni/cni/cni-system';
import { NI_KIND_NAMES, NI_KINDS } from '../../sim-core/ni/cni/config';

const machine = fc.record({
  ni: fc.constantFrom(...NI_KIND_NAMES),
  io: fc.boolean(),
  nodes: fc.integer({ min: 2, max: 4 }),
  bytes: fc.integer({ min: 0, max: 700 }),
  count: fc.integer({ min: 1, max: 6 }),
  handlerCycles: fc.integer({ min: 0, max: 400 }),
  pollWork: fc.integer({ min: 1, max: 40 }),
  softwareOverhead: fc.integer({ min: 0, max: 400 }),
  kind: fc.constantFrom('alltoall' as const, 'burst' as const, 'pingpong' as const),
});

describe('random messages through every NI kind', () => {
  it('delivers every message once, in order per sender, with the invariants holding', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const bus = m.io && NI_KINDS[m.ni].buses.includes('io') ? 'io' : 'memory';
        const workload: CniWorkload =
          m.kind === 'alltoall'
            ? { kind: 'alltoall', bytes: m.bytes, rounds: m.count }
            : m.kind === 'pingpong'
              ? { kind: 'pingpong', bytes: m.bytes, rounds: m.count }
              : {
                  kind: 'burst',
                  bytes: m.bytes,
                  count: m.count,
                  senders: Array.from({ length: m.nodes - 1 }, (_, i) => i + 1),
                  to: 0,
                  handlerCycles: m.handlerCycles,
                };
        const sim = new CniSystem({
          ...defaultCniConfig(m.ni, bus, workload, {
            pollWork: m.pollWork,
            softwareOverhead: m.softwareOverhead,
            checkInvariants: true,
          }),
          nodes: m.kind === 'pingpong' ? 2 : m.nodes,
        });
        for (let i = 0; i < 400_000 && !sim.state.halted; i++) {
          for (const e of sim.step())
            expect(e.kind, JSON.stringify(e)).not.toBe('invariant.violation');
        }
        expect(sim.state.halted).toBe(true);
        const stats = sim.stats();
        expect(stats.messages.lost).toBe(0);
        expect(stats.messages.delivered).toBe(stats.messages.sent);
        const ids = sim.state.messages.map((msg) => msg.deliveredAt >= 0);
        expect(ids.every(Boolean)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
