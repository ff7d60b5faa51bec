/** The torus model's events and what they are about: the torus's own links (a packet, a router). */
import type { NetworkMeta } from '../../../sim-core/network/network-meta';
import { aboutTorus, torusSubject } from '../../views/torus/log-links';
import type { LogLinks } from '../model-ui';

export const networkLogLinks: LogLinks<NetworkMeta> = { subject: torusSubject, about: aboutTorus };
