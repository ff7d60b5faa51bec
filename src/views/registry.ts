/** The panels a scenario can open, by the names the scenario format uses (`views`). */
import type { ComponentType } from 'react';
import type { ViewName } from '../../sim-core/index';
import { BusView } from './bus/BusView';
import { CachesView } from './caches/CachesView';
import { EventLogView } from './log/EventLogView';
import { MemoryView } from './memory/MemoryView';
import { NotesView } from './notes/NotesView';
import { ProgramView } from './program/ProgramView';
import { ProtocolTableView } from './protocol/ProtocolTableView';
import { StatsView } from './stats/StatsView';

export interface ViewEntry {
  title: string;
  /** Grid area: where the panel sits in the layout. */
  area: 'left' | 'centre' | 'right' | 'bottom';
  Component: ComponentType;
}

export const viewRegistry = {
  notes: { title: 'Walkthrough', area: 'left', Component: NotesView },
  program: { title: 'Programs', area: 'left', Component: ProgramView },
  caches: { title: 'Caches', area: 'centre', Component: CachesView },
  bus: { title: 'Bus', area: 'centre', Component: BusView },
  protocol: { title: 'Protocol table', area: 'right', Component: ProtocolTableView },
  log: { title: 'Event log', area: 'right', Component: EventLogView },
  memory: { title: 'Memory', area: 'bottom', Component: MemoryView },
  stats: { title: 'Statistics', area: 'bottom', Component: StatsView },
} satisfies Record<ViewName, ViewEntry>;
