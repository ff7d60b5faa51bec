/**
 * The NI's packet schedulers (seed 001 L927–933; digest §C.10) as registry entries: which
 * accepted command the NI serves next, and whether a send channel goes to the back of the
 * FIFO after each packet. The thesis simulated FCFS only (L1200); the others are its proposals.
 */
import type { SchedulerKind } from './cranium-config';
import type { ChannelState } from './cranium-state';

export interface SchedulerPolicy {
  title: string;
  /** The FIFO position to serve now. */
  pick(fifo: readonly ChannelState[], alpha: number): number;
  /** After one packet of `ch`, move it to the tail of the FIFO (round robin)? */
  rotate(ch: ChannelState): boolean;
}

export const SCHEDULERS: Record<SchedulerKind, SchedulerPolicy> = {
  fcfs: {
    title: 'first come, first served: a command runs to completion',
    pick: () => 0,
    rotate: () => false,
  },
  rr: {
    title: 'round robin: switch channel after every packet',
    pick: () => 0,
    rotate: () => true,
  },
  prr: {
    title: 'priority round robin: FCFS for commands with the priority bit, else round robin',
    pick: () => 0,
    rotate: (ch) => !ch.priority,
  },
  alpha: {
    title: 'alpha: lowest arrival + α · packets first (α ≫ 1: shortest message first)',
    pick: (fifo, alpha) => {
      let best = 0;
      const key = (c: ChannelState) => c.acceptedAt + alpha * c.remaining;
      fifo.forEach((c, i) => {
        if (key(c) < key(fifo[best]!)) best = i;
      });
      return best;
    },
    rotate: () => false,
  },
};
