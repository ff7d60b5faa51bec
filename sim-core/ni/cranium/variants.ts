/**
 * The thesis's own comparison of NI designs (seed 001 §6.3, Table 6.4, L1707–1735): Cranium
 * modified to emulate simpler interfaces, each by the per-packet cost it adds to a long message.
 * The model charges that cost as a gap between successive packets at the sender (the next
 * packet's payload read waits) or at the receiver (the next packet's payload write waits), so the
 * throughput of a long message comes out of the simulated timeline.
 *
 * Each cost is itemised with its seed line; `best` and `worst` are Table 6.4's two ends (M1:
 * without and with a network-busy test; M2 and M3: a copy that hits or misses in the cache).
 * A program's API calls stay the same: they stand for the variant's communication routines, as
 * the thesis rewrote Gauss's for each (L1739) — under M1 a multi-packet send is software sending
 * one packet per command, under M2 a receive is software copying each packet as it is notified.
 */

/** One item of a per-packet cost. */
export interface GapPart {
  what: string;
  cycles: number;
}

export interface CraniumVariant {
  /** Menu text. */
  label: string;
  /** One sentence a student reads: what is taken away from Cranium. */
  description: string;
  /** Which real interface it stands for (L1726). */
  like: string;
  /** The per-packet cost at the sender, best and worst case (cycles; none: the link's 11 rules). */
  sendGap: { best: readonly GapPart[]; worst: readonly GapPart[] };
  receiveGap: { best: readonly GapPart[]; worst: readonly GapPart[] };
  source: string;
}

const none = { best: [], worst: [] } as const;
/** Copying 32 bytes between two buffers of a node: all hits, or neither buffer cached (L1730). */
const COPY_HIT: GapPart = { what: 'copy 32 bytes, cache hits', cycles: 21 };
const COPY_MISS: GapPart = { what: 'copy 32 bytes, cache misses', cycles: 103 };

export const CRANIUM_VARIANTS = {
  cranium: {
    label: 'Cranium',
    description:
      'Send channels packetise a whole page, automatic-receive channels place it: one command and one notification per message.',
    like: 'Cranium',
    sendGap: none,
    receiveGap: none,
    source: 'seed 001 Table 6.4 (L1716)',
  },
  M1: {
    label: 'M1: one packet per send',
    description:
      'Each send command injects one packet: software packetises, paying the command and the payload read per packet (and a network-busy test in the worst case).',
    like: 'CM-5 (with M2)',
    sendGap: {
      best: [
        { what: 'send command', cycles: 10 },
        { what: 'payload read from DRAM', cycles: 8 },
      ],
      worst: [
        { what: 'send command', cycles: 10 },
        { what: 'payload read from DRAM', cycles: 8 },
        { what: 'test network-busy, branch', cycles: 13 },
      ],
    },
    receiveGap: none,
    source: 'seed 001 L1711, L1732; Table 6.4 (L1717)',
  },
  M2: {
    label: 'M2: no automatic receive',
    description:
      'Every arriving packet notifies the processor, which copies it out before the next one: the receiver pays a copy and a queue-pointer update per packet.',
    like: 'CM-5 (with M1)',
    sendGap: none,
    receiveGap: {
      best: [COPY_HIT, { what: 'advance the queue pointer', cycles: 10 }],
      worst: [COPY_MISS, { what: 'advance the queue pointer', cycles: 10 }],
    },
    source: 'seed 001 L1712, L1730, L1733; Table 6.4 (L1718)',
  },
  M3: {
    label: 'M3: one buffer per destination',
    description:
      'A send buffer maps to one receive buffer, so data for several destinations is first copied locally: the sender pays a copy and the payload fetch per packet.',
    like: 'SHRIMP-I',
    sendGap: {
      best: [COPY_HIT, { what: 'fetch the payload', cycles: 8 }],
      worst: [COPY_MISS, { what: 'fetch the payload', cycles: 8 }],
    },
    receiveGap: none,
    source: 'seed 001 L1713, L1730, L1734; Table 6.4 (L1719)',
  },
  M4: {
    label: 'M4: no queue channels',
    description:
      'Only unbuffered (automatic-receive) communication: a long message does not use the queues, so it runs as fast as on Cranium.',
    like: 'SHRIMP-I and SHRIMP-II',
    sendGap: none,
    receiveGap: none,
    source: 'seed 001 L1724, L1735; Table 6.4 (L1720)',
  },
} as const satisfies Record<string, CraniumVariant>;

export type CraniumVariantName = keyof typeof CRANIUM_VARIANTS;
export const CRANIUM_VARIANT_NAMES = Object.keys(CRANIUM_VARIANTS) as [
  CraniumVariantName,
  ...CraniumVariantName[],
];
export const VARIANT_CASES = ['best', 'worst'] as const;
export type VariantCase = (typeof VARIANT_CASES)[number];

const total = (parts: readonly GapPart[]) => parts.reduce((sum, p) => sum + p.cycles, 0);

/** The per-packet gaps a variant adds, as timing parameters (0: none). */
export function variantGaps(
  name: CraniumVariantName,
  which: VariantCase,
): { sendGap: number; receiveGap: number } {
  const v: CraniumVariant = CRANIUM_VARIANTS[name];
  return { sendGap: total(v.sendGap[which]), receiveGap: total(v.receiveGap[which]) };
}
