/**
 * The scenario format, version 1, as one zod schema: the single source of the TypeScript types,
 * the defaults, the validation, and scenarios/scenario.schema.json (npm run gen:schema).
 * Messages are written for people: `expected integer 1..16, got 40`.
 */
import { z } from 'zod';
import { TRAFFIC_PATTERNS } from '../network/traffic';
import { NI_KIND_NAMES, NI_KINDS } from '../ni/cni/config';
import { NETWORK_KIND_NAMES } from '../net/message-network';
import type { Instruction } from '../bus/program';
import { checkCranium, craniumSystem, craniumWorkload } from './cranium-schema';
import { choice, intIn, text } from './fields';
import { showValue } from './issues';
import { PREDICTION_KIND_NAMES } from '../teaching/predict';

export const SCENARIO_VERSION = 1;

/** Messaging-layer cycles per network message (half at each end), calibrated in docs/fidelity/cni.md. */
export const CNI_SOFTWARE_OVERHEAD = 200;

/** A byte address as a non-negative integer or a hex string ("0x40"). */
export const address = z.union(
  [
    z.int().min(0).max(0xffffffff),
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{1,8}$/)
      .transform((s) => parseInt(s.slice(2), 16)),
  ],
  {
    error: (iss) =>
      `expected an address (integer 0..4294967295 or hex like "0x40"), got ${showValue(iss.input)}`,
  },
);

const wordValue = intIn(-2147483648, 4294967295);

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

export const VIEW_NAMES = [
  'notes',
  'program',
  'caches',
  'bus',
  'protocol',
  'log',
  'memory',
  'stats',
  'torus',
  'router',
  'charts',
  'queue',
  'cdr',
  'buses',
  'cranium',
  'gantt',
] as const;

/** The panels a scenario opens when it names none, by model. */
export const DEFAULT_VIEWS = {
  bus: ['notes', 'program', 'caches', 'bus', 'protocol', 'log'],
  network: ['notes', 'torus', 'router', 'log', 'stats', 'charts'],
  cni: ['notes', 'queue', 'buses', 'log', 'stats'],
  cranium: ['notes', 'cranium', 'torus', 'gantt', 'log', 'stats'],
} as const satisfies Record<string, readonly (typeof VIEW_NAMES)[number][]>;

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
  protocol: choice(['MSI', 'MESI', 'MOESI']).default('MOESI'),
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

/**
 * A k×k torus or mesh of routers (seed 001, digest §B). Packets are 20 phits (the Chaos chip)
 * or 11 phits of 32 bits (the Cranium model): give a number or the preset's name.
 */
const networkSystem = z.strictObject({
  kind: z.literal('network'),
  topology: choice(['torus', 'mesh']).default('torus'),
  k: intIn(2, 32),
  /** Side of the central square of routers with a processing node; default k (all). */
  attached: intIn(1, 32).optional(),
  router: choice(['chaos', 'minimal', 'dor', 'deflection']).default('chaos'),
  /** Dimension-order on a torus: two virtual channels with a dateline (false: one; it can deadlock). */
  dateline: z.boolean().default(true),
  packetPhits: z
    .union([intIn(2, 64), z.literal('chaos'), z.literal('cranium')], {
      error: (iss) =>
        `expected phits 2..64, "chaos" (20) or "cranium" (11), got ${showValue(iss.input)}`,
    })
    .default(20)
    .transform((v) => (v === 'chaos' ? 20 : v === 'cranium' ? 11 : v)),
  multiQueue: intIn(1, 16).default(5),
  decisionCycles: intIn(2, 16).default(4),
  injectionQueue: intIn(1, 1024).default(16),
});

const cniCosts = z.strictObject({
  uncachedLoad: intIn(1, 10_000).optional(),
  uncachedStore: intIn(1, 10_000).optional(),
  deviceToProcessor: intIn(1, 10_000).optional(),
  processorToDevice: intIn(1, 10_000).optional(),
  memoryToCache: intIn(1, 10_000).optional(),
  writeBack: intIn(1, 10_000).optional(),
  invalidate: intIn(1, 10_000).optional(),
});

