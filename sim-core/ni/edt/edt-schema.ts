/**
 * The EDT model's part of the scenario format (seed 002; round2-spec §B1): two hosts, each a MESI
 * bus with one of the NIs of ni-kinds.ts, running a VIA send/receive workload. Every cost is a
 * field whose default says where it comes from (costs.ts); the registered regions are fields too,
 * checked here: they must not overlap, must start on a block, and must hold the message.
 */
import { z } from 'zod';
import type { ModelSchema, ModelScenario } from '../../model';
import { NETWORK_KIND_NAMES } from '../../net/networks';
import { checkTorusPlacement, torusHops } from '../../net/torus-fields';
import { address, choice, intIn } from '../../scenario/fields';
import { showValue } from '../../scenario/issues';
import { DEFAULT_BUS, DEFAULT_DMA, DEFAULT_HOST, DEFAULT_NI } from './costs';
import { EDT_NI_NAMES } from './ni-kinds';
import { REGION_NAMES, type RegionName } from './layout';
import { PAYLOADS, WRITE_ORDERS } from './workload-kinds';

const region = (base: number, bytes: number) =>
  z.strictObject({ base: address, bytes: intIn(1, 1 << 20) }).prefault({ base, bytes });

/** Where the regions sit by default: a 4 KB message buffer each way, descriptors, one CQ block. */
export const DEFAULT_REGIONS: Readonly<Record<RegionName, { base: number; bytes: number }>> = {
  send: { base: 0x10000, bytes: 4096 },
  recv: { base: 0x20000, bytes: 4096 },
  descriptors: { base: 0x30000, bytes: 256 },
  cq: { base: 0x30100, bytes: 128 },
};

const cycles = (max: number, fallback: number) => intIn(0, max).default(fallback);

const rate = z
  .number({
    error: (iss) => `expected a number greater than 0 and at most 1, got ${showValue(iss.input)}`,
  })
  .gt(0, {
    error: (iss) =>
      `expected a DMA rate greater than 0 (a fraction of the 1,600 MB/s peak), got ${showValue(iss.input)}`,
  })
  .max(1, {
    error: (iss) =>
      `expected a DMA rate of at most 1 (the 1,600 MB/s peak), got ${showValue(iss.input)}`,
  });

const edtSystem = z.strictObject({
  kind: z.literal('edt'),
  ni: choice(EDT_NI_NAMES).default('EDT'),
  /** The EDT NI's receive: write each block back (DMA-engine mode, the paper's) or own it. */
  receiveMode: choice(['dma-engine', 'coherent']).default('dma-engine'),
  /** The EDT NI asserts SHARED on reads of registered lines (false: the E-state counterfactual). */
  assertShared: z.boolean().default(true),
  registration: z
    .strictObject({
      /** How registration leaves the NI's copies: read by the NI (S) or flushed (I) [002 L110]. */
      init: choice(['ni-read', 'flush']).default('ni-read'),
      /** The host's cache held the regions when they were registered (host lines S, else I). */
      hostCached: z.boolean().default(true),
    })
    .prefault({}),
  /** A non-coherent DMA's software flush of dirty lines before each send [002 L43]. */
  flush: z.boolean().default(false),
  blockBytes: intIn(16, 1024).default(128),
  mtu: intIn(64, 65_536).default(1500),
  regions: z
    .strictObject({
      send: region(DEFAULT_REGIONS.send.base, DEFAULT_REGIONS.send.bytes),
      recv: region(DEFAULT_REGIONS.recv.base, DEFAULT_REGIONS.recv.bytes),
      descriptors: region(DEFAULT_REGIONS.descriptors.base, DEFAULT_REGIONS.descriptors.bytes),
      cq: region(DEFAULT_REGIONS.cq.base, DEFAULT_REGIONS.cq.bytes),
    })
    .prefault({}),
  costs: z
    .strictObject({
      bus: z
        .strictObject({
          busCycle: intIn(1, 1000).default(DEFAULT_BUS.busCycle),
          beatBytes: intIn(1, 1024).default(DEFAULT_BUS.beatBytes),
          arbitration: cycles(1000, DEFAULT_BUS.arbitration),
          memoryLatency: cycles(1000, DEFAULT_BUS.memoryLatency),
          interventionLatency: cycles(1000, DEFAULT_BUS.interventionLatency),
          invalidate: intIn(1, 1000).default(DEFAULT_BUS.invalidate),
          retry: intIn(1, 1000).default(DEFAULT_BUS.retry),
          uncachedStore: intIn(1, 1000).default(DEFAULT_BUS.uncachedStore),
          uncachedLoad: intIn(1, 1000).default(DEFAULT_BUS.uncachedLoad),
        })
        .prefault({}),
      host: z
        .strictObject({
          store: intIn(1, 10_000).default(DEFAULT_HOST.store),
          l1LineBytes: intIn(8, 4096).default(DEFAULT_HOST.l1LineBytes),
          l2Latency: cycles(10_000, DEFAULT_HOST.l2Latency),
          poll: intIn(1, 100_000).default(DEFAULT_HOST.poll),
          call: cycles(100_000, DEFAULT_HOST.call),
        })
        .prefault({}),
      ni: z
        .strictObject({
          fetchDelay: cycles(100_000, DEFAULT_NI.fetchDelay),
          viMsgSend: cycles(1_000_000, DEFAULT_NI.viMsgSend),
          viMsgReceive: cycles(1_000_000, DEFAULT_NI.viMsgReceive),
          viMsgFragment: cycles(1_000_000, DEFAULT_NI.viMsgFragment),
          viMsgPost: cycles(1_000_000, DEFAULT_NI.viMsgPost),
          niCycle: intIn(1, 1000).default(DEFAULT_NI.niCycle),
        })
        .prefault({}),
    })
    .prefault({}),
  dma: z
    .strictObject({
      rate: rate.default(DEFAULT_DMA.rate),
      init: cycles(1_000_000, DEFAULT_DMA.init),
      intr: cycles(1_000_000, DEFAULT_DMA.intr),
      rateScalesSetup: z.boolean().default(DEFAULT_DMA.rateScalesSetup),
    })
    .prefault({}),
  network: z
    .strictObject({
      /** No delay, as the paper's simulation [002 L183]; the pipe for a network with latency. */
      kind: choice(NETWORK_KIND_NAMES).default('zero'),
      /** The common torus: hops between the two hosts (its latency and bandwidth are its own). */
      hops: torusHops(),
      latency: intIn(0, 1_000_000).default(0),
      window: intIn(1, 64).default(64),
      /** Bytes a link carries a cycle on the pipe; absent: no serialisation. */
      bytesPerCycle: z.number().positive().max(1024).optional(),
    })
    .prefault({}),
});

