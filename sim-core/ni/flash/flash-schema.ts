/**
 * The scenario format's FLASH part (seed 003; round2-spec §B2): the machine (nodes, the handler
 * and its chunk factor, coherence, address validity, the network, queue depths, every cost) and
 * the workload (the transfers, and each processor's program of commands). Defaults are the seed's
 * where it gives them; every cost is a field (flash-costs.ts names its source and clock domain).
 */
import { z } from 'zod';
import type { ModelSchema, ModelScenario } from '../../model';
import { ROUTER_NAMES } from '../../network/routing';
import { choice, intIn } from '../../scenario/fields';
import { showValue } from '../../scenario/issues';
import { COST_NAMES, type CostName } from './flash-costs';
import { LINE_BYTES, PAGE_BYTES, transferPages } from './geometry';

const node = intIn(0, 15);
const transferId = intIn(0, 63);
const cacheState = choice(['uncached', 'clean', 'dirty']);

export const flashOp = z.discriminatedUnion(
  'op',
  [
    z.strictObject({ op: z.literal('compute'), cycles: intIn(1, 1_000_000) }),
    /** The library's whole command sequence for a send or a receive [003 L15-26, L79]. */
    z.strictObject({ op: z.literal('send'), transfer: transferId }),
    z.strictObject({ op: z.literal('recv'), transfer: transferId }),
    /** One uncached write of a command field to message space [003 L14]. */
    z.strictObject({
      op: z.literal('write'),
      transfer: transferId,
      field: choice(['connection', 'length']),
    }),
    /** One store to the shadow of a page: an authentic physical page for MAGIC [003 L29]. */
    z.strictObject({ op: z.literal('shadow'), transfer: transferId, page: intIn(0, 31) }),
    /** The uncached read that commits the command: ACK or NACK [003 L16-26]. */
    z.strictObject({
      op: z.literal('commit'),
      transfer: transferId,
      retry: z.boolean().default(true),
    }),
    /** The OS runs another process and tells MAGIC its PID [003 L15]. */
    z.strictObject({ op: z.literal('switch'), pid: intIn(1, 255) }),
    /** A coherent load of a line of this node's memory (a local miss goes through MAGIC). */
    z.strictObject({ op: z.literal('load'), line: intIn(0, 255) }),
    /** The OS changes the translation of one of a transfer's pages [003 L34-59]. */
    z.strictObject({ op: z.literal('remap'), transfer: transferId, page: intIn(0, 31) }),
    /** Wait until this node's part of a transfer is done. */
    z.strictObject({ op: z.literal('await'), transfer: transferId }),
  ],
  {
    error: (iss) =>
      `expected an operation with op compute, send, recv, write, shadow, commit, switch, load, remap or await, got ${showValue(iss.input)}`,
  },
);

export const flashTransfer = z.strictObject({
  from: node,
  to: node,
  bytes: intIn(1, 65_536),
  /** The receive posted for it, in bytes (the byte stream's credit [003 L78-79]). */
  receiveBytes: intIn(1, 65_536).optional(),
  /** Where each buffer starts within its first line (alignment is to doublewords [003 L75]). */
  srcOffset: intIn(0, LINE_BYTES - 1).default(0),
  dstOffset: intIn(0, LINE_BYTES - 1).default(0),
  /** Whether the program promises line-aligned buffers and a whole number of lines. */
  aligned: z.boolean().default(true),
  /** The source lines' state: `remote` is dirty in a third node's cache (global coherence). */
  sender: choice(['uncached', 'clean', 'dirty', 'remote']).default('uncached'),
  receiver: cacheState.default('uncached'),
  /** The node whose cache holds a `remote` source dirty. */
  owner: node.optional(),
  /** The sending process's PID (the command is taken from its record [003 L15]). */
  pid: intIn(1, 255).default(1),
});

const costs = z.strictObject(
  Object.fromEntries(COST_NAMES.map((n) => [n, intIn(0, 100_000).optional()])) as Record<
    CostName,
    z.ZodOptional<ReturnType<typeof intIn>>
  >,
);

export const flashSystem = z.strictObject({
  kind: z.literal('flash'),
  nodes: intIn(2, 4).default(2),
  /** `chunked`: k lines an invocation, then reschedule [003 L68]; `naive`: loop until done. */
  handler: choice(['chunked', 'naive']).default('chunked'),
  /** Lines per invocation: 1 is the optimised handler O, 4 the seed's C4 [003 L144]. */
  chunk: intIn(1, 16).default(4),
  /** How lines dirty at a third node are sent [003 L158]. */
  coherence: choice(['collect', 'pipelined']).default('pipelined'),
  addressValidity: choice(['invalidation', 'hold-off']).default('invalidation'),
  network: z
    .strictObject({
      /** `torus`: a k×k torus of 40-phit packets (4 B a phit) instead of the seed's pipe. */
      kind: choice(['pipe', 'torus']).default('pipe'),
      router: choice(ROUTER_NAMES).default('chaos'),
      /** The torus's side; every router has a node, numbered row-major. */
      k: intIn(2, 16).default(2),
      /** Hops between one node and the next along the torus's first row (absent: node n at router n). */
      hops: intIn(1, 8).optional(),
      latency: intIn(1, 10_000).default(22),
      bytesPerCycle: intIn(1, 64).default(4),
      /** Request and reply lanes [003 L12]; 1 puts every message on one. */
      lanes: intIn(1, 2).default(2),
      window: intIn(1, 64).default(4),
    })
    .prefault({}),
  queues: z
    .strictObject({
      processor: intIn(1, 64).default(8),
      networkIn: intIn(1, 64).default(8),
      networkOut: intIn(1, 64).default(8),
    })
    .prefault({}),
  dataBuffers: intIn(2, 64).default(16),
  /** Operations MAGIC runs at once; a commit beyond them is NACKed [003 L22-24]. */
  maxOps: intIn(1, 64).default(4),
  /** Inbox order among ready queues; the seed gives none [default]. */
  inbox: choice(['round-robin', 'reply-first']).default('round-robin'),
  costs: costs.default({}),
});

