/**
 * The EDT model's events and what they are about: its panels select nothing the event log can
 * mark yet (a host is chosen by its picker, not selected), so no event has a subject.
 */
import type { LogLinks } from '../../trace/selection';
import type { EdtModelEvent } from './edt-events';
import type { EdtMeta } from './edt-meta';

export const edtLogLinks: LogLinks<EdtMeta, EdtModelEvent> = {
  subject: () => null,
  about: () => false,
};
