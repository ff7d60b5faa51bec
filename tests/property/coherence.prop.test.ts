/**
 * Coherence under random programs: for every protocol, any mix of loads, stores and computes on a
 * few blocks, with caches small enough that replacement and the write-back buffer are busy, runs
 * to the end with no invariant broken, every program finished, every load seeing the latest store
 * in execution order, and every word's final home (a valid cached copy, else memory) holding the
 * last value stored to it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protocols } from '../../sim-core/memory/protocols';
import { Session } from '../../sim-core/session';
import type { SimEvent } from '../../sim-core/trace/events';
import { PROTOCOL_NAMES, programsDoc, scenarioOf, busFrameOf } from './support';

type Op =
  | { op: 'load'; block: number; word: number }
  | { op: 'store'; block: number; word: number }
  | { op: 'compute'; cycles: number };

type Access = { op: 'load'; addr: number } | { op: 'store'; addr: number; value: number };

interface Case {
  geometry: { sizeBytes: number; associativity: number; blockBytes: number };
  replacement: 'lru' | 'fifo' | 'random';
  seed: number;
  blocks: number;
  programs: Op[][];
  initial: { block: number; word: number }[];
}

/** Cache shapes of 1–4 sets; with up to 6 blocks in play most accesses compete for a way. */
const GEOMETRIES = [
  { sizeBytes: 64, associativity: 1, blockBytes: 32 },
  { sizeBytes: 64, associativity: 2, blockBytes: 32 },
  { sizeBytes: 64, associativity: 1, blockBytes: 16 },
  { sizeBytes: 128, associativity: 1, blockBytes: 64 },
  { sizeBytes: 128, associativity: 2, blockBytes: 32 },
  { sizeBytes: 128, associativity: 2, blockBytes: 64 },
];

const access = (kind: 'load' | 'store') =>
  fc.record({
    op: fc.constant(kind),
    block: fc.nat({ max: 5 }),
    word: fc.nat({ max: 7 }),
  });

const program: fc.Arbitrary<Op[]> = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: access('load') },
    { weight: 4, arbitrary: access('store') },
    {
      weight: 1,
      arbitrary: fc.record({
        op: fc.constant('compute' as const),
        cycles: fc.integer({ min: 1, max: 60 }),
      }),
    },
  ),
  { minLength: 1, maxLength: 14 },
);

const testCase: fc.Arbitrary<Case> = fc.record({
  geometry: fc.constantFrom(...GEOMETRIES),
  replacement: fc.constantFrom('lru' as const, 'fifo' as const, 'random' as const),
  seed: fc.nat(),
  blocks: fc.integer({ min: 2, max: 6 }),
  programs: fc
    .integer({ min: 2, max: 4 })
    .chain((nodes) => fc.array(program, { minLength: nodes, maxLength: nodes })),
  initial: fc.array(fc.record({ block: fc.nat({ max: 5 }), word: fc.nat({ max: 7 }) }), {
    maxLength: 3,
  }),
});

/** Byte address of an access, folded into the case's blocks and the block's words. */
function addressOf(c: Case, block: number, word: number): number {
  const { blockBytes } = c.geometry;
  return (block % c.blocks) * blockBytes + (word % (blockBytes / 8)) * 8;
}

/** Distinct values: processor p's i-th instruction stores (p + 1) * 1000 + i + 1. */
const storeValue = (p: number, i: number) => (p + 1) * 1000 + i + 1;

function toScenario(c: Case, protocol: string) {
  const programs = c.programs.map((prog, p) =>
    prog.map((o, i) =>
      o.op === 'compute'
        ? o
        : o.op === 'load'
          ? { op: 'load', addr: addressOf(c, o.block, o.word) }
          : { op: 'store', addr: addressOf(c, o.block, o.word), value: storeValue(p, i) },
    ),
  );
  const memory = [...new Set(c.initial.map((m) => addressOf(c, m.block, m.word)))].map(
    (addr, i) => ({ addr, value: 900_000 + i }),
  );
  return scenarioOf(
    programsDoc(
      programs,
      { protocol, cache: { ...c.geometry, replacement: c.replacement } },
      {
        seed: c.seed,
        memory,
        limits: { maxCycles: 200_000 },
      },
    ),
  );
}

/** What the generator exercised, summed over all runs, so a vacuous generator fails the test. */
const exercised = { evictions: 0, writebacks: 0, cacheToCache: 0, upgrades: 0, dropped: 0 };

