/**
 * The bus model's soak family: each protocol, with random machines (2–8 processors, small caches
 * so replacement and the write-back buffer stay busy) running random programs of loads, stores,
 * computes and loops over a few blocks, and flag hand-offs: a processor stores 1 into its own flag
 * and processors after it spin until they see it, so every spin is satisfied and every program
 * must finish. The invariants check coherence and every value loaded; the watchdog checks
 * progress.
 */
import fc from 'fast-check';
import { PROTOCOL_NAMES, type ProtocolName } from '../../sim-core/memory/protocols';
import { parseScenario } from '../../sim-core/scenario/parse';
import { createSim } from '../../sim-core/sim';
import { cleanAudit, neverEnded, note, type RunAudit, type SoakFamily } from './family';

export interface BusSoakConfiguration {
  label: string;
  protocol: ProtocolName;
}

const GEOMETRIES = [
  { sizeBytes: 64, associativity: 1, blockBytes: 32 },
  { sizeBytes: 128, associativity: 2, blockBytes: 32 },
  { sizeBytes: 128, associativity: 2, blockBytes: 64 },
  { sizeBytes: 256, associativity: 2, blockBytes: 64 },
  { sizeBytes: 512, associativity: 4, blockBytes: 128 },
];

type Op =
  | { op: 'load' | 'store'; block: number; word: number }
  | { op: 'compute'; cycles: number }
  | { op: 'flag' }
  | { op: 'spin'; on: number }
  | { op: 'loop'; times: number; body: Op[] };

const access = fc.record({
  op: fc.constantFrom('load' as const, 'store' as const),
  block: fc.nat({ max: 7 }),
  word: fc.nat({ max: 15 }),
});
const compute = fc.record({
  op: fc.constant('compute' as const),
  cycles: fc.integer({ min: 1, max: 200 }),
});
const plain: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: access, weight: 8 },
  { arbitrary: compute, weight: 1 },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: plain, weight: 12 },
  { arbitrary: fc.record({ op: fc.constant('flag' as const) }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('spin' as const), on: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('loop' as const),
      times: fc.integer({ min: 1, max: 6 }),
      body: fc.array(plain, { minLength: 1, maxLength: 6 }),
    }),
    weight: 1,
  },
);

const machine = fc.record({
  geometry: fc.constantFrom(...GEOMETRIES),
  replacement: fc.constantFrom('lru' as const, 'fifo' as const, 'random' as const),
  seed: fc.nat(),
  programs: fc
    .integer({ min: 2, max: 8 })
    .chain((n) =>
      fc.array(fc.array(op, { minLength: 1, maxLength: 60 }), { minLength: n, maxLength: n }),
    ),
});
type Machine = typeof machine extends fc.Arbitrary<infer M> ? M : never;

/**
 * The scenario: data in blocks 0–7, each processor's flag in a block of its own after them. A
 * spin waits only for an earlier processor's flag, and every processor stores its flag (at its
 * `flag` instruction, or at its end), so the waits form no cycle and every spin is satisfied.
 */
function scenarioOf(protocol: ProtocolName, m: Machine): unknown {
  const { blockBytes } = m.geometry;
  const words = blockBytes / 8;
  const flagAddr = (p: number) => (8 + p) * blockBytes;
  const instruction = (o: Op, p: number, i: number): unknown[] => {
    switch (o.op) {
      case 'load':
        return [{ op: 'load', addr: o.block * blockBytes + (o.word % words) * 8 }];
      case 'store':
        return [
          {
            op: 'store',
            addr: o.block * blockBytes + (o.word % words) * 8,
            value: (p + 1) * 10_000 + i,
          },
        ];
      case 'compute':
        return [o];
      case 'flag':
        return [{ op: 'store', addr: flagAddr(p), value: 1 }];
      case 'spin':
        return p === 0 ? [] : [{ op: 'spin', addr: flagAddr(o.on % p), until: 1 }];
      case 'loop':
        return [
          {
            op: 'loop',
            times: o.times,
            body: o.body.flatMap((b, j) => instruction(b, p, i * 100 + j)),
          },
        ];
    }
  };
  const programs = m.programs.map((ops, p) => {
    const body = ops.flatMap((o, i) => instruction(o, p, i));
    return ops.some((o) => o.op === 'flag')
      ? body
      : [...body, { op: 'store', addr: flagAddr(p), value: 1 }];
  });
  return {
    version: 1,
    id: 'soak-bus',
    title: 'soak',
    seed: m.seed,
    system: {
      nodes: programs.length,
      protocol,
      cache: { ...m.geometry, replacement: m.replacement },
    },
    workload: { programs },
    limits: { maxCycles: 2_000_000 },
  };
}

export function auditBus(doc: unknown, maxCycles: number): RunAudit {
  const parsed = parseScenario(doc);
  if (!parsed.ok)
    throw new Error(`soak: a bus scenario the schema refuses: ${JSON.stringify(parsed.error)}`);
  const sim = createSim(parsed.value);
  const a = cleanAudit({ messages: false, order: false });
  while (!sim.halted && sim.cycle < maxCycles)
    for (const e of sim.step()) {
      if (e.kind === 'invariant.violation') {
        a.violations++;
        note(a, `cycle ${sim.cycle}: ${e.rule} invariant: ${e.detail}`);
      } else if (e.kind === 'sim.stall') {
        a.stalls++;
        note(a, `cycle ${sim.cycle}: stalled: ${e.waiting}`);
      }
    }
  a.cycles = sim.cycle;
  const frame = sim.frame();
  if (!sim.halted && 'processors' in frame) {
    a.unfinished = frame.processors.filter((p) => p.status !== 'done').length;
    note(a, `${neverEnded(maxCycles)}: ${a.unfinished} programs unfinished`);
  }
  return a;
}

export const busSoak: SoakFamily<BusSoakConfiguration, Machine> = {
  name: 'bus',
  title: 'Caches on a snooping bus: protocol',
  configurations: PROTOCOL_NAMES.map((protocol) => ({ label: protocol, protocol })),
  skipped: [],
  orderNote: 'no messages: a run is programs, checked by the invariants and their end',
  runCycles: 1_000_000,
  runs: () => machine,
  audit: (c, m, maxCycles) => auditBus(scenarioOf(c.protocol, m), maxCycles),
};
