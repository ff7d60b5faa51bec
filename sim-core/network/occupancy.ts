/**
 * Which frames hold a packet: one bit per frame of the routers of digest seed-001-cranium.md
 * §B.12, per router (docs/architecture.md, "Which frames are visited"). Set and cleared where a
 * frame is filled or emptied, so the per-cycle phases and the invariant check visit only occupied
 * frames (about a third of them under load). Derived from the state, never part of it: rebuilt
 * when the state is replaced, and audited against the frames every AUDIT_EVERY cycles
 * (network-invariants.ts).
 */
import type { NetworkState, RouterState } from './network-state';

/** The index of the lowest set bit of a non-zero word: frames are visited in index order. */
export const lowestBit = (bits: number): number => 31 - Math.clz32(bits & -bits);

/** The frames (bit i: frame i) of a list. */
export const allBits = (n: number): number => (1 << n) - 1;

/** The frames of a list that hold a packet (bit i: frame i). */
export function occupiedBits(frames: readonly { pkt: number }[]): number {
  let used = 0;
  for (let i = 0; i < frames.length; i++) if (frames[i]!.pkt >= 0) used |= 1 << i;
  return used;
}

export class Occupancy {
  /** Bit i of inUsed[r]: input frame i of router r holds a packet. */
  readonly inUsed: Uint32Array;
  /** Bit o of outUsed[r]: output frame o. */
  readonly outUsed: Uint32Array;
  /** Bit i of mqUsed[r]: multi-queue slot i. */
  readonly mqUsed: Uint32Array;

  constructor(routers: number) {
    this.inUsed = new Uint32Array(routers);
    this.outUsed = new Uint32Array(routers);
    this.mqUsed = new Uint32Array(routers);
  }

  /** Reads the bits off every frame of a state. */
  rebuild(s: NetworkState): void {
    s.routers.forEach((router, r) => {
      this.inUsed[r] = occupiedBits(router.in);
      this.outUsed[r] = occupiedBits(router.out);
      this.mqUsed[r] = occupiedBits(router.mq);
    });
  }

  /** Whether router r's bits name exactly its frames that hold a packet. */
  agrees(r: number, router: RouterState): boolean {
    return (
      this.inUsed[r] === occupiedBits(router.in) &&
      this.outUsed[r] === occupiedBits(router.out) &&
      this.mqUsed[r] === occupiedBits(router.mq)
    );
  }
}