/**
 * Nodes of processor + cache + bus + network interface (seed 000, digest §B-C). Defaults are the
 * paper's; the software overhead and the invalidation cost are calibrated (docs/fidelity/cni.md).
 */
const cniSystem = z.strictObject({
  kind: z.literal('cni'),
  nodes: intIn(1, 16).default(2),
  ni: choice(NI_KIND_NAMES).default('CNI16Q'),
  bus: choice(['memory', 'io']).default('memory'),
  protocol: choice(['MSI', 'MESI', 'MOESI']).default('MOESI'),
  costs: cniCosts.default({}),
  optimisations: z
    .strictObject({
      lazyPointers: z.boolean().default(true),
      validBits: z.boolean().default(true),
      senseReverse: z.boolean().default(true),
    })
    .prefault({}),
  /** Absent: the NI kind's own (sim-core/ni/cni/config.ts, NI_KINDS). */
  virtualPolling: choice(['off', 'previous-block', 'same-block']).optional(),
  backoff: intIn(0, 100_000).default(0),
  snarfing: z.boolean().default(false),
  writeBackBuffer: z.boolean().default(false),
  clearOnRead: z.boolean().default(false),
  pollCdr: z.boolean().default(false),
  network: z
    .strictObject({
      /** The network between the NIs (sim-core/ni/cni/message-network.ts); the paper's pipe. */
      kind: choice(NETWORK_KIND_NAMES).default('pipe'),
      latency: intIn(1, 1_000_000).default(100),
      window: intIn(1, 64).default(4),
    })
    .prefault({}),
  softwareOverhead: intIn(0, 1_000_000).default(CNI_SOFTWARE_OVERHEAD),
  wordCycles: intIn(1, 100).default(1),
  pollWork: intIn(1, 100_000).default(4),
  storeBuffer: intIn(1, 64).default(4),
  fifoMessages: intIn(1, 64).default(2),
});

const bytes = intIn(0, 65_536);
const cniWorkload = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('pingpong'), bytes, rounds: intIn(1, 10_000).default(4) }),
    z.strictObject({
      kind: z.literal('stream'),
      bytes,
      count: intIn(1, 100_000).default(32),
      from: intIn(0, 15).default(0),
      to: intIn(0, 15).default(1),
    }),
    z.strictObject({
      kind: z.literal('burst'),
      bytes,
      count: intIn(1, 10_000).default(8),
      senders: z.array(intIn(0, 15)).min(1).max(15),
      to: intIn(0, 15),
      handlerCycles: intIn(0, 1_000_000).default(0),
      /** The handler answers each message with one of the same size, so the senders also receive. */
      replies: z.boolean().optional(),
    }),
    z.strictObject({ kind: z.literal('alltoall'), bytes, rounds: intIn(1, 10_000).default(1) }),
    z.strictObject({
      kind: z.literal('arrivals'),
      messages: z
        .array(z.strictObject({ at: intIn(1, 10_000_000), bytes }))
        .min(1)
        .max(1000),
    }),
    z.strictObject({
      kind: z.literal('device-send'),
      bytes,
      count: intIn(1, 10_000).default(1),
    }),
    z.strictObject({
      kind: z.literal('local-queue'),
      bytes: intIn(0, 244),
      count: intIn(1, 100_000),
      slots: intIn(1, 512).default(8),
      sendCycles: intIn(0, 1_000_000).default(0),
      receiveCycles: intIn(0, 1_000_000).default(0),
    }),
  ],
  {
    error: (iss) =>
      `expected a message workload with kind pingpong, stream, burst, alltoall, arrivals, device-send or local-queue, got ${showValue(iss.input)}`,
  },
);

const scheduledPackets = z
  .array(z.strictObject({ at: intIn(1, 10_000_000), src: intIn(0, 1023), dst: intIn(0, 1023) }))
  .max(10_000);

