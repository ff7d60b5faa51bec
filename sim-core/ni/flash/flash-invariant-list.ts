/** The invariants FLASH checks (flash-invariants.ts; round2-spec §B2.2), as the page lists them. */
import type { InvariantSpec } from '../../model';

export const FLASH_INVARIANTS: readonly InvariantSpec[] = [
  {
    rule: 'conservation',
    name: 'credits and hold-off',
    description:
      'Credit left plus the bytes of the components sent (in whatever order they went) equals the credit granted, never above what the receive posted; no hold-off count goes negative.',
  },
  {
    rule: 'delivery',
    name: 'lines in order',
    description:
      'Every line of a transfer is sent once and arrives once, and on an in-order network in sequence order.',
  },
  {
    rule: 'protocol',
    name: 'directory agrees',
    description:
      'The directory agrees with every processor cache: no cached copy of a line it says is uncached, no dirty copy it says is shared. No network output queue holds more messages than its depth: a handler finds room before it sends.',
  },
];
