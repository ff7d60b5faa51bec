/** The message bench's events are about nothing a view selects. */
import type { BenchTypes } from '../../../sim-core/bench/bench-face';
import type { LogLinks } from '../model-ui';

export const benchLogLinks: LogLinks<BenchTypes['meta']> = {
  subject: () => null,
  about: () => false,
};
