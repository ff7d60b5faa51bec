/** The torus model's events and what they are about: the torus's own links (a packet, a router). */
import type { LogLinks } from '../trace/selection';
import type { NetworkModelEvent } from './network-events';
import type { NetworkMeta } from './network-meta';
import { aboutTorus, torusSubject } from './torus-log-links';

export const networkLogLinks: LogLinks<NetworkMeta, NetworkModelEvent> = {
  subject: torusSubject,
  about: aboutTorus,
};
