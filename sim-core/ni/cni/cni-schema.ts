/**
 * The coherent-NI model's part of the scenario format: nodes of processor + cache + bus + network
 * interface (seed 000, digest §B-C) running a message workload. Defaults are the paper's; the
 * software overhead and the invalidation cost are calibrated (docs/fidelity/cni.md).
 */
import { z } from 'zod';
import { PROTOCOL_NAMES, type ProtocolName } from '../../memory/protocols';
import type { ModelSchema, ModelScenario } from '../../model';
import { choice, intIn } from '../../scenario/fields';
import { showValue } from '../../scenario/issues';
import { BUS_KINDS, NI_KIND_NAMES, NI_KINDS } from './config';
import { NETWORK_KIND_NAMES } from '../../net/networks';
import { checkTorusPlacement, torusHops } from '../../net/torus-fields';

/** Messaging-layer cycles per network message (half at each end), calibrated in docs/fidelity/cni.md. */
export const CNI_SOFTWARE_OVERHEAD = 200;

const cniCosts = z.strictObject({
  uncachedLoad: intIn(1, 10_000).optional(),
  uncachedStore: intIn(1, 10_000).optional(),
  deviceToProcessor: intIn(1, 10_000).optional(),
  processorToDevice: intIn(1, 10_000).optional(),
  memoryToCache: intIn(1, 10_000).optional(),
  writeBack: intIn(1, 10_000).optional(),
  invalidate: intIn(1, 10_000).optional(),
});

const cniSystem = z.strictObject({
  kind: z.literal('cni'),
  nodes: intIn(1, 16).default(2),
  ni: choice(NI_KIND_NAMES).default('CNI16Q'),
  bus: choice(BUS_KINDS).default('memory'),
  protocol: choice(PROTOCOL_NAMES as [ProtocolName, ...ProtocolName[]]).default('MOESI'),
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
      /** The network between the NIs (sim-core/net/): the paper's pipe, or the common torus. */
      kind: choice(NETWORK_KIND_NAMES).default('pipe'),
      /** The torus: hops between one node and the next (its latency and bandwidth are its own). */
      hops: torusHops(),
      latency: intIn(1, 1_000_000).default(100),
      window: intIn(1, 64).default(4),
      /** Bytes a link carries a cycle (header and payload); absent: the paper's pipe, no serialisation. */
      bytesPerCycle: z.number().positive().max(1024).optional(),
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

const messagesBranch = z.strictObject({ messages: cniWorkload });

export type CniSystemOut = z.output<typeof cniSystem>;
export type CniWorkloadOut = z.output<typeof messagesBranch>;
export type CniScenario = ModelScenario<CniSystemOut, CniWorkloadOut>;

export const cniSchema: ModelSchema<CniSystemOut, CniWorkloadOut> = {
  system: cniSystem,
  systemHint: 'network interfaces { "kind": "cni", … }',
  workloads: [{ schema: messagesBranch, hint: '{ "messages": {...} }' }],
  ownsWorkload: (w) => 'messages' in w,
  wrongWorkload: 'network interfaces run { "messages": {...} }',
  foreignWorkload: 'message workloads run on network interfaces: set system.kind to "cni"',
  /** The NI fits the bus, the nodes named exist, the workload fits the machine. */
  check(sc, issue) {
    const { system } = sc;
    const ni = NI_KINDS[system.ni];
    if (ni && !ni.buses.includes(system.bus))
      issue(
        ['system', 'bus'],
        system.bus === 'cache'
          ? `${system.ni} cannot sit on the cache bus: only NI2w's uncached registers do (seed 000 Table 2, Figs. 6c and 7c)`
          : `${system.ni} needs the memory bus: its queue is homed in main memory, and a device behind an I/O bridge cannot coherently cache main memory (seed 000 §2.4)`,
      );
    const w = sc.workload.messages;
    const nodes = system.nodes;
    checkTorusPlacement(system.network, nodes, issue);
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
  },
  focusPanel: {
    name: 'coherent-NI',
    check: (sc, node) =>
      Number.isInteger(sc.system.nodes) && node >= sc.system.nodes
        ? `expected a node 0..${sc.system.nodes - 1}, got ${node}`
        : null,
  },
};
