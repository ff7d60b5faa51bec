/** Registry of the snooping caches' coherence protocols; a scenario names one by its key. */
import type { Protocol } from '../protocol';
import type { SnoopingAction, SnoopingEvent } from './snooping-vocabulary';
import { MESI } from './mesi';
import { MOESI } from './moesi';
import { MSI } from './msi';

const registry = { MSI, MESI, MOESI };

/** A protocol a scenario may name: the registry's keys. */
export type ProtocolName = keyof typeof registry;

/** Every protocol, filed under its own name. */
export const protocols: {
  readonly [K in ProtocolName]: Protocol<SnoopingEvent, SnoopingAction, K>;
} = registry;

/** The names a scenario may choose from, in the registry's order (for the scenario schema). */
export const PROTOCOL_NAMES = Object.keys(registry) as ProtocolName[];
