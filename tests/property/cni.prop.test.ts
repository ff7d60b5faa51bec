/**
 * Random machines, workloads and switches for every NI kind: message sizes over the issue's range
 * (8-4096 bytes), the three queue optimisations, snarfing, the write-back buffer and the
 * network's window and latency. No message is lost, duplicated or reordered between a sender
 * and a receiver (checked as each is taken), every block has one writer or many readers (checked
 * every cycle), and each queue's occupancy, read from its slots' valid words and its head and
 * tail pointers rather than the model's counters, stays within its slots.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultCniConfig } from '../../sim-core/fidelity/cni';
import type { CniConfig, CniWorkload } from '../../sim-core/ni/cni/cni-config';
import { CniSystem } from '../../sim-core/ni/cni/cni-system';
import { NI_KIND_NAMES, NI_KINDS } from '../../sim-core/ni/cni/config';
import { slotBlock } from '../../sim-core/ni/cni/layout';
import type { SimEventBody } from '../../sim-core/trace/events';

const KINDS = ['alltoall', 'burst', 'pingpong', 'stream', 'local-queue'] as const;

const machine = fc.record({
  ni: fc.constantFrom(...NI_KIND_NAMES),
  io: fc.boolean(),
  nodes: fc.integer({ min: 2, max: 4 }),
  bytes: fc.integer({ min: 8, max: 4096 }),
  count: fc.integer({ min: 1, max: 4 }),
  handlerCycles: fc.integer({ min: 0, max: 400 }),
  pollWork: fc.integer({ min: 1, max: 40 }),
  softwareOverhead: fc.integer({ min: 0, max: 400 }),
  kind: fc.constantFrom(...KINDS),
  replies: fc.boolean(),
  optimisations: fc.record({
    lazyPointers: fc.boolean(),
    validBits: fc.boolean(),
    senseReverse: fc.boolean(),
  }),
  snarfing: fc.boolean(),
  writeBackBuffer: fc.boolean(),
  window: fc.integer({ min: 1, max: 8 }),
  latency: fc.integer({ min: 1, max: 400 }),
  slots: fc.integer({ min: 1, max: 12 }),
  sendCycles: fc.integer({ min: 0, max: 300 }),
  receiveCycles: fc.integer({ min: 0, max: 300 }),
});
type Machine = typeof machine extends fc.Arbitrary<infer M> ? M : never;

function workloadOf(m: Machine): CniWorkload {
  // Many network messages per user message make a long run: fewer user messages when large.
  const count = Math.max(1, Math.min(m.count, Math.floor(4096 / m.bytes)));
  switch (m.kind) {
    case 'alltoall':
      return { kind: 'alltoall', bytes: m.bytes, rounds: count };
    case 'pingpong':
      return { kind: 'pingpong', bytes: m.bytes, rounds: count };
    case 'stream':
      return { kind: 'stream', bytes: m.bytes, count: count * 2, from: 0, to: m.nodes - 1 };
    case 'burst':
      return {
        kind: 'burst',
        bytes: m.bytes,
        count,
        senders: Array.from({ length: m.nodes - 1 }, (_, i) => i + 1),
        to: 0,
        handlerCycles: m.handlerCycles,
        replies: m.replies,
      };
    case 'local-queue':
      return {
        kind: 'local-queue',
        bytes: Math.min(m.bytes, 244),
        count: m.count * 4,
        // One slot is always unused without sense reverse (the schema refuses 1).
        slots: m.optimisations.senseReverse ? m.slots : Math.max(2, m.slots),
        sendCycles: m.sendCycles,
        receiveCycles: m.receiveCycles,
      };
  }
}

function configOf(m: Machine): CniConfig {
  const bus = m.io && NI_KINDS[m.ni].buses.includes('io') ? 'io' : 'memory';
  const workload = workloadOf(m);
  const nodes = workload.kind === 'local-queue' ? 1 : workload.kind === 'pingpong' ? 2 : m.nodes;
  return defaultCniConfig(m.ni, bus, workload, {
    nodes,
    pollWork: m.pollWork,
    softwareOverhead: m.softwareOverhead,
    optimisations: m.optimisations,
    snarfing: m.snarfing,
    writeBackBuffer: m.writeBackBuffer,
    network: { kind: 'pipe', latency: m.latency, window: m.window },
    checkInvariants: true,
  });
}

/**
 * A queue's occupancy two ways, from the slots and the pointers only: the messages its pointers
 * enclose (head = tail is full when the senses differ), and the slots whose valid word says
 * unread (slots from head on are read with the receiver's sense, slots before it on the next
 * pass, with the other sense; without sense reverse a read slot's valid word is cleared to 0).
 */
function occupancies(sim: CniSystem) {
  const { cfg } = sim;
  const opt = cfg.optimisations;
  const out: { where: string; pointers: number; valid: number | null; slots: number }[] = [];
  for (const node of sim.state.nodes) {
    for (const q of Object.values(sim.layout.queues)) {
      const { sender, receiver } = node.queues[q.name]!;
      const n = q.slots;
      const head = receiver.pointer;
      const tail = sender.pointer;
      const wrapped = opt.senseReverse && sender.sense !== receiver.sense;
      const pointers = tail === head ? (wrapped ? n : 0) : (tail - head + n) % n;
      let valid: number | null = null;
      if (opt.validBits) {
        valid = 0;
        for (let i = 0; i < n; i++) {
          const word = node.latest[slotBlock(q, i, 0)]?.valid ?? 0;
          const want = !opt.senseReverse ? 1 : i >= head ? receiver.sense : receiver.sense ^ 1;
          if (word === want) valid++;
        }
      }
      out.push({ where: `node ${node.id} ${q.name}`, pointers, valid, slots: n });
    }
  }
  return out;
}

/** Events that can change a queue: a pointer moves, or a store (a valid word) is performed. */
const touchesQueue = (e: SimEventBody) =>
  e.kind === 'cni.pointer' ||
  (e.kind === 'cni.access' && e.op === 'store' && e.hit) ||
  (e.kind === 'cni.coh' && e.actions.includes('performStore'));

describe('random messages through every NI kind', () => {
  it('delivers every message once, in order per sender, with the invariants holding', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const sim = new CniSystem(configOf(m));
        for (let i = 0; i < 400_000 && !sim.state.halted; i++) {
          const events = sim.step();
          for (const e of events) expect(e.kind, JSON.stringify(e)).not.toBe('invariant.violation');
          if (!events.some(touchesQueue)) continue;
          for (const o of occupancies(sim)) {
            expect(o.pointers, o.where).toBeGreaterThanOrEqual(0);
            expect(o.pointers, o.where).toBeLessThanOrEqual(o.slots);
            if (o.valid === null) continue;
            expect(o.valid, o.where).toBeLessThanOrEqual(o.slots);
            // A sender writes the valid word just before it moves tail; without sense reverse a
            // receiver also clears it just before it moves head.
            const slack = o.valid - o.pointers;
            expect(slack, `${o.where}: ${JSON.stringify(o)}`).toBeLessThanOrEqual(1);
            expect(slack, `${o.where}: ${JSON.stringify(o)}`).toBeGreaterThanOrEqual(
              m.optimisations.senseReverse ? 0 : -1,
            );
          }
        }
        expect(sim.state.halted).toBe(true);
        const stats = sim.stats();
        expect(stats.messages.lost).toBe(0);
        expect(stats.messages.delivered).toBe(stats.messages.sent);
        expect(sim.state.messages.every((msg) => msg.deliveredAt >= 0)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
