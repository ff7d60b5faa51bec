/** The invariants a torus checks (network-invariants.ts), as the page lists them. */
import type { InvariantSpec } from '../model';

/** For the network model and every model with a torus. */
export const TORUS_INVARIANTS = {
  conservation: {
    rule: 'conservation',
    name: 'packets conserved',
    description:
      'Every packet created is delivered, in flight or waiting to be injected: none appears or vanishes.',
  },
  capacity: {
    rule: 'capacity',
    name: 'frame capacity',
    description:
      "No frame holds more than a packet's phits, sends a phit it never received, or queues a packet behind one that is not leaving.",
  },
  delivery: {
    rule: 'delivery',
    name: 'right destination',
    description:
      "A packet leaves the network only at its destination's router, its header at [0,0].",
  },
} as const satisfies Record<string, InvariantSpec>;
