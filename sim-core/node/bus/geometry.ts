/**
 * The node's coherence unit and word, a parameter of the kit (round2-spec §A.2 S1: 64-byte blocks
 * for CNI, 128 for EDT and FLASH), and how many of them a run of bytes takes: models lay their
 * messages, queues and registers out in blocks with these.
 */
export interface BlockGeometry {
  blockBytes: number;
  wordBytes: number;
}

/** Blocks that `bytes` bytes occupy, starting at a block boundary. */
export const blocksSpanned = (g: BlockGeometry, bytes: number) => Math.ceil(bytes / g.blockBytes);

/** Words that `bytes` bytes occupy, starting at a word boundary. */
export const wordsSpanned = (g: BlockGeometry, bytes: number) => Math.ceil(bytes / g.wordBytes);