const transfersBranch = z.strictObject({
  transfers: z.array(flashTransfer).min(1).max(64),
  /** Each processor's program; absent, every receive is posted and then every send started. */
  cpus: z
    .array(z.strictObject({ node, ops: z.array(flashOp).max(500) }))
    .max(16)
    .default([]),
});

export type FlashSystemOut = z.output<typeof flashSystem>;
export type FlashWorkloadOut = z.output<typeof transfersBranch>;
export type FlashTransferOut = z.output<typeof flashTransfer>;
export type FlashOp = z.output<typeof flashOp>;
export type FlashScenario = ModelScenario<FlashSystemOut, FlashWorkloadOut>;

type Issue = Parameters<ModelSchema<FlashSystemOut, FlashWorkloadOut>['check']>[1];

function checkTransfer(t: FlashTransferOut, i: number, nodes: number, issue: Issue): void {
  const at = (...path: (string | number)[]) => ['workload', 'transfers', i, ...path];
  for (const key of ['from', 'to'] as const)
    if (t[key] >= nodes) issue(at(key), `expected a node 0..${nodes - 1}, got ${t[key]}`);
  if (t.from === t.to) issue(at('to'), 'a transfer needs two different nodes');
  const posted = t.receiveBytes ?? t.bytes;
  if (t.bytes > posted)
    issue(
      at('bytes'),
      `a transfer of ${t.bytes} B does not fit the ${posted} B receive posted for it (receiveBytes)`,
      'SCN012',
    );
  if (t.aligned) {
    if (t.bytes % LINE_BYTES !== 0)
      issue(
        at('bytes'),
        `aligned transfers move whole ${LINE_BYTES}-B lines, got ${t.bytes} B`,
        'SCN013',
      );
    for (const key of ['srcOffset', 'dstOffset'] as const)
      if (t[key] !== 0)
        issue(at(key), `aligned transfers start on a line, got offset ${t[key]}`, 'SCN013');
  } else {
    for (const key of ['srcOffset', 'dstOffset'] as const)
      if (t[key] % 8 !== 0)
        issue(
          at(key),
          `MAGIC aligns to doublewords (8 B) [003 L75], got offset ${t[key]}`,
          'SCN013',
        );
  }
  if (t.sender === 'remote') {
    if (t.owner === undefined)
      issue(at('owner'), 'a remote sender names the node that owns its lines');
    else if (t.owner >= nodes || t.owner === t.from || t.owner === t.to)
      issue(
        at('owner'),
        `expected a third node (not ${t.from} or ${t.to}) below ${nodes}, got ${t.owner}`,
      );
  }
}

export const flashSchema: ModelSchema<FlashSystemOut, FlashWorkloadOut> = {
  system: flashSystem,
  systemHint: 'a FLASH machine { "kind": "flash", … }',
  workloads: [{ schema: transfersBranch, hint: '{ "transfers": [...], "cpus": [...] }' }],
  ownsWorkload: (w) => 'transfers' in w,
  wrongWorkload: 'a FLASH machine runs { "transfers": [...], "cpus": [...] }',
  foreignWorkload: 'transfer workloads run on FLASH: set system.kind to "flash"',
  /** Nodes exist, transfers fit their receives and their alignment, every op names a transfer. */
  check(sc, issue) {
    const nodes = sc.system.nodes;
    const { k, hops } = sc.system.network;
    if (hops !== undefined && nodes * hops > k)
      issue(
        ['system', 'network', 'hops'],
        `${nodes} nodes ${hops} hops apart need a torus of side ${nodes * hops} or more, got k = ${k}`,
      );
    const transfers = sc.workload.transfers;
    transfers.forEach((t, i) => checkTransfer(t, i, nodes, issue));
    sc.workload.cpus.forEach((p, pi) => {
      if (p.node >= nodes)
        issue(['workload', 'cpus', pi, 'node'], `expected a node 0..${nodes - 1}, got ${p.node}`);
      p.ops.forEach((op, oi) => {
        if (!('transfer' in op)) return;
        const at = ['workload', 'cpus', pi, 'ops', oi];
        const t = transfers[op.transfer];
        if (!t) {
          issue(
            [...at, 'transfer'],
            `expected a transfer 0..${transfers.length - 1}, got ${op.transfer}`,
            'SCN014',
          );
          return;
        }
        const sending = p.node === t.from;
        if (!sending && p.node !== t.to) {
          issue(
            [...at, 'transfer'],
            `node ${p.node} neither sends nor receives transfer ${op.transfer}`,
            'SCN014',
          );
          return;
        }
        if (op.op === 'remap' && !sending) {
          issue(
            [...at, 'transfer'],
            `only the sender's pages are remapped: the receiver's addresses are in flight, which invalidation cannot protect [003 L61]`,
            'SCN014',
          );
          return;
        }
        if ((op.op === 'remap' || op.op === 'shadow') && op.page >= transferPages(t, sending)) {
          const what =
            op.op === 'remap'
              ? 'a remap of a page no transfer uses'
              : 'a shadow of a page the buffer does not span';
          issue(
            [...at, 'page'],
            `${what}: transfer ${op.transfer}'s ${sending ? 'source' : 'destination'} spans ${transferPages(t, sending)} page(s) of ${PAGE_BYTES} B, got page ${op.page}`,
            'SCN014',
          );
        }
      });
    });
  },
};