const edtWorkload = z.strictObject({
  /** pingpong: node 0 sends, node 1 answers, `rounds` times [002 L185]; send: node 0 sends `rounds`. */
  kind: choice(['pingpong', 'send']).default('pingpong'),
  bytes: intIn(8, 1 << 20),
  rounds: intIn(1, 1000).default(1),
  /** The order of the message's 8-byte stores (Send1), and host cycles between two of them. */
  order: choice(WRITE_ORDERS).default('sequential'),
  storeGap: intIn(0, 100_000).default(0),
  /** Where the payload comes from (round2-spec §A.3 item 3). */
  payload: choice(PAYLOADS).default('produce'),
  /** Host cycles between preparing a payload and posting it (prepared payloads). */
  prepareGap: intIn(0, 1_000_000).default(4000),
  /** The sender reads the message's first word before writing it (the E-state lecture). */
  readFirst: z.boolean().default(false),
});

const viaBranch = z.strictObject({ via: edtWorkload });

export type EdtSystemOut = z.output<typeof edtSystem>;
export type EdtWorkloadOut = z.output<typeof viaBranch>;
export type EdtScenario = ModelScenario<EdtSystemOut, EdtWorkloadOut>;

const hex = (n: number) => `0x${n.toString(16)}`;
const span = (r: { base: number; bytes: number }) => `[${hex(r.base)}, ${hex(r.base + r.bytes)})`;

export const edtSchema: ModelSchema<EdtSystemOut, EdtWorkloadOut> = {
  system: edtSystem,
  systemHint: 'an EDT machine { "kind": "edt", … }',
  workloads: [{ schema: viaBranch, hint: '{ "via": {...} }' }],
  ownsWorkload: (w) => 'via' in w,
  wrongWorkload: 'an EDT machine runs { "via": {...} }',
  foreignWorkload: 'VIA workloads run on an EDT machine: set system.kind to "edt"',
  /** Blocks are a power of two; regions start on a block, do not overlap, and hold the message. */
  check(sc, issue) {
    const { system } = sc;
    checkTorusPlacement(system.network, 2, issue);
    const block = system.blockBytes;
    const pow2 = Number.isInteger(block) && block > 0 && (block & (block - 1)) === 0;
    if (!pow2)
      issue(
        ['system', 'blockBytes'],
        `expected a power of two (16, 32 … 1024), got ${block}`,
        'SCN009',
      );
    if (pow2 && block < 8 * 2)
      issue(
        ['system', 'blockBytes'],
        `a block holds at least two 8-byte words, got ${block}`,
        'SCN009',
      );
    const regions = system.regions;
    for (const name of REGION_NAMES) {
      const r = regions[name];
      if (pow2 && r.base % block !== 0)
        issue(
          ['system', 'regions', name, 'base'],
          `registered region ${name} must start on a ${block}-byte block, got ${hex(r.base)}`,
          'SCN015',
        );
    }
    REGION_NAMES.forEach((a, i) =>
      REGION_NAMES.slice(i + 1).forEach((b) => {
        const ra = regions[a];
        const rb = regions[b];
        if (ra.base < rb.base + rb.bytes && rb.base < ra.base + ra.bytes)
          issue(
            ['system', 'regions', b, 'base'],
            `registered region ${b} ${span(rb)} overlaps ${a} ${span(ra)}`,
            'SCN015',
          );
      }),
    );
    if (pow2 && regions.descriptors.bytes < 2 * block)
      issue(
        ['system', 'regions', 'descriptors', 'bytes'],
        `the descriptors need two ${block}-byte blocks (a send and a receive descriptor), got ${regions.descriptors.bytes} bytes`,
        'SCN015',
      );
    const bytes = sc.workload.via.bytes;
    for (const name of ['send', 'recv'] as const)
      if (bytes > regions[name].bytes)
        issue(
          ['workload', 'via', 'bytes'],
          `a ${bytes}-byte message does not fit the ${regions[name].bytes}-byte registered ${name} region (system.regions.${name}.bytes)`,
          'SCN015',
        );
  },
};
