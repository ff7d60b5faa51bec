/**
 * Recent link use (digest seed-001-cranium.md §B, Fig. 5.5's link widths): how many phits a link
 * carried in the last LINK_WINDOW cycles, so a view can let hot links cool when traffic moves.
 * A link carries at most one phit per cycle, so a window is a 64-bit mask of the cycles it sent,
 * kept as two 32-bit words aligned to the last send: plain numbers, updated only when a phit
 * crosses (no per-cycle sweep over every link) and exact for any cycle.
 */

/** Cycles in the recent-use window. */
export const LINK_WINDOW = 64;

export interface LinkWindow {
  /** Cycle of the last phit sent (-1: none yet); bit i of the mask is cycle `last - i`. */
  last: number;
  lo: number;
  hi: number;
}

export const emptyLinkWindow = (): LinkWindow => ({ last: -1, lo: 0, hi: 0 });

/** Notes a phit sent on the link at `cycle` (cycles only increase). */
export function recordPhit(w: LinkWindow, cycle: number): void {
  const d = w.last < 0 ? LINK_WINDOW : cycle - w.last;
  if (d >= LINK_WINDOW) {
    w.lo = 0;
    w.hi = 0;
  } else if (d >= 32) {
    w.hi = (w.lo << (d - 32)) | 0;
    w.lo = 0;
  } else if (d > 0) {
    w.hi = (w.hi << d) | (w.lo >>> (32 - d)) | 0;
    w.lo = (w.lo << d) | 0;
  }
  w.lo |= 1;
  w.last = cycle;
}

function bits(x: number): number {
  let v = x >>> 0;
  let n = 0;
  while (v !== 0) {
    v &= v - 1;
    n += 1;
  }
  return n;
}

/** The low `n` bits of a word (n from 0 to 32). */
const low = (x: number, n: number): number => (n >= 32 ? x : n <= 0 ? 0 : x & ((1 << n) - 1));

/** Phits sent in cycles `now - LINK_WINDOW + 1 … now`. */
export function recentPhits(w: LinkWindow, now: number): number {
  if (w.last < 0) return 0;
  const keep = LINK_WINDOW - (now - w.last);
  if (keep <= 0) return 0;
  return bits(low(w.lo, keep)) + bits(low(w.hi, keep - 32));
}
