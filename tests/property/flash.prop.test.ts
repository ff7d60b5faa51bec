/**
 * Random FLASH machines: one to three transfers between two or three nodes, random sizes and
 * alignments, sender and receiver cache states, chunk factors, lanes, the pipe or the torus, and
 * remaps of a sending page under invalidation. Every invariant holds every cycle (the PP one
 * handler at a time, lines once each in order on the pipe, credits conserved, the directory
 * agreeing with the caches, hold-off never negative), every transfer completes (liveness), every
 * line arrives exactly once, and a run is a pure function of its scenario.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../sim-core/scenario/parse';
import type { FlashModelEvent } from '../../sim-core/ni/flash/flash-events';
import type { FlashScenario } from '../../sim-core/ni/flash/flash-schema';
import { FlashSystem } from '../../sim-core/ni/flash/flash-system';
import { flashConfigOf } from '../../sim-core/ni/flash/module';

const transfer = fc.record({
  lines: fc.integer({ min: 1, max: 24 }),
  tail: fc.integer({ min: 0, max: 15 }),
  srcOffset: fc.constantFrom(0, 8, 24, 64, 120),
  dstOffset: fc.constantFrom(0, 16, 96),
  aligned: fc.boolean(),
  sender: fc.constantFrom('uncached', 'clean', 'dirty'),
  receiver: fc.constantFrom('uncached', 'clean', 'dirty'),
  reverse: fc.boolean(),
  remap: fc.boolean(),
});

const machine = fc.record({
  transfers: fc.array(transfer, { minLength: 1, maxLength: 3 }),
  chunk: fc.integer({ min: 1, max: 8 }),
  lanes: fc.constantFrom(1, 2),
  network: fc.constantFrom('pipe', 'pipe', 'torus'),
  queues: fc.integer({ min: 2, max: 8 }),
  inbox: fc.constantFrom('round-robin', 'reply-first'),
});

type Machine = typeof machine extends fc.Arbitrary<infer M> ? M : never;

function scenario(m: Machine): unknown {
  const transfers = m.transfers.map((t) => {
    const bytes = t.aligned ? t.lines * 128 : t.lines * 128 - t.tail * 8;
    return {
      from: t.reverse ? 1 : 0,
      to: t.reverse ? 0 : 1,
      bytes: Math.max(8, bytes),
      aligned: t.aligned,
      srcOffset: t.aligned ? 0 : t.srcOffset,
      dstOffset: t.aligned ? 0 : t.dstOffset,
      sender: t.sender,
      receiver: t.receiver,
    };
  });
  const ops = (node: number) => [
    ...transfers.flatMap((t, i) => (t.to === node ? [{ op: 'recv', transfer: i }] : [])),
    { op: 'compute', cycles: 400 },
    ...transfers.flatMap((t, i) => (t.from === node ? [{ op: 'send', transfer: i }] : [])),
    ...m.transfers.flatMap((t, i) =>
      t.remap && transfers[i]!.from === node ? [{ op: 'remap', transfer: i, page: 0 }] : [],
    ),
    ...transfers.flatMap((t, i) =>
      t.from === node || t.to === node ? [{ op: 'await', transfer: i }] : [],
    ),
  ];
  return {
    version: 1,
    id: 'prop',
    title: 'prop',
    topic: 'flash',
    system: {
      kind: 'flash',
      chunk: m.chunk,
      inbox: m.inbox,
      network: { kind: m.network, lanes: m.lanes },
      queues: { processor: 8, networkIn: m.queues, networkOut: m.queues },
    },
    workload: { transfers, cpus: [0, 1].map((node) => ({ node, ops: ops(node) })) },
    checks: { stallWatchdog: 20_000 },
  };
}

function run(doc: unknown): { sys: FlashSystem; events: FlashModelEvent[] } {
  const parsed = parseScenario(doc);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  const sys = new FlashSystem(flashConfigOf(parsed.value as FlashScenario));
  const events: FlashModelEvent[] = [];
  while (!sys.state.halted && sys.state.cycle < 200_000) events.push(...sys.step());
  return { sys, events };
}

describe('random FLASH transfers', () => {
  it('keep every invariant, deliver every line once, and finish', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const { sys, events } = run(scenario(m));
        expect(events.filter((e) => e.kind === 'invariant.violation')).toEqual([]);
        expect(events.at(-1)).toMatchObject({ kind: 'sim.halt', reason: 'all programs finished' });
        for (const t of sys.state.transfers) {
          expect(t.status).toBe('done');
          expect(t.got.every(Boolean)).toBe(true);
          expect(t.gotCount).toBe(t.got.length);
        }
        for (const n of sys.state.nodes) expect(n.holdOff.count).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('are a pure function of their scenario', () => {
    fc.assert(
      fc.property(machine, (m) => {
        const a = run(scenario(m)).events;
        const b = run(scenario(m)).events;
        expect(b).toEqual(a);
      }),
      { numRuns: 5 },
    );
  });
});