const trafficWorkload = z.strictObject({
  pattern: choice(TRAFFIC_PATTERNS).default('uniform'),
  /** Offered load in phits per node per cycle (Bernoulli injection). */
  load: z.number().min(0).max(1),
  /** Packets are generated in cycles 1 … until. */
  until: intIn(1, 10_000_000),
  hotspot: z
    .strictObject({
      node: intIn(0, 1023).default(0),
      fraction: z.number().min(0).max(1).default(0.2),
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

export const scenarioSchema = z
  .strictObject({
    version: z.literal(SCENARIO_VERSION),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, {
      error: 'expected lower-case letters, digits and dashes (at most 64)',
    }),
    title: text(120).min(1, { error: 'a title is required' }),
    topic: choice(['coherence', 'coherent-ni', 'torus', 'cranium']).default('coherence'),
    summary: text(1000).default(''),
    learningGoals: z.array(text(300)).max(12).default([]),
    walkthrough: z
      .array(
        z.strictObject({
          cycle: intIn(0, 10_000_000),
          title: text(120).default(''),
          note: text(2000),
          /** Optional: the step goes to the first event of this kind at or after `cycle`. */
          event: z
            .string()
            .regex(/^[a-z]+(?:\.[a-z]+)+$/, {
              error: 'expected an event kind such as "bus.grant" or "net.deliver"',
            })
            .max(40)
            .optional(),
          /**
           * Optional: a predict-then-see checkpoint. Playback stops at this step and the student
           * predicts the next step of one of these kinds ([] = any kind the model has).
           */
          predict: z
            .array(choice(PREDICTION_KIND_NAMES))
            .max(PREDICTION_KIND_NAMES.length)
            .optional(),
        }),
      )
      .max(60)
      .default([]),
    seed: intIn(0, 0xffffffff).default(1),
    system: z.union([busSystem, networkSystem, cniSystem, craniumSystem], {
      error:
        'expected a bus system { "nodes": … }, a network { "kind": "network", "k": … }, network interfaces { "kind": "cni", … } or a Cranium machine { "kind": "cranium", "k": … }',
    }),
    workload: z.union(
      [
        z.strictObject({ programs: z.array(z.array(instruction).max(4096)).max(16) }),
        z.strictObject({ random: randomWorkload }),
        z.strictObject({ packets: scheduledPackets }),
        z.strictObject({ traffic: trafficWorkload }),
        z.strictObject({ messages: cniWorkload }),
        craniumWorkload,
      ],
      {
        error:
          'expected { "programs": [...] }, { "random": {...} }, { "packets": [...] }, { "traffic": {...} }, { "messages": {...} } or { "nodes": [...] }',
      },
    ),
    memory: z
      .array(z.strictObject({ addr: address, value: wordValue }))
      .max(4096)
      .default([]),
    /** Panels to open; when absent, the model's defaults (DEFAULT_VIEWS). */
    views: z.array(choice(VIEW_NAMES)).max(VIEW_NAMES.length).optional(),
    /** The node the one-node panels open on (the coherent-NI queue and registers, the Cranium NI). */
    focusNode: intIn(0, 1023).optional(),
    limits: z.strictObject({ maxCycles: intIn(1, 2_000_000).default(20_000) }).prefault({}),
    checks: z
      .strictObject({
        invariants: z.boolean().default(true),
        /** Network: report a stall when no phit has moved for this many cycles. */
        stallWatchdog: intIn(10, 1_000_000).default(1000),
      })
      .prefault({}),
  })
  .superRefine((sc, ctx) => {
    // Cross-field checks run only on fields that are themselves valid, so one mistake gives one message.
    const inRange = (n: unknown, min: number, max: number) =>
      Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
    const busWorkload = 'programs' in sc.workload || 'random' in sc.workload;
    checkFocusNode(sc, ctx);
    if (sc.system.kind === 'cni') {
      checkCni(sc.system, sc.workload, ctx);
      return;
    }
    if (sc.system.kind === 'cranium' || 'nodes' in sc.workload) {
      const issue = (path: (string | number)[], message: string, scn = 'SCN003') =>
        ctx.addIssue({ code: 'custom', path, message, params: { scn } });
      if (sc.system.kind !== 'cranium')
        issue(
          ['workload'],
          'node programs run on a Cranium machine: set system.kind to "cranium"',
          'SCN008',
        );
      else if (!('nodes' in sc.workload))
        issue(
          ['workload'],
          'a Cranium machine runs { "nodes": [ { "node": …, "program": [...] } ] }',
          'SCN008',
        );
      else checkCranium(sc.system, sc.workload, issue);
      return;
    }
    if ('messages' in sc.workload) {
      ctx.addIssue({
        code: 'custom',
        path: ['workload'],
        message: 'message workloads run on network interfaces: set system.kind to "cni"',
        params: { scn: 'SCN008' },
      });
      return;
    }
    if (sc.system.kind === 'network') {
      if (busWorkload) {
        ctx.addIssue({
          code: 'custom',
          path: ['workload'],
          message: 'a network runs { "packets": [...] } or { "traffic": {...} }, not programs',
          params: { scn: 'SCN008' },
        });
      }
      const k = sc.system.k;
      const side = sc.system.attached ?? k;
      if (inRange(k, 2, 32) && side > k) {
        ctx.addIssue({
          code: 'custom',
          path: ['system', 'attached'],
          message: `the attached square (${side}) cannot be larger than the torus (${k})`,
          params: { scn: 'SCN003' },
        });
      }
      // Node numbers can only be checked against a valid torus.
      if (!inRange(k, 2, 32) || !inRange(side, 1, k)) return;
      const nodes = side * side;
      const checkNode = (n: number, path: (string | number)[]) => {
        if (n >= nodes)
          ctx.addIssue({
            code: 'custom',
            path,
            message: `expected a node 0..${nodes - 1}, got ${n}`,
            params: { scn: 'SCN003' },
          });
      };
      if ('packets' in sc.workload) {
        sc.workload.packets.forEach((p, i) => {
          checkNode(p.src, ['workload', 'packets', i, 'src']);
          checkNode(p.dst, ['workload', 'packets', i, 'dst']);
        });
      }
      if ('traffic' in sc.workload)
        checkNode(sc.workload.traffic.hotspot.node, ['workload', 'traffic', 'hotspot', 'node']);
      return;
    }
    if (!busWorkload) {
      ctx.addIssue({
        code: 'custom',
        path: ['workload'],
        message: 'a bus system runs { "programs": [...] } or { "random": {...} }, not packets',
        params: { scn: 'SCN008' },
      });
    }
    const cache = sc.system.cache;
    const geometryValid =
      inRange(cache.sizeBytes, 64, 1 << 20) &&
      inRange(cache.associativity, 1, 16) &&
      [16, 32, 64, 128].includes(cache.blockBytes);
    const words = sc.system.cache.blockBytes / 8;
    const sets =
      sc.system.cache.sizeBytes / (sc.system.cache.blockBytes * sc.system.cache.associativity);
    if (
      geometryValid &&
      (!Number.isInteger(sets) || sets < 1 || (sets & (sets - 1)) !== 0 || words < 1)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['system', 'cache', 'sizeBytes'],
        message: `size ${sc.system.cache.sizeBytes} B / (${sc.system.cache.blockBytes} B blocks × ${sc.system.cache.associativity} ways) must be a power-of-two number of sets`,
        params: { scn: 'SCN009' },
      });
    }
    if (
      inRange(sc.system.nodes, 1, 16) &&
      sc.system.kind === 'bus' &&
      'programs' in sc.workload &&
      sc.workload.programs.length !== sc.system.nodes
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['workload', 'programs'],
        message: `expected one program per processor (${sc.system.nodes}), got ${sc.workload.programs.length}`,
        params: { scn: 'SCN008' },
      });
    }
    const checkAligned = (addr: number, path: (string | number)[]) => {
      if (addr % 8 !== 0) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `address 0x${addr.toString(16)} is not a multiple of the 8-byte word`,
          params: { scn: 'SCN010' },
        });
      }
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
  });

