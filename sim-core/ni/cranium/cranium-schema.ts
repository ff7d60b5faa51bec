/**
 * The scenario format's Cranium part (seed 001 §C): the torus and NI parameters with the thesis's
 * defaults, and per node its pinned buffers and a program of API calls (§C.15).
 */
import { z } from 'zod';
import type { ModelSchema, ModelScenario } from '../../model';
import { ROUTER_NAMES } from '../../network/routing';
import { TRAFFIC_PATTERNS } from '../../network/traffic';
import { choice, intIn } from '../../scenario/fields';
import { showValue } from '../../scenario/issues';
import { NI_TIMING_NAMES } from './cranium-config';
import { QUEUE_NAMES } from './queue-names';
import { CRANIUM_VARIANT_NAMES, VARIANT_CASES } from './variants';

const channel = intIn(0, 63);
const handle = intIn(0, 32_767);
/** A linear node id (12-bit field); ids with no node map entry are NIL, as the thesis's OS sets them. */
const linearNode = intIn(0, 4095);
/** The four queues of §C.7 (the system queues are read by the OS part of a program). */
const queueName = choice(QUEUE_NAMES);

export const craniumInstruction = z.discriminatedUnion(
  'op',
  [
    z.strictObject({ op: z.literal('compute'), cycles: intIn(1, 1_000_000) }),
    z.strictObject({
      op: z.literal('send'),
      channel,
      to: linearNode,
      remoteChannel: channel.default(0),
      buffer: handle,
      packets: intIn(1, 4095),
      start: intIn(0, 4095).default(0),
      queue: z.boolean().default(false),
      intr: intIn(0, 7).default(0),
      priority: z.boolean().default(false),
      fault: choice(['none', 'dest', 'crc']).default('none'),
    }),
    z.strictObject({
      op: z.literal('recv'),
      channel,
      from: linearNode,
      remoteChannel: channel,
      buffer: handle,
      packets: intIn(1, 4095),
      intr: intIn(0, 7).default(0),
    }),
    z.strictObject({ op: z.literal('reset'), dir: choice(['send', 'recv']), channel }),
    z.strictObject({ op: z.literal('waitSend'), channel }),
    z.strictObject({ op: z.literal('waitRecv'), channel }),
    z.strictObject({
      op: z.literal('pollQueue'),
      count: intIn(1, 100_000).default(1),
      queue: queueName.default('user'),
    }),
    z.strictObject({ op: z.literal('advanceQueue'), queue: queueName.default('user') }),
    /** NIR_barrier: 1 enters, 0 abstains (Table A.3). */
    z.strictObject({
      op: z.literal('barrier'),
      value: z
        .union([z.literal(0), z.literal(1)], {
          error: (iss) => `expected 0 (abstain) or 1 (enter), got ${showValue(iss.input)}`,
        })
        .default(1),
    }),
    z.strictObject({ op: z.literal('load'), buffer: handle, line: intIn(0, 4095) }),
    z.strictObject({ op: z.literal('store'), buffer: handle, line: intIn(0, 4095) }),
    z.strictObject({ op: z.literal('thaw') }),
    z.strictObject({ op: z.literal('flow'), state: choice(['NORMAL', 'FLUSH', 'FREEZE']) }),
  ],
  {
    error: (iss) =>
      `expected an instruction with op compute, send, recv, reset, waitSend, waitRecv, pollQueue, advanceQueue, barrier, load, store, thaw or flow, got ${JSON.stringify(iss.input)?.slice(0, 60)}`,
  },
);

const timing = z.strictObject(
  Object.fromEntries(
    [
      'register',
      'testBranch',
      'lookups',
      'firstPhit',
      'outboxFifo',
      'linkEntry',
      'inboxFifo',
      'decode',
      'slotWait',
      'payloadWrite',
      'queueHeaderLine',
      'lineOccupancy',
      'cacheHit',
      'cacheMiss',
      'sendGap',
      'receiveGap',
    ].map((k) => [k, intIn(0, 10_000).optional()]),
  ),
);

