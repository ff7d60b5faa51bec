/**
 * Synthetic traffic patterns over the processing nodes (digest §B, issue: uniform random, hot
 * spot, transpose, bit-complement, tornado, nearest neighbour). Nodes form an a×a grid (the
 * attached central square); a pattern maps a source node to a destination, drawing from the
 * source's own seeded stream where it is random.
 */
import { nextFloat, nextInt, type RngState } from '../kernel/rng';

export const TRAFFIC_PATTERNS = [
  'uniform',
  'hotspot',
  'transpose',
  'bit-complement',
  'tornado',
  'neighbour',
] as const;
export type TrafficPattern = (typeof TRAFFIC_PATTERNS)[number];

export interface PatternContext {
  /** Side of the node grid. */
  side: number;
  hotspot: { node: number; fraction: number };
}

type Destination = (src: number, ctx: PatternContext, rng: RngState) => number;

const uniform: Destination = (src, ctx, rng) => {
  const n = ctx.side * ctx.side;
  if (n === 1) return src;
  const d = nextInt(rng, n - 1);
  return d >= src ? d + 1 : d;
};

export const trafficPatterns = {
  uniform: { desc: 'Every other node equally likely', dest: uniform },
  hotspot: {
    desc: 'A fraction of all packets go to one node; the rest are uniform',
    dest: (src, ctx, rng) =>
      nextFloat(rng) < ctx.hotspot.fraction && src !== ctx.hotspot.node
        ? ctx.hotspot.node
        : uniform(src, ctx, rng),
  },
  transpose: {
    desc: 'Node (x, y) sends to (y, x)',
    dest: (src, ctx) => (src % ctx.side) * ctx.side + Math.floor(src / ctx.side),
  },
  'bit-complement': {
    desc: 'Node n sends to the node whose coordinates are mirrored (n → N−1−n)',
    dest: (src, ctx) => ctx.side * ctx.side - 1 - src,
  },
  tornado: {
    desc: 'Node (x, y) sends to (x + ⌈a/2⌉ − 1, y): half-way round each row',
    dest: (src, ctx) => {
      const x = src % ctx.side;
      const shift = Math.max(1, Math.ceil(ctx.side / 2) - 1);
      return src - x + ((x + shift) % ctx.side);
    },
  },
  neighbour: {
    desc: 'Each packet goes to one of the four grid neighbours, at random',
    dest: (src, ctx, rng) => {
      const x = src % ctx.side;
      const y = Math.floor(src / ctx.side);
      const step = [
        [0, -1],
        [1, 0],
        [0, 1],
        [-1, 0],
      ][nextInt(rng, 4)]!;
      const nx = (x + step[0]! + ctx.side) % ctx.side;
      const ny = (y + step[1]! + ctx.side) % ctx.side;
      return ny * ctx.side + nx;
    },
  },
} satisfies Record<TrafficPattern, { desc: string; dest: Destination }>;
