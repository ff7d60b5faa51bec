/** The invariants the Cranium model checks (ni-invariants.ts and its torus's), as the page lists them. */
import type { InvariantSpec } from '../../model';
import { TORUS_INVARIANTS } from '../../network/torus-invariant-list';

/** The torus's checks, with the NI's own bounds and delivery rules under the same rules. */
export const CRANIUM_INVARIANTS: readonly InvariantSpec[] = [
  TORUS_INVARIANTS.conservation,
  {
    rule: 'capacity',
    name: 'frames and NI bounds',
    description: `${TORUS_INVARIANTS.capacity.description} Every NI queue pointer is an entry of its queue, and no channel count goes negative.`,
  },
  {
    rule: 'delivery',
    name: 'delivery',
    description: `${TORUS_INVARIANTS.delivery.description} Each line of a message is written once, and a receiver is told of a message only when all of it is placed.`,
  },
];
