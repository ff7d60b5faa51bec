/**
 * The FUGU model's events and what they are about: FUGU's panels select nothing the event log
 * can mark (a node and a message are chosen by pickers, not selected), so no event has a subject.
 */
import type { FuguMeta } from '../../../sim-core/ni/fugu/fugu-meta';
import type { LogLinks } from '../model-ui';

export const fuguLogLinks: LogLinks<FuguMeta> = {
  subject: () => null,
  about: () => false,
};
