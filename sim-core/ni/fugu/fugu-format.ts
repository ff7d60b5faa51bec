/**
 * The shapes of FUGU's part of the scenario format (seed 004; round2-spec §B3.2): the machine —
 * nodes, Table 4-4's atomicity column, the atomicity timeout, the T2 main network and the ring,
 * pages, the scheduler — and the applications it runs, each a group of processes (one per node it
 * spans) with a GID, a mismatch policy, an overflow threshold, a scheduling class, its handlers
 * and the program each of its processes runs. Numbers the seed does not give are [default]s
 * (docs/fidelity/fugu.md). The cross-field checks are in fugu-checks.ts.
 */
import { z } from 'zod';
import type { ModelScenario } from '../../model';
import { NETWORK_KIND_NAMES } from '../../net/networks';
import { torusHops } from '../../net/torus-fields';
import { choice, intIn, text } from '../../scenario/fields';
import { showValue } from '../../scenario/issues';
import { APP_LIKE_NAMES } from './table-7-2';
import { ATOMICITY_NAMES } from './costs';

export const POLICY_NAMES = ['buffer-on-mismatch', 'upcall-always', 'buffer-always'] as const;
export type Policy = (typeof POLICY_NAMES)[number];

export const MAX_NODES = 64;
const node = intIn(0, MAX_NODES - 1);
const gid = intIn(1, 255);
const name = text(40).regex(/^[A-Za-z][A-Za-z0-9 _-]*$/, {
  error: 'expected a name of letters, digits, spaces, "-" or "_"',
});

/** A fraction with a message for people. */
const fraction = (max: number) => {
  const message = (iss: { input?: unknown }) =>
    `expected a number 0..${max}, got ${showValue(iss.input)}`;
  return z.number({ error: message }).min(0, { error: message }).max(max, { error: message });
};

/** Where a send goes: a virtual processor of the sender's application, or a pattern. */
const destination = z.union([node, choice(['next', 'prev', 'random', 'all'])], {
  error: (iss) =>
    `expected a virtual processor number or one of next, prev, random, all, got ${showValue(iss.input)}`,
});

/** The virtual processors that run an operation (absent: all of them): roles in one program. */
const vps = z.array(node).min(1).max(MAX_NODES).optional();
/** Run the operation only in every k-th round of the program (a synchronisation every N sends). */
const every = intIn(1, 1_000_000).optional();

export const fuguOp = z.discriminatedUnion(
  'op',
  [
    z.strictObject({
      op: z.literal('compute'),
      vps,
      every,
      cycles: intIn(0, 10_000_000),
      /** Each run draws uniformly within ± jitter cycles (seeded). */
      jitter: intIn(0, 10_000_000).default(0),
    }),
    z.strictObject({
      op: z.literal('send'),
      vps,
      every,
      to: destination,
      handler: name,
      /** Argument words after the header and handler word: at most 14, a 16-word message [004 L761]. */
      args: intIn(0, 1000).default(0),
      /** A DMA block appended by do_on_dma, in bytes (its costs are not in the seed) [004 L1859-1880]. */
      dmaBytes: intIn(0, 65_536).default(0),
    }),
    z.strictObject({ op: z.literal('wait'), vps, every, messages: intIn(1, 1_000_000) }),
    z.strictObject({ op: z.literal('beginatom'), vps, every }),
    z.strictObject({ op: z.literal('endatom'), vps, every }),
    z.strictObject({ op: z.literal('poll'), vps, every, messages: intIn(1, 1_000_000) }),
  ],
  {
    error: (iss) =>
      `expected an operation with op compute, send, wait, beginatom, endatom or poll, got ${showValue(iss.input)}`,
  },
);
export type FuguOp = z.output<typeof fuguOp>;

const handler = z.strictObject({
  name,
  /** Cycles of the handler's own body, after its stub has read the arguments and disposed. */
  cycles: intIn(0, 10_000_000).default(0),
  /** Send this handler to the message's sender from inside the handler (an atomic section). */
  reply: name.optional(),
  /**
   * Compose the reply while the request is still in the receive window and dispose after it (a
   * remote read answered straight from the window): a blocked reply then holds the request too.
   */
  disposeAfterReply: z.boolean().default(false),
  /**
   * A switch to buffered mode from inside the handler, before its dispose [004 L1206, L1273]:
   * the first message touches a demand-zero page; or every message in direct mode starts a DMA
   * across a page boundary, which FUGU answers by buffering voluntarily [004 L1744, L1891].
   */
  fault: choice(['none', 'page-fault', 'dma-page-cross']).default('none'),
});
export type FuguHandlerSpec = z.output<typeof handler>;