type CniSystemOut = z.output<typeof cniSystem>;
type WorkloadOut = z.output<typeof scenarioSchema>['workload'];

/** Cross-field checks of a network-interface scenario: the NI fits the bus, nodes exist. */
/** focusNode names a node that a one-node panel can show: an NI node, or a Cranium node with a program. */
function checkFocusNode(sc: z.output<typeof scenarioSchema>, ctx: z.RefinementCtx) {
  const node = sc.focusNode;
  if (node === undefined) return;
  const issue = (message: string) =>
    ctx.addIssue({ code: 'custom', path: ['focusNode'], message, params: { scn: 'SCN003' } });
  const system = sc.system;
  if (system.kind === 'cni') {
    if (Number.isInteger(system.nodes) && node >= system.nodes)
      issue(`expected a node 0..${system.nodes - 1}, got ${node}`);
  } else if (system.kind === 'cranium') {
    const nodes = 'nodes' in sc.workload ? sc.workload.nodes.map((n) => n.node) : [];
    if (!nodes.includes(node))
      issue(`expected one of the nodes with a program (${nodes.join(', ')}), got ${node}`);
  } else {
    issue('only the coherent-NI and Cranium panels show one node; remove focusNode');
  }
}

function checkCni(system: CniSystemOut, workload: WorkloadOut, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string, scn = 'SCN003') =>
    ctx.addIssue({ code: 'custom', path, message, params: { scn } });
  if (!('messages' in workload)) {
    issue(['workload'], 'network interfaces run { "messages": {...} }', 'SCN008');
    return;
  }
  const ni = NI_KINDS[system.ni];
  if (ni && !ni.buses.includes(system.bus)) {
    issue(
      ['system', 'bus'],
      `${system.ni} needs the memory bus: its queue is homed in main memory, and a device behind an I/O bridge cannot coherently cache main memory (seed 000 §2.4)`,
    );
  }
  const w = workload.messages;
  const nodes = system.nodes;
  const node = (n: number, path: (string | number)[]) => {
    if (Number.isInteger(n) && n >= nodes)
      issue(['workload', 'messages', ...path], `expected a node 0..${nodes - 1}, got ${n}`);
  };
  if ((w.kind === 'pingpong' || w.kind === 'alltoall') && nodes < 2)
    issue(['system', 'nodes'], `a ${w.kind} needs at least 2 nodes, got ${nodes}`);
  if (w.kind === 'stream') {
    node(w.from, ['from']);
    node(w.to, ['to']);
    if (w.from === w.to)
      issue(['workload', 'messages', 'to'], 'a stream needs two different nodes');
  }
  if (w.kind === 'burst') {
    node(w.to, ['to']);
    w.senders.forEach((s, i) => {
      node(s, ['senders', i]);
      if (s === w.to)
        issue(['workload', 'messages', 'senders', i], 'a node cannot send a burst to itself');
    });
  }
  // Without sense reverse, head = tail means empty, so one slot always stays unused (§B.3).
  if (w.kind === 'local-queue' && w.slots < 2 && !system.optimisations.senseReverse)
    issue(
      ['workload', 'messages', 'slots'],
      `a queue without sense reverse leaves one slot unused, so it needs at least 2, got ${w.slots}`,
    );
  if (
    (w.kind === 'local-queue' || w.kind === 'arrivals' || w.kind === 'device-send') &&
    nodes !== 1
  )
    issue(['system', 'nodes'], `a ${w.kind} workload runs on one node, got ${nodes}`);
}

export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ViewName = (typeof VIEW_NAMES)[number];
export type BusScenario = Scenario & { system: { kind: 'bus' } };
export type NetworkScenario = Scenario & { system: { kind: 'network' } };
export type CniScenario = Scenario & { system: { kind: 'cni' } };
export type CraniumScenario = Scenario & { system: { kind: 'cranium' } };