const powerOfTwo = (min: number, max: number) =>
  intIn(min, max).refine((v) => (v & (v - 1)) === 0, {
    error: (iss) => `expected a power of two ${min}..${max}, got ${String(iss.input)}`,
  });

export const craniumSystem = z.strictObject({
  kind: z.literal('cranium'),
  topology: choice(['torus', 'mesh']).default('torus'),
  k: intIn(2, 32),
  attached: intIn(1, 32).optional(),
  router: choice(ROUTER_NAMES).default('chaos'),
  multiQueue: intIn(1, 16).default(5),
  decisionCycles: intIn(2, 16).default(4),
  /**
   * `ideal`: Table 6.1's ideal NI with memory (no FIFOs, decode, test and branch); `ideal-nomem`:
   * its ideal NI without memory (data straight between registers and the link).
   */
  ni: choice(NI_TIMING_NAMES).default('cranium'),
  /** Table 6.4's emulations of simpler NIs (variants.ts), at its best or worst case. */
  variant: choice(CRANIUM_VARIANT_NAMES).default('cranium'),
  variantCase: choice(VARIANT_CASES).default('best'),
  memory: choice(['adu', 'meerkat', 'optimistic']).default('adu'),
  timing: timing.default({}),
  pageBytes: powerOfTwo(1024, 131_072).default(8192),
  channels: intIn(1, 64).default(32),
  inboxPackets: intIn(1, 64).default(8),
  outboxPackets: intIn(1, 64).default(4),
  queueEntries: z
    .strictObject({
      user: intIn(2, 4096).default(128),
      userError: intIn(2, 4096).default(16),
      system: intIn(2, 4096).default(16),
      systemError: intIn(2, 4096).default(16),
    })
    .prefault({}),
  scheduler: choice(['fcfs', 'rr', 'prr', 'alpha']).default('fcfs'),
  alpha: z.number().min(0).max(10_000).default(100),
  dmaCoherence: choice(['invalidate', 'update', 'simulator']).default('invalidate'),
  freezeOnOverflow: z.boolean().default(true),
  warmChannels: z.boolean().default(false),
  halfDuplexLink: z.boolean().default(true),
  barrierCycles: intIn(1, 10_000).default(8),
  barrierHold: intIn(1, 10_000).default(4),
});

export const craniumWorkload = z.strictObject({
  nodes: z
    .array(
      z.strictObject({
        node: intIn(0, 1023),
        processId: intIn(0, 65_535).default(1),
        buffers: z
          .array(
            z.strictObject({
              handle,
              cached: z.array(intIn(0, 4095)).max(4096).default([]),
              dirty: z.array(intIn(0, 4095)).max(4096).default([]),
            }),
          )
          .max(64)
          .default([]),
        cachedQueueFlags: z.boolean().default(false),
        program: z.array(craniumInstruction).max(4096),
      }),
    )
    .min(1)
    .max(1024),
  /** Other processes' packets: Bernoulli traffic that the NIs pass by. */
  background: z
    .strictObject({
      pattern: choice(TRAFFIC_PATTERNS).default('uniform'),
      load: z.number().min(0).max(1),
      until: intIn(1, 10_000_000),
    })
    .optional(),
});

export type CraniumSystemOut = z.output<typeof craniumSystem>;
export type CraniumWorkloadOut = z.output<typeof craniumWorkload>;
export type CraniumScenario = ModelScenario<CraniumSystemOut, CraniumWorkloadOut>;
/** A node's program as a scenario file writes it (defaults not yet filled in). */
export type CraniumProgramInput = z.input<typeof craniumInstruction>[];

