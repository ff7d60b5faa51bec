/**
 * A write-back, write-allocate cache: sets × ways of lines, a write-back buffer for dirty
 * victims, and a replacement policy chosen by name. Line states are the protocol's state names;
 * the protocol table, not this file, decides how they change.
 */
import { nextInt, type RngState } from '../kernel/rng';
import type { Protocol } from './protocol';

export interface CacheGeometry {
  sizeBytes: number;
  associativity: number;
  blockBytes: number;
  wordBytes: number;
}

export const sets = (g: CacheGeometry): number => g.sizeBytes / (g.blockBytes * g.associativity);
export const wordsPerBlock = (g: CacheGeometry): number => g.blockBytes / g.wordBytes;
export const blockOf = (addr: number, g: CacheGeometry): number => Math.floor(addr / g.blockBytes);
export const wordOf = (addr: number, g: CacheGeometry): number =>
  Math.floor((addr % g.blockBytes) / g.wordBytes);
export const setOf = (block: number, g: CacheGeometry): number => block % sets(g);

export interface CacheLine {
  /** Block number (address / blockBytes), or -1 for a line never filled. */
  block: number;
  state: string;
  /** Data words; an invalid line keeps its old words, which views grey out as stale. */
  words: number[];
  lastUse: number;
  filledAt: number;
}

export interface WbEntry {
  block: number;
  state: string;
  words: number[];
}

export interface CacheStats {
  loads: number;
  stores: number;
  loadHits: number;
  storeHits: number;
  loadMisses: number;
  storeMisses: number;
  upgrades: number;
  evictions: number;
  writebacks: number;
  suppliedBlocks: number;
  invalidatedBySnoop: number;
}

export interface CacheState {
  id: number;
  sets: CacheLine[][];
  wbBuffer: WbEntry[];
  rng: RngState;
  stats: CacheStats;
}

export function createCache(id: number, g: CacheGeometry, rng: RngState): CacheState {
  const words = wordsPerBlock(g);
  return {
    id,
    sets: Array.from({ length: sets(g) }, () =>
      Array.from({ length: g.associativity }, () => ({
        block: -1,
        state: 'I',
        words: new Array<number>(words).fill(0),
        lastUse: -1,
        filledAt: -1,
      })),
    ),
    wbBuffer: [],
    rng,
    stats: {
      loads: 0,
      stores: 0,
      loadHits: 0,
      storeHits: 0,
      loadMisses: 0,
      storeMisses: 0,
      upgrades: 0,
      evictions: 0,
      writebacks: 0,
      suppliedBlocks: 0,
      invalidatedBySnoop: 0,
    },
  };
}

/** The line holding `block` in any state but I, or undefined. */
export function findLine(
  cache: CacheState,
  block: number,
  g: CacheGeometry,
): CacheLine | undefined {
  const set = cache.sets[setOf(block, g)];
  return set?.find((line) => line.block === block && line.state !== 'I');
}

export function findWbEntry(cache: CacheState, block: number): WbEntry | undefined {
  return cache.wbBuffer.find((e) => e.block === block);
}

export type ReplacementPolicy = 'lru' | 'fifo' | 'random';

/** Picks the way to evict among ways in stable states; invalid ways are always taken first. */
type VictimChooser = (
  candidates: readonly number[],
  set: readonly CacheLine[],
  rng: RngState,
) => number;

export const replacementPolicies = {
  lru: {
    desc: 'Least recently used',
    choose: (c, set) => c.reduce((best, w) => (set[w]!.lastUse < set[best]!.lastUse ? w : best)),
  },
  fifo: {
    desc: 'Oldest fill first',
    choose: (c, set) => c.reduce((best, w) => (set[w]!.filledAt < set[best]!.filledAt ? w : best)),
  },
  random: {
    desc: 'Uniformly random (seeded per cache)',
    choose: (c, _set, rng) => c[nextInt(rng, c.length)]!,
  },
} satisfies Record<ReplacementPolicy, { desc: string; choose: VictimChooser }>;

/**
 * The way that will receive `block`. An invalid way if there is one (lowest index first);
 * otherwise the policy's choice among ways whose state is stable (never one mid-transaction).
 * Returns undefined when every way is busy, which a blocking processor never causes.
 */
export function chooseWay(
  cache: CacheState,
  block: number,
  g: CacheGeometry,
  policy: ReplacementPolicy,
  protocol: Protocol,
): number | undefined {
  const set = cache.sets[setOf(block, g)]!;
  const invalid = set.findIndex((line) => line.state === 'I');
  if (invalid >= 0) return invalid;
  const candidates = set.flatMap((line, way) =>
    protocol.states[line.state]?.transient ? [] : [way],
  );
  if (candidates.length === 0) return undefined;
  return replacementPolicies[policy].choose(candidates, set, cache.rng);
}
