/** Registry of coherence protocols; a scenario names one by key. */
import type { Protocol, ProtocolName } from '../protocol';
import { MESI } from './mesi';
import { MOESI } from './moesi';
import { MSI } from './msi';

export const protocols = { MSI, MESI, MOESI } satisfies Record<ProtocolName, Protocol>;
