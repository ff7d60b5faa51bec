/**
 * FLASH's geometry: 128-byte lines in both cache levels [003 L76], components of one line with a
 * 32-byte header [003 L77], 4 KB pages (the seed's 4 KB transfer is one page [003 L84]), and where
 * a transfer's buffers sit in their nodes' memories.
 */
export const LINE_BYTES = 128;
export const HEADER_BYTES = 32;
export const PAGE_BYTES = 4096;
/** A credit, a get, a command notice: a header only. */
export const CONTROL_BYTES = HEADER_BYTES;

/** A transfer's buffers, as the geometry needs them. */
export interface BufferShape {
  bytes: number;
  srcOffset: number;
  dstOffset: number;
}

/** Node-local byte address of transfer `t`'s source or destination buffer (1 MB apart). */
export const bufferBase = (t: number, source: boolean) =>
  (source ? 0x10_0000 : 0x20_0000) + t * 0x1_0000;

/** Lines the component stream carries: the destination's alignment decides (the sender realigns). */
export const componentCount = (b: BufferShape) => Math.ceil((b.dstOffset + b.bytes) / LINE_BYTES);

/** Source lines a transfer reads (one more than its components when it straddles). */
export const sourceLineCount = (b: BufferShape) => Math.ceil((b.srcOffset + b.bytes) / LINE_BYTES);

/** Pages a buffer spans. */
export const transferPages = (b: BufferShape, source: boolean) =>
  Math.ceil(((source ? b.srcOffset : b.dstOffset) + b.bytes) / PAGE_BYTES);
