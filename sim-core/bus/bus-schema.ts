/**
 * The bus model's part of the scenario format: processors with private caches on one snooping bus
 * (defaults from seed 000's Table 2, digest §C.2), running per-processor programs or a random
 * workload. Messages are written for people: `expected integer 1..16, got 40`.
 */
import { z } from 'zod';
import { PROTOCOL_NAMES, type ProtocolName } from '../memory/protocols';
import type { ModelSchema, ModelScenario } from '../model';
import { address, choice, intIn, wordValue } from '../scenario/fields';
import { showValue } from '../scenario/issues';
import type { Instruction } from './program';

type InstructionInput =
  | { op: 'load'; addr: number | string }
  | { op: 'store'; addr: number | string; value: number }
  | { op: 'compute'; cycles: number }
  | { op: 'spin'; addr: number | string; until: number }
  | { op: 'loop'; times: number; body: InstructionInput[] };

export const instruction: z.ZodType<Instruction, InstructionInput> = z.lazy(() =>
  z.discriminatedUnion(
    'op',
    [
      z.strictObject({ op: z.literal('load'), addr: address }),
      z.strictObject({ op: z.literal('store'), addr: address, value: wordValue }),
      z.strictObject({ op: z.literal('compute'), cycles: intIn(1, 1_000_000) }),
      z.strictObject({ op: z.literal('spin'), addr: address, until: wordValue }),
      z.strictObject({
        op: z.literal('loop'),
        times: intIn(1, 1_000_000),
        body: z
          .array(instruction)
          .min(1, { error: 'a loop body needs at least one instruction' })
          .max(256),
      }),
    ],
    {
      error: (iss) =>
        `expected an instruction with op load, store, compute, spin or loop, got ${showValue(iss.input)}`,
    },
  ),
);

const busCosts = z.strictObject({
  blockTransfer: intIn(1, 10_000).optional(),
  writeBack: intIn(1, 10_000).optional(),
  invalidate: intIn(1, 10_000).optional(),
  uncachedLoad: intIn(1, 10_000).optional(),
  uncachedStore: intIn(1, 10_000).optional(),
});

const busSystem = z.strictObject({
  kind: z.literal('bus').default('bus'),
  nodes: intIn(1, 16),
  protocol: choice(PROTOCOL_NAMES as [ProtocolName, ...ProtocolName[]]).default('MOESI'),
  cache: z
    .strictObject({
      sizeBytes: intIn(64, 1 << 20).default(512),
      associativity: intIn(1, 16).default(2),
      blockBytes: z
        .union([z.literal(16), z.literal(32), z.literal(64), z.literal(128)], {
          error: (iss) => `expected 16, 32, 64 or 128, got ${showValue(iss.input)}`,
        })
        .default(64),
      replacement: choice(['lru', 'fifo', 'random']).default('lru'),
    })
    .prefault({}),
  bus: z
    .strictObject({
      preset: choice(['memory', 'io']).default('memory'),
      costs: busCosts.default({}),
    })
    .prefault({}),
});

const randomWorkload = z.strictObject({
  opsPerProcessor: intIn(1, 1_000_000),
  /** Accesses fall in `blocks` consecutive blocks starting at `base`. */
  base: address.default(0),
  blocks: intIn(1, 4096).default(16),
  storeFraction: z.number().min(0).max(1).default(0.3),
  computeMax: intIn(0, 1000).default(4),
});

const programsWorkload = z.strictObject({
  programs: z.array(z.array(instruction).max(4096)).max(16),
});
const randomWorkloadBranch = z.strictObject({ random: randomWorkload });

export type BusSystem = z.output<typeof busSystem>;
export type BusWorkload = z.output<typeof programsWorkload> | z.output<typeof randomWorkloadBranch>;
export type BusScenario = ModelScenario<BusSystem, BusWorkload>;

const inRange = (n: unknown, min: number, max: number) =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

export const busSchema: ModelSchema<BusSystem, BusWorkload> = {
  system: busSystem,
  systemHint: 'a bus system { "nodes": … }',
  workloads: [
    { schema: programsWorkload, hint: '{ "programs": [...] }' },
    { schema: randomWorkloadBranch, hint: '{ "random": {...} }' },
  ],
  ownsWorkload: (w) => 'programs' in w || 'random' in w,
  wrongWorkload: 'a bus system runs { "programs": [...] } or { "random": {...} }, not packets',
  check(sc, issue) {
    const cache = sc.system.cache;
    const geometryValid =
      inRange(cache.sizeBytes, 64, 1 << 20) &&
      inRange(cache.associativity, 1, 16) &&
      [16, 32, 64, 128].includes(cache.blockBytes);
    const words = cache.blockBytes / 8;
    const sets = cache.sizeBytes / (cache.blockBytes * cache.associativity);
    if (
      geometryValid &&
      (!Number.isInteger(sets) || sets < 1 || (sets & (sets - 1)) !== 0 || words < 1)
    )
      issue(
        ['system', 'cache', 'sizeBytes'],
        `size ${cache.sizeBytes} B / (${cache.blockBytes} B blocks × ${cache.associativity} ways) must be a power-of-two number of sets`,
        'SCN009',
      );
    if (
      inRange(sc.system.nodes, 1, 16) &&
      'programs' in sc.workload &&
      sc.workload.programs.length !== sc.system.nodes
    )
      issue(
        ['workload', 'programs'],
        `expected one program per processor (${sc.system.nodes}), got ${sc.workload.programs.length}`,
        'SCN008',
      );
    const checkAligned = (addr: number, path: (string | number)[]) => {
      if (addr % 8 !== 0)
        issue(
          path,
          `address 0x${addr.toString(16)} is not a multiple of the 8-byte word`,
          'SCN010',
        );
    };
    const walk = (list: readonly Instruction[], path: (string | number)[]) =>
      list.forEach((instr, i) => {
        if (instr.op === 'loop') walk(instr.body, [...path, i, 'body']);
        else if ('addr' in instr) checkAligned(instr.addr, [...path, i, 'addr']);
      });
    if ('programs' in sc.workload)
      sc.workload.programs.forEach((prog, p) => walk(prog, ['workload', 'programs', p]));
    sc.memory.forEach((m, i) => checkAligned(m.addr, ['memory', i, 'addr']));
    if ('random' in sc.workload)
      checkAligned(sc.workload.random.base, ['workload', 'random', 'base']);
  },
};
