/** The invariants the EDT model checks (edt-invariants.ts; round2-spec §B1.2), as the page lists them. */
import type { InvariantSpec } from '../../model';

export const EDT_INVARIANTS: readonly InvariantSpec[] = [
  {
    rule: 'single-writer',
    name: 'one writer',
    description:
      "One writer or many readers of a registered block, across the host's cache and the NI's copy.",
  },
  {
    rule: 'data-value',
    name: 'latest value',
    description:
      "Every readable host copy and every NI copy in S or M holds the latest store; no message leaves with a block not in S, and the receiver reads the sender's words.",
  },
  {
    rule: 'conservation',
    name: 'messages conserved',
    description:
      'Every message that left its NI is in the network or has arrived, once; none is made or lost.',
  },
];
