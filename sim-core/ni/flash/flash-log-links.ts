/**
 * The FLASH model's events and what they are about: FLASH's panels select nothing the event log
 * can mark yet (a node is chosen by its picker, not selected), so no event has a subject.
 */
import type { LogLinks } from '../../trace/selection';
import type { FlashModelEvent } from './flash-events';
import type { FlashMeta } from './flash-meta';

export const flashLogLinks: LogLinks<FlashMeta, FlashModelEvent> = {
  subject: () => null,
  about: () => false,
};
