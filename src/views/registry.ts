/**
 * The panels a scenario can open, by the names the scenario format uses (`views`): the shared
 * ones here, each model's own from its page table (src/models/). Which of them a run can show,
 * and in what order, is its model's `views` list (sim-core).
 */
import { moduleOf } from '../../sim-core/index';
import { MODEL_UIS } from '../models/index';
import type { ViewEntry } from '../models/model-ui';
import { ChartsView } from './charts/ChartsView';
import { DmaView } from './dma/DmaView';
import { EventLogView } from './log/EventLogView';
import { NotesView } from './notes/NotesView';
import { PhasesView } from './phases/PhasesView';
import { ProtocolTableView } from './protocol/ProtocolTableView';
import { RouterView } from './router/RouterView';
import { StatsView } from './stats/StatsView';
import { TorusView } from './torus/TorusView';

export type { ViewEntry } from '../models/model-ui';

/**
 * Panels any model may list: its notes, log, statistics; a torus's; a protocol table's; the
 * latency anatomy of a model that keeps a phase ledger; the card of a model with DMA engines.
 */
const SHARED_VIEWS: Readonly<Record<string, ViewEntry>> = {
  notes: { title: 'Walkthrough', area: 'left', Component: NotesView },
  torus: { title: 'Torus', area: 'centre', Component: TorusView, live: true },
  protocol: { title: 'Protocol table', area: 'right', Component: ProtocolTableView },
  router: { title: 'Router', area: 'right', Component: RouterView },
  log: { title: 'Event log', area: 'right', Component: EventLogView },
  stats: { title: 'Statistics', area: 'bottom', Component: StatsView },
  charts: { title: 'Sweeps', area: 'bottom', Component: ChartsView },
  phases: { title: 'Latency anatomy', area: 'bottom', Component: PhasesView },
  dma: { title: 'DMA engine', area: 'right', Component: DmaView, live: true },
};

export const viewRegistry: Readonly<Record<string, ViewEntry>> = Object.assign(
  {},
  SHARED_VIEWS,
  ...MODEL_UIS.map((ui) => ui.views),
);

/** A panel's entry by its name (every name a model lists has one: tests/unit/model-sockets.test.ts). */
export function viewEntry(name: string): ViewEntry {
  const entry = viewRegistry[name];
  if (!entry) throw new Error(`no panel "${name}"`);
  return entry;
}

/** The panels of a model, in its order, among those asked for and not hidden. */
export function panelsOf(model: string, open: readonly string[], hidden: readonly string[]) {
  return moduleOf(model).views.filter((name) => open.includes(name) && !hidden.includes(name));
}
