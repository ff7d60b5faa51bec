/**
 * The EDT model's events and what they are about: its panels select nothing the event log can
 * mark yet (a host is chosen by its picker, not selected), so no event has a subject.
 */
import type { EdtMeta } from '../../../sim-core/ni/edt/edt-meta';
import type { LogLinks } from '../model-ui';

export const edtLogLinks: LogLinks<EdtMeta> = {
  subject: () => null,
  about: () => false,
};
