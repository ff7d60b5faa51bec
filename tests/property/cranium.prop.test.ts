/**
 * Random Cranium machines: message sizes, auto-receive and queue messages, schedulers, memory
 * models and background torus traffic. Every packet of every message lands at its offset exactly
 * once, no receiver is told before its last packet is placed, queue pointers stay in bounds,
 * FREEZE comes only with an overflow, and a run is a pure function of its seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../sim-core/kernel/clone';
import { CraniumSystem } from '../../sim-core/ni/cranium/cranium-system';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { CraniumScenario, ScenarioInput } from '../../sim-core/scenario/schema';
import { craniumConfigOf } from '../../sim-core/sim';
import type { SimEventBody } from '../../sim-core/trace/events';

const machine = fc.record({
  k: fc.integer({ min: 3, max: 5 }),
  messages: fc.array(fc.record({ packets: fc.integer({ min: 1, max: 24 }), queue: fc.boolean() }), {
    minLength: 1,
    maxLength: 4,
  }),
  scheduler: fc.constantFrom('fcfs', 'rr', 'prr', 'alpha'),
  memory: fc.constantFrom('adu', 'meerkat', 'optimistic'),
  background: fc.double({ min: 0, max: 0.3, noNaN: true }),
  smallQueue: fc.boolean(),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});
type Machine = typeof machine extends fc.Arbitrary<infer T> ? T : never;

/** Senders 1…n each send one message to node 0, which posts its receives before a barrier. */
function scenario(m: Machine): ScenarioInput {
  const queued = m.messages.filter((x) => x.queue).reduce((a, x) => a + x.packets, 0);
  const receiver = [
    ...m.messages.flatMap((x, i) =>
      x.queue
        ? []
        : [
            {
              op: 'recv',
              channel: i,
              from: i + 1,
              remoteChannel: 2,
              buffer: i + 1,
              packets: x.packets,
            },
          ],
    ),
    { op: 'barrier' },
    ...m.messages.flatMap((x, i) => (x.queue ? [] : [{ op: 'waitRecv', channel: i }])),
    ...(queued ? [{ op: 'pollQueue', count: queued }] : []),
  ];
  return {
    version: 1,
    id: 'prop',
    title: 'prop',
    topic: 'cranium',
    seed: m.seed,
    system: {
      kind: 'cranium',
      k: m.k,
      scheduler: m.scheduler,
      memory: m.memory,
      // Small queues overflow; the property then checks FREEZE, not completion.
      queueEntries: { user: m.smallQueue ? 2 : Math.max(2, queued + 1) },
    },
    workload: {
      nodes: [
        {
          node: 0,
          buffers: m.messages.map((_, i) => ({ handle: i + 1 })),
          program: receiver,
        },
        ...m.messages.map((x, i) => ({
          node: i + 1,
          buffers: [{ handle: 1 }],
          program: [
            { op: 'barrier' },
            {
              op: 'send',
              channel: 2,
              to: 0,
              remoteChannel: i,
              buffer: 1,
              packets: x.packets,
              queue: x.queue,
            },
            { op: 'waitSend', channel: 2 },
          ],
        })),
      ],
      ...(m.background > 0 ? { background: { load: m.background, until: 400 } } : {}),
    },
    limits: { maxCycles: 20_000 },
    checks: { stallWatchdog: 100_000 },
  } as ScenarioInput;
}

function build(m: Machine): CraniumSystem {
  const parsed = parseScenario(scenario(m));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return new CraniumSystem(craniumConfigOf(parsed.value as CraniumScenario));
}

describe('random Cranium machines', () => {
  it('place every packet once at its offset, notify after the last, keep queues in bounds and freeze only on overflow', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const sys = build(m);
        const events: SimEventBody[] = [];
        while (!sys.state.halted && sys.state.cycle < 8_000) {
          const step = sys.step();
          events.push(...step);
          for (const e of step) expect(e.kind, JSON.stringify(e)).not.toBe('invariant.violation');
          const overflowNow = step.some((e) => e.kind === 'cr.queue' && e.op === 'overflow');
          for (const q of Object.values(sys.state.nodes[0]!.ni.queues)) {
            expect(q.head).toBeGreaterThanOrEqual(0);
            expect(q.head).toBeLessThan(q.size);
            expect(q.tail).toBeLessThan(q.size);
          }
          if (step.some((e) => e.kind === 'cr.flow' && e.to === 'FREEZE')) {
            expect(overflowNow, 'FREEZE without an overflow').toBe(true);
            // Nobody thaws this machine: the rest of the run is a frozen NI.
            return;
          }
        }
        // Without an overflow, every message arrives whole and its receiver hears of it once.
        expect(sys.state.halted).toBe(true);
        const receiver = sys.state.nodes[0]!;
        m.messages.forEach((x, i) => {
          const msg = Object.values(sys.state.messages).find((r) => r.src === i + 1)!;
          expect(msg.placed).toBe(x.packets);
          expect(msg.notifiedAt).toBeGreaterThanOrEqual(msg.completedAt);
          if (!x.queue) {
            const page = receiver.buffers[i + 1]!.received;
            for (let s = 0; s < x.packets; s++)
              expect(page[s]).toMatchObject({ seq: s, msg: msg.id, writes: 1 });
          }
        });
      }),
      { numRuns: 30 },
    );
  });

  it('is a pure function of its seed: a restored snapshot replays the same events', () => {
    fc.assert(
      fc.property(machine, fc.integer({ min: 1, max: 300 }), (m, at) => {
        const a = build(m);
        const b = build(m);
        const tail: string[] = [];
        for (let i = 0; i < at; i++) {
          a.step();
          b.step();
        }
        const snap = clonePlain(a.state);
        for (let i = 0; i < 200; i++) tail.push(JSON.stringify(a.step()));
        b.state = clonePlain(snap);
        for (let i = 0; i < 200; i++) expect(JSON.stringify(b.step())).toBe(tail[i]);
      }),
      { numRuns: 15 },
    );
  });
});
