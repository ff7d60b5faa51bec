/** The panels a scenario can open, by the names the scenario format uses (`views`). */
import type { ComponentType } from 'react';
import type { ViewName } from '../../sim-core/index';
import { BusView } from './bus/BusView';
import { BusesView } from './buses/BusesView';
import { CachesView } from './caches/CachesView';
import { CdrView } from './cdr/CdrView';
import { ChartsView } from './charts/ChartsView';
import { CraniumView } from './cranium/CraniumView';
import { EventLogView } from './log/EventLogView';
import { GanttView } from './gantt/GanttView';
import { MemoryView } from './memory/MemoryView';
import { NotesView } from './notes/NotesView';
import { ProgramView } from './program/ProgramView';
import { ProtocolTableView } from './protocol/ProtocolTableView';
import { QueueView } from './queue/QueueView';
import { RouterView } from './router/RouterView';
import { StatsView } from './stats/StatsView';
import { TorusView } from './torus/TorusView';

export type ModelKind = 'bus' | 'network' | 'cni' | 'cranium';

export interface ViewEntry {
  title: string;
  /** The models this panel can show. */
  models: readonly ModelKind[];
  /** Grid area: where the panel sits in the layout. */
  area: 'left' | 'centre' | 'right' | 'bottom';
  Component: ComponentType;
  /**
   * The model's moving picture, redrawn at every picture while playing; the other panels (words
   * and numbers) are refreshed at a reading pace meanwhile (state/paced.tsx).
   */
  live?: true;
}

export const viewRegistry = {
  notes: {
    title: 'Walkthrough',
    models: ['bus', 'network', 'cni', 'cranium'],
    area: 'left',
    Component: NotesView,
  },
  program: { title: 'Programs', models: ['bus'], area: 'left', Component: ProgramView },
  caches: { title: 'Caches', models: ['bus'], area: 'centre', Component: CachesView, live: true },
  bus: { title: 'Bus', models: ['bus'], area: 'centre', Component: BusView, live: true },
  cranium: {
    title: 'Cranium NI',
    models: ['cranium'],
    area: 'centre',
    Component: CraniumView,
    live: true,
  },
  torus: {
    title: 'Torus',
    models: ['network', 'cranium'],
    area: 'centre',
    Component: TorusView,
    live: true,
  },
  queue: {
    title: 'Cachable queues',
    models: ['cni'],
    area: 'centre',
    Component: QueueView,
    live: true,
  },
  cdr: {
    title: 'Device registers',
    models: ['cni'],
    area: 'centre',
    Component: CdrView,
    live: true,
  },
  protocol: {
    title: 'Protocol table',
    models: ['bus'],
    area: 'right',
    Component: ProtocolTableView,
  },
  router: {
    title: 'Router',
    models: ['network', 'cranium'],
    area: 'right',
    Component: RouterView,
  },
  log: {
    title: 'Event log',
    models: ['bus', 'network', 'cni', 'cranium'],
    area: 'right',
    Component: EventLogView,
  },
  memory: { title: 'Memory', models: ['bus'], area: 'bottom', Component: MemoryView },
  buses: { title: 'Buses', models: ['cni'], area: 'bottom', Component: BusesView },
  gantt: {
    title: 'Message timeline',
    models: ['cranium'],
    area: 'bottom',
    Component: GanttView,
  },
  stats: {
    title: 'Statistics',
    models: ['bus', 'network', 'cni', 'cranium'],
    area: 'bottom',
    Component: StatsView,
  },
  charts: {
    title: 'Sweeps',
    models: ['network', 'cni'],
    area: 'bottom',
    Component: ChartsView,
  },
} satisfies Record<ViewName, ViewEntry>;