const app = z.strictObject({
  name,
  gid,
  /** The nodes its processes run on: virtual processor i on nodes[i]. Absent: every node. */
  nodes: z.array(node).min(1).max(MAX_NODES).optional(),
  /** A synthetic look-alike with Table 7-2's parameters (not the real application) [004 L1313-1318]. */
  like: choice(APP_LIKE_NAMES).optional(),
  /** Messages each process sends (app-likes only; the program's own sends otherwise). */
  messages: intIn(1, 1_000_000).optional(),
  policy: choice(POLICY_NAMES).default('buffer-on-mismatch'),
  /** Overflow control's L_threshold in pages [004 L1714]; absent: no overflow control. */
  threshold: intIn(1, 1_000_000).optional(),
  schedule: choice(['gang', 'priority']).default('priority'),
  priority: intIn(0, 100).default(1),
  /** The run does not wait for it to finish (a busy-wait null application, an interactive job). */
  background: z.boolean().default(false),
  /** An interactive job: CPU work arriving at random, a fraction `load` of the processor [004 L1444]. */
  interactive: z
    .strictObject({ load: fraction(0.95), burst: intIn(1, 10_000_000).default(2_000) })
    .optional(),
  handlers: z.array(handler).max(16).default([]),
  program: z.array(fuguOp).max(64).default([]),
  repeat: intIn(1, 1_000_000).default(1),
});
export type FuguAppSpec = z.output<typeof app>;

export const fuguSystem = z.strictObject({
  kind: z.literal('fugu'),
  nodes: intIn(1, MAX_NODES).default(2),
  /** Table 4-4's column: unprotected kernel messages, projected hardware atomicity, or as built. */
  atomicity: choice(ATOMICITY_NAMES).default('soft'),
  /** The atomicity timer's preset, in user cycles: a free parameter [004 L869, L939] [default]. */
  atomicityTimeout: intIn(1, 100_000_000).default(20_000),
  network: z
    .strictObject({
      /** T2: a fixed wire delay and one lumped buffer at each receiver [004 L1187]. */
      kind: choice(NETWORK_KIND_NAMES).default('pipe'),
      /** The common torus: hops between one node and the next (its latency is its own). */
      hops: torusHops(),
      latency: intIn(1, 1_000_000).default(20),
      /** Messages all senders may have outstanding to one receiver (send, network and NI queues). */
      receiverLimit: intIn(1, 64).default(4),
      /** Bytes a link carries a cycle; absent: T2's fixed delay, no serialisation. */
      bytesPerCycle: z.number().positive().max(1024).optional(),
    })
    .prefault({}),
  /** The second network, a 1-bit token ring [004 L1161]: cycles per hop [default]. */
  ring: z.strictObject({ latency: intIn(1, 100_000).default(32) }).prefault({}),
  pages: z
    .strictObject({
      bytes: intIn(256, 65_536).default(4096),
      /** Page frames a node can give to message buffers [default]. */
      perNode: intIn(1, 1_000_000).default(2048),
      /** Pages the local free-page list holds at the start ("a few", L1031) [default]. */
      freeList: intIn(0, 64).default(2),
    })
    .prefault({}),
  /** Cycles to service a demand-zero page fault [default]. */
  pageFaultCycles: intIn(0, 1_000_000).default(1000),
  /**
   * Cycles the user-level thread scheduler gives the message thread and the program's thread in
   * turn while a process is buffered [default]; 0: the message thread drains first.
   */
  threadQuantum: intIn(0, 10_000_000).default(1000),
  scheduler: z
    .strictObject({
      timeslice: intIn(100, 100_000_000).default(200_000),
      /** The round: a gang's GID or "free" (priority) per slice. Absent: gangs in GID order, else free. */
      round: z
        .array(
          z.union([gid, z.literal('free')], {
            error: (iss) => `expected a GID 1..255 or "free", got ${showValue(iss.input)}`,
          }),
        )
        .min(1)
        .max(32)
        .optional(),
      skew: fraction(0.9).default(0),
      /** Cycles the scheduler runs at each slice's end before the next process [default]. */
      switchCycles: intIn(0, 1_000_000).default(100),
    })
    .prefault({}),
  /** Every application buffers every message (the buffer-always policy for all). */
  forceBuffered: z.boolean().default(false),
});

export const appsBranch = z.strictObject({ apps: z.array(app).min(1).max(16) });

export type FuguSystemOut = z.output<typeof fuguSystem>;
export type FuguWorkloadOut = z.output<typeof appsBranch>;
export type FuguScenario = ModelScenario<FuguSystemOut, FuguWorkloadOut>;