export const craniumSchema: ModelSchema<CraniumSystemOut, CraniumWorkloadOut> = {
  system: craniumSystem,
  systemHint: 'a Cranium machine { "kind": "cranium", "k": … }',
  workloads: [{ schema: craniumWorkload, hint: '{ "nodes": [...] }' }],
  ownsWorkload: (w) => 'nodes' in w,
  wrongWorkload: 'a Cranium machine runs { "nodes": [ { "node": …, "program": [...] } ] }',
  foreignWorkload: 'node programs run on a Cranium machine: set system.kind to "cranium"',
  check: (sc, issue) => checkCranium(sc.system, sc.workload, issue),
  focusPanel: {
    name: 'Cranium',
    check(sc, node) {
      const nodes = sc.workload.nodes.map((n) => n.node);
      return nodes.includes(node)
        ? null
        : `expected one of the nodes with a program (${nodes.join(', ')}), got ${node}`;
    },
  },
};

type Instruction = CraniumWorkloadOut['nodes'][number]['program'][number];

/**
 * What a Table 6.4 variant takes away that a program cannot do without (or null). The same API
 * calls run on every variant, as the thesis rewrote Gauss's communication routines for each
 * (L1739): under M1 a multi-packet send is the routine's one-packet sends, under M2 a recv is its
 * per-packet notification and copy. Only M4's missing queue channels have no stand-in.
 */
const VARIANT_LACKS: Record<CraniumSystemOut['variant'], (ins: Instruction) => string | null> = {
  cranium: () => null,
  M1: () => null,
  // A recv under M2 stands for the communication routine's loop: notified per packet, it copies.
  M2: () => null,
  M3: () => null,
  M4: (ins) =>
    (ins.op === 'send' && ins.queue) ||
    ((ins.op === 'pollQueue' || ins.op === 'advanceQueue') && ins.queue === 'user')
      ? 'queue channels: receive with recv'
      : null,
};

/** Cross-field checks: nodes exist, handles and lines fit the page, channels exist, the variant has what the program uses. */
function checkCranium(
  system: CraniumSystemOut,
  workload: CraniumWorkloadOut,
  issue: (path: (string | number)[], message: string, scn?: string) => void,
): void {
  const side = system.attached ?? system.k;
  if (side > system.k) {
    issue(
      ['system', 'attached'],
      `the attached square (${side}) cannot be larger than the torus (${system.k})`,
    );
    return;
  }
  const nodes = side * side;
  const lines = system.pageBytes / 32;
  const seen = new Set<number>();
  workload.nodes.forEach((setup, i) => {
    const at = ['workload', 'nodes', i];
    if (setup.node >= nodes)
      issue([...at, 'node'], `expected a node 0..${nodes - 1}, got ${setup.node}`);
    if (seen.has(setup.node)) issue([...at, 'node'], `node ${setup.node} is set up twice`);
    seen.add(setup.node);
    setup.buffers.forEach((b, j) =>
      [...b.cached, ...b.dirty].forEach((l) => {
        if (l >= lines) issue([...at, 'buffers', j], `line ${l} is past the ${lines}-line page`);
      }),
    );
    setup.program.forEach((ins, j) => {
      const p = [...at, 'program', j];
      const missing = VARIANT_LACKS[system.variant](ins);
      if (missing)
        issue([...p, 'op'], `the ${system.variant} variant has no ${missing} (system.variant)`);
      if ('channel' in ins && ins.channel >= system.channels)
        issue(
          [...p, 'channel'],
          `expected a channel 0..${system.channels - 1}, got ${ins.channel}`,
        );
      if ((ins.op === 'load' || ins.op === 'store') && ins.line >= lines)
        issue(
          [...p, 'line'],
          `expected a line 0..${lines - 1} of the ${system.pageBytes}-byte page, got ${ins.line}`,
        );
      if ((ins.op === 'send' || ins.op === 'recv') && ins.packets > lines && ins.op === 'recv')
        issue(
          [...p, 'packets'],
          `a page holds ${lines} lines: at most ${lines} packets per receive`,
        );
    });
  });
}
