/** The invariants FUGU checks (fugu-invariants.ts, delivery.ts; round2-spec §B3.2), as the page lists them. */
import type { InvariantSpec } from '../../model';

export const FUGU_INVARIANTS: readonly InvariantSpec[] = [
  {
    rule: 'conservation',
    name: 'every message in one place',
    description:
      'Every launched message is in exactly one place — the network, an input queue, a buffer, a handler, or done — and reaches a handler once [004 L550].',
  },
  {
    rule: 'delivery',
    name: 'in order per pair',
    description:
      'Messages from one process to another reach their handlers in the order they were launched [004 L562].',
  },
  {
    rule: 'protocol',
    name: 'modes timer and protection',
    description:
      'A process is DIRECT only with an empty buffer; the atomicity timer never counts while disabled; dispose-pending is set only inside a handler; a handler runs only for a message of its GID [004 L797, L867, L889].',
  },
];
