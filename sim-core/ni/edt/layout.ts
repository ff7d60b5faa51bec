/**
 * The registered memory of one host and its shadow in the EDT NI (seed 002 §4, Fig. 4): each
 * registered region — the message buffers, the descriptors, the completion queue, all of which
 * VIA requires to be registered [002 L62] — is a run of cache blocks in host memory and a buffer
 * of the same size in NI memory, joined by one TAG entry {SHA, EHA, SNA, ENA, A} [002 L84, L106].
 * The NI buffers are allocated one after another from NI address 0, as registration finds them.
 */
import type { BlockHome } from '../../node/bus/context';

export const REGION_NAMES = ['send', 'recv', 'descriptors', 'cq'] as const;
export type RegionName = (typeof REGION_NAMES)[number];

/** What each region holds, in a student's words. */
export const REGION_TEXT: Readonly<Record<RegionName, string>> = {
  send: 'the send buffer (the message the user writes)',
  recv: 'the receive buffer (where an arriving message goes)',
  descriptors: 'the descriptors (send, then receive)',
  cq: 'the completion queue',
};

/** A TAG entry: the registered host range and its NI buffer (inclusive ends, as the paper's). */
export interface TagEntry {
  region: RegionName;
  sha: number;
  eha: number;
  sna: number;
  ena: number;
  /** The access bit: the entry is valid [002 L106]. */
  a: boolean;
}

export interface LayoutBlock extends BlockHome {
  id: number;
  region: RegionName;
  /** Index within its region. */
  index: number;
  hostAddr: number;
  niAddr: number;
}

export interface Layout {
  blockBytes: number;
  wordBytes: number;
  tags: TagEntry[];
  blocks: LayoutBlock[];
  /** Block ids by name ("send[0]"). */
  byName: ReadonlyMap<string, number>;
  /** The first block of each region, and how many it has. */
  regions: Readonly<Record<RegionName, { first: number; count: number }>>;
  /** The send and receive descriptors, and the completion queue's block. */
  sendDesc: number;
  recvDesc: number;
  cq: number;
}

export const WORD_BYTES = 8;

export function layoutOf(
  regions: Readonly<Record<RegionName, { base: number; bytes: number }>>,
  blockBytes: number,
): Layout {
  const tags: TagEntry[] = [];
  const blocks: LayoutBlock[] = [];
  const firsts = {} as Record<RegionName, { first: number; count: number }>;
  let niNext = 0;
  for (const region of REGION_NAMES) {
    const { base, bytes } = regions[region];
    const count = Math.ceil(bytes / blockBytes);
    tags.push({
      region,
      sha: base,
      eha: base + bytes - 1,
      sna: niNext,
      ena: niNext + bytes - 1,
      a: true,
    });
    firsts[region] = { first: blocks.length, count };
    for (let i = 0; i < count; i++)
      blocks.push({
        id: blocks.length,
        name: `${region}[${i}]`,
        home: 'memory',
        region,
        index: i,
        hostAddr: base + i * blockBytes,
        niAddr: niNext + i * blockBytes,
      });
    niNext += count * blockBytes;
  }
  return {
    blockBytes,
    wordBytes: WORD_BYTES,
    tags,
    blocks,
    byName: new Map(blocks.map((b) => [b.name, b.id])),
    regions: firsts,
    sendDesc: firsts.descriptors.first,
    recvDesc: firsts.descriptors.first + 1,
    cq: firsts.cq.first,
  };
}

/** The TAG entry a host address hits (A set, SHA ≤ a ≤ EHA), and the NI address it maps to. */
export function tagLookup(
  layout: Layout,
  hostAddr: number,
): { entry: number; niAddr: number } | null {
  for (let entry = 0; entry < layout.tags.length; entry++) {
    const t = layout.tags[entry]!;
    if (t.a && t.sha <= hostAddr && hostAddr <= t.eha)
      return { entry, niAddr: t.sna + (hostAddr - t.sha) };
  }
  return null;
}

/** Block lists already made, by layout: the routines ask for them every cycle they run. */
const made = new WeakMap<Layout, Map<number, readonly number[]>>();

/** The blocks of a region a message of `bytes` bytes occupies (one shared, frozen list). */
export function messageBlocks(
  layout: Layout,
  region: 'send' | 'recv',
  bytes: number,
): readonly number[] {
  let lists = made.get(layout);
  if (!lists) made.set(layout, (lists = new Map()));
  const key = bytes * 2 + (region === 'send' ? 0 : 1);
  let blocks = lists.get(key);
  if (!blocks) {
    const { first } = layout.regions[region];
    const count = Math.ceil(bytes / layout.blockBytes);
    blocks = Object.freeze(Array.from({ length: count }, (_, i) => first + i));
    lists.set(key, blocks);
  }
  return blocks;
}

export const wordsPerBlock = (layout: Layout) => layout.blockBytes / layout.wordBytes;
