/**
 * The FUGU model's events and what they are about: FUGU's panels select nothing the event log
 * can mark (a node and a message are chosen by pickers, not selected), so no event has a subject.
 */
import type { LogLinks } from '../../trace/selection';
import type { FuguModelEvent } from './fugu-events';
import type { FuguMeta } from './fugu-meta';

export const fuguLogLinks: LogLinks<FuguMeta, FuguModelEvent> = {
  subject: () => null,
  about: () => false,
};
