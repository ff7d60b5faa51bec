/** The coherence invariants the bus model checks (bus-invariants.ts), as the page lists them. */
import type { InvariantSpec } from '../model';

export const BUS_INVARIANTS: readonly InvariantSpec[] = [
  {
    rule: 'single-writer',
    name: 'single writer',
    description:
      'At most one cache may write a block, and then no other cache holds it readable; at most one owns it.',
  },
  {
    rule: 'data-value',
    name: 'latest value',
    description:
      'Every readable copy, and every load, has the value of the most recent store to that address.',
  },
  {
    rule: 'protocol',
    name: 'protocol table',
    description:
      "Every change of a line's state is a cell of the protocol table: no impossible event.",
  },
];