function checkRun(c: Case, protocolName: (typeof PROTOCOL_NAMES)[number]): void {
  const protocol = protocols[protocolName];
  const scenario = toScenario(c, protocolName);
  const session = new Session(scenario);
  session.exploreAll();
  const end = session.timeline.endCycle;
  expect(end, 'the run halts').not.toBeNull();
  const view = session.seek(end!);
  const frame = busFrameOf(view);
  const log: SimEvent[] = session.timeline.log.slice();

  expect(log.filter((e) => e.kind === 'invariant.violation')).toEqual([]);

  // Every program ran to its end, every instruction retired.
  expect(frame.processors.map((p) => p.status)).toEqual(c.programs.map(() => 'done'));
  expect(frame.stats.processors.map((p) => p.retired)).toEqual(c.programs.map((p) => p.length));

  // Replay the log as a sequential memory: its order is the execution order.
  const initial = new Map(scenario.memory.map((m) => [m.addr, m.value]));
  const reference = new Map(initial);
  const performed: Access[][] = c.programs.map(() => []);
  for (const e of log) {
    if (e.kind !== 'cpu.hit' && e.kind !== 'cpu.perform') continue;
    if (e.op === 'store') {
      reference.set(e.addr, e.value);
      performed[e.proc]!.push({ op: 'store', addr: e.addr, value: e.value });
    } else {
      const where = `P${e.proc} load 0x${e.addr.toString(16)} at cycle ${e.cycle}`;
      expect(e.value, where).toBe(reference.get(e.addr) ?? 0);
      performed[e.proc]!.push({ op: 'load', addr: e.addr });
    }
  }

  // Each processor performed exactly its own accesses, in program order.
  if (!('programs' in scenario.workload)) throw new Error('expected explicit programs');
  const programmed = scenario.workload.programs.map((prog) =>
    prog.flatMap((instr): Access[] =>
      instr.op === 'load'
        ? [{ op: 'load', addr: instr.addr }]
        : instr.op === 'store'
          ? [{ op: 'store', addr: instr.addr, value: instr.value }]
          : [],
    ),
  );
  expect(performed).toEqual(programmed);

  // Final state: the buffers are drained, no line is mid-transaction, and every word's home
  // (every valid copy; memory when no cache owns the block) holds the latest value.
  const { blockBytes } = c.geometry;
  const addresses = new Set([...initial.keys(), ...programmed.flat().map((a) => a.addr)]);
  for (const addr of addresses) {
    const block = Math.floor(addr / blockBytes);
    const word = (addr % blockBytes) / 8;
    const expected = reference.get(addr) ?? 0;
    let owned = false;
    for (const cache of frame.caches) {
      expect(cache.wbBuffer).toEqual([]);
      for (const line of cache.lines) {
        if (line.block !== block || line.state === 'I') continue;
        expect(protocol.states[line.state]!.transient, `P${cache.id} ${line.state}`).toBe(false);
        expect(line.words[word], `P${cache.id} copy of 0x${addr.toString(16)}`).toBe(expected);
        owned ||= protocol.states[line.state]!.owner;
      }
    }
    if (!owned) {
      const inMemory = frame.memory.find((m) => m.block === block)?.words[word];
      expect(inMemory ?? initial.get(addr) ?? 0, `memory at 0x${addr.toString(16)}`).toBe(expected);
    }
  }

  const stats = frame.stats;
  for (const cs of stats.caches) {
    exercised.evictions += cs.evictions;
    exercised.writebacks += cs.writebacks;
    exercised.upgrades += cs.upgrades;
  }
  exercised.cacheToCache += stats.bus.cacheToCache;
  exercised.dropped += stats.bus.dropped;
}

describe.each(PROTOCOL_NAMES)('%s keeps random programs coherent', (protocolName) => {
  it('no invariant broken, all programs finish, every word ends with its last store', () => {
    fc.assert(
      fc.property(testCase, (c) => checkRun(c, protocolName)),
      { numRuns: 150 },
    );
  });
});

describe('the random programs', () => {
  it('exercised replacement, write-backs, upgrades, cache-to-cache supply and dropped write-backs', () => {
    expect(exercised.evictions).toBeGreaterThan(100);
    expect(exercised.writebacks).toBeGreaterThan(50);
    expect(exercised.upgrades).toBeGreaterThan(10);
    expect(exercised.cacheToCache).toBeGreaterThan(50);
    // A snoop cancelled a queued write-back, whose bus request was then dropped.
    expect(exercised.dropped).toBeGreaterThan(5);
  });
});
