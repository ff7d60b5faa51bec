/** The message bench's events are about nothing a view selects. */
import type { LogLinks } from '../trace/selection';
import type { BenchModelEvent } from './bench-events';
import type { BenchMeta } from './bench-frame';

export const benchLogLinks: LogLinks<BenchMeta, BenchModelEvent> = {
  subject: () => null,
  about: () => false,
};
