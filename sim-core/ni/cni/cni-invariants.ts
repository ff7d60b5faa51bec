/**
 * What the coherent-NI model checks (cni-system.ts, after each cycle's work on the blocks it
 * touched; the messaging mechanism, as software takes a message): seed 000's queues must keep
 * coherence, the bounds of each queue and the order of each node pair's messages.
 */
import type { InvariantSpec } from '../../model';

export const CNI_INVARIANTS: readonly InvariantSpec[] = [
  {
    rule: 'single-writer',
    name: 'single writer',
    description:
      "On each node's bus at most one agent may write a block, and then no other holds it readable; at most one owns it.",
  },
  {
    rule: 'data-value',
    name: 'latest data',
    description:
      'Every readable copy of a block has its latest data, and every queue slot read holds the message it should.',
  },
  {
    rule: 'capacity',
    name: 'queue bounds',
    description: 'A cachable queue never holds fewer than none or more messages than it has slots.',
  },
  {
    rule: 'delivery',
    name: 'in-order delivery',
    description: 'Messages from one node to another are taken in the order they were sent.',
  },
];
