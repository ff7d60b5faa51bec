/**
 * The FLASH model's events and what they are about: FLASH's panels select nothing the event log
 * can mark yet (a node is chosen by its picker, not selected), so no event has a subject.
 */
import type { FlashMeta } from '../../../sim-core/ni/flash/flash-meta';
import type { LogLinks } from '../model-ui';

export const flashLogLinks: LogLinks<FlashMeta> = {
  subject: () => null,
  about: () => false,
};
