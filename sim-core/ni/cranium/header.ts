/**
 * The Cranium packet header, bit-exact (seed 001, Fig. A.4; digest §C.2): 96 bits as six 16-bit
 * words, carried in the first three 32-bit phits of an 11-phit packet.
 *
 *   w0 destination [Y:8|X:8]  signed displacement, rewritten by the routers, 0 on delivery
 *   w1 source      [−Y|−X]    from the receiver back to the sender, unchanged in flight
 *   w2 process id
 *   w3 destination channel : source channel (8 : 8)
 *   w4 flags (intr_every, intr_final, q_flag, sys_flag) : sequence (4 : 12)
 *   w5 redundancy code
 *
 * The redundancy code is even vertical parity over w0–w4, with w0 taken at its delivered value 0
 * (digest I‑24: otherwise the receiver could never check it). The thesis's worked example
 * (L3322) prints FE94, which no parity over its words gives; our w0–w4 match it exactly.
 */
export interface HeaderFields {
  dest: { dy: number; dx: number };
  src: { dy: number; dx: number };
  processId: number;
  destChannel: number;
  srcChannel: number;
  intrEvery: boolean;
  intrFinal: boolean;
  queueFlag: boolean;
  sysFlag: boolean;
  sequence: number;
}

const byte = (v: number): number => v & 0xff;
const signed8 = (b: number): number => (b & 0x80 ? b - 0x100 : b);
const pair = (hi: number, lo: number): number => ((byte(hi) << 8) | byte(lo)) & 0xffff;

/** Even vertical parity over w0–w4 with w0 as delivered (0). */
export function redundancyCode(words: readonly number[]): number {
  return (words[1]! ^ words[2]! ^ words[3]! ^ words[4]!) & 0xffff;
}

/** The six header words, w0 … w5. */
export function encodeHeader(h: HeaderFields): number[] {
  const flags =
    (h.intrEvery ? 8 : 0) | (h.intrFinal ? 4 : 0) | (h.queueFlag ? 2 : 0) | (h.sysFlag ? 1 : 0);
  const words = [
    pair(h.dest.dy, h.dest.dx),
    pair(h.src.dy, h.src.dx),
    h.processId & 0xffff,
    pair(h.destChannel, h.srcChannel),
    ((flags << 12) | (h.sequence & 0xfff)) & 0xffff,
  ];
  return [...words, redundancyCode(words)];
}

export function decodeHeader(words: readonly number[]): HeaderFields {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0] = words;
  const flags = w4 >> 12;
  return {
    dest: { dy: signed8(w0 >> 8), dx: signed8(w0 & 0xff) },
    src: { dy: signed8(w1 >> 8), dx: signed8(w1 & 0xff) },
    processId: w2,
    destChannel: w3 >> 8,
    srcChannel: w3 & 0xff,
    intrEvery: (flags & 8) !== 0,
    intrFinal: (flags & 4) !== 0,
    queueFlag: (flags & 2) !== 0,
    sysFlag: (flags & 1) !== 0,
    sequence: w4 & 0xfff,
  };
}

/** The delivered header's w0 after the routers' rewrites: the remaining displacement. */
export const withDestination = (words: readonly number[], dy: number, dx: number): number[] => [
  pair(dy, dx),
  ...words.slice(1),
];

/**
 * The faults a lecture injects into a packet's header (digest §C.16(d): a corrupted header goes
 * to the system error queue): a nonzero destination on delivery, or a redundancy code that
 * does not check.
 */
export const HEADER_FAULTS: Record<'none' | 'dest' | 'crc', (words: number[]) => number[]> = {
  none: (words) => words,
  dest: (words) => [0x0001, ...words.slice(1)],
  crc: (words) => words.map((w, i) => (i === 5 ? (w ^ 0x0100) & 0xffff : w)),
};

export const hex16 = (w: number): string => w.toString(16).toUpperCase().padStart(4, '0');
