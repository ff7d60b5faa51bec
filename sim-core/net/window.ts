/**
 * The sliding window a message network keeps between its nodes (seed 000 §B.0, L797-800; digest
 * §H.8): messages outstanding per source → destination (and lane, beyond the first), released by
 * the receiver's acknowledgement, and what all sources have outstanding toward one receiver
 * (seed 004's T2 lumps every buffer on the way into one at the receiver [004 L1187]). The pipe
 * and the torus adapter keep it the same way, so a model's flow control does not change with its
 * network.
 */
import type { LinkParams } from './message-network';

/** Outstanding messages by window key (`src>dst`, or `src>dst/lane` beyond the first lane). */
export type Window = Record<string, number>;

export const windowKey = (src: number, dst: number, lane = 0) =>
  lane === 0 ? `${src}>${dst}` : `${src}>${dst}/${lane}`;

/** The lane a message's window is kept on: its own when the network has lanes, else 0. */
export const laneOf = (lanes: number | undefined, lane: number | undefined) =>
  (lanes ?? 1) > 1 ? (lane ?? 0) : 0;

/** Messages outstanding to `dst` from every source, on every lane (T2's lumped receiver buffer). */
export function outstandingToward(window: Window, dst: number): number {
  let n = 0;
  for (const key in window) {
    const to = key.slice(key.indexOf('>') + 1);
    const slash = to.indexOf('/');
    if (Number(slash < 0 ? to : to.slice(0, slash)) === dst) n += window[key]!;
  }
  return n;
}

/** May `src` have one more message outstanding to `dst` on `lane`? */
export const windowOpen = (
  window: Window,
  p: LinkParams,
  src: number,
  dst: number,
  lane?: number,
) =>
  (window[windowKey(src, dst, laneOf(p.lanes, lane))] ?? 0) < p.window &&
  (p.receiverLimit === undefined || outstandingToward(window, dst) < p.receiverLimit);
