/**
 * The panels a scenario can open, by the names the scenario format uses (`views`): the shared
 * ones here, each model's own from its page table (src/models/). Which of them a run can show,
 * and in what order, is its model's `views` list (sim-core).
 */
import { faceOf } from '../../sim-core/index';
import { MODEL_UIS, uiOf } from '../models/index';
import type { ViewEntry } from '../models/model-ui';
import { ChartsView } from './charts/ChartsView';
import { lazyPanel, preloadAll } from './lazy-panel';
import { NotesView } from './notes/NotesView';
import { StatsView } from './stats/StatsView';

export type { ViewEntry } from '../models/model-ui';

/**
 * Panels any model may list: its notes, log, statistics; a torus's; a protocol table's; the
 * latency anatomy of a model that keeps a phase ledger; the card of a model with DMA engines. The
 * drawings load when first shown (lazy-panel.ts); the statistics and sweeps panels are a frame
 * around the model's own tables and charts, which load so.
 */
const SHARED_VIEWS: Readonly<Record<string, ViewEntry>> = {
  notes: { title: 'Walkthrough', area: 'left', Component: NotesView },
  torus: {
    title: 'Torus',
    area: 'centre',
    Component: lazyPanel(
      () => import('./torus/TorusView'),
      // Its paint worker starts with its code, ready for the first picture.
      (m) => (m.warmPaintWorker(), m.TorusView),
    ),
    live: true,
  },
  protocol: {
    title: 'Protocol table',
    area: 'bottom',
    Component: lazyPanel(
      () => import('./protocol/ProtocolTableView'),
      (m) => m.ProtocolTableView,
    ),
  },
  router: {
    title: 'Router',
    area: 'right',
    Component: lazyPanel(
      () => import('./router/RouterView'),
      (m) => m.RouterView,
    ),
  },
  log: {
    title: 'Event log',
    area: 'right',
    Component: lazyPanel(
      () => import('./log/EventLogView'),
      (m) => m.EventLogView,
    ),
  },
  stats: { title: 'Statistics', area: 'bottom', Component: StatsView },
  charts: { title: 'Sweeps', area: 'bottom', Component: ChartsView },
  phases: {
    title: 'Latency anatomy',
    area: 'bottom',
    Component: lazyPanel(
      () => import('./phases/PhasesView'),
      (m) => m.PhasesView,
    ),
  },
  dma: {
    title: 'DMA engine',
    area: 'right',
    Component: lazyPanel(
      () => import('./dma/DmaView'),
      (m) => m.DmaView,
    ),
    live: true,
  },
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
  return faceOf(model).views.filter((name) => open.includes(name) && !hidden.includes(name));
}

/**
 * Fetches the code of a model's panels (and of its statistics tables and sweeps when those
 * panels are among them), so that they appear with the first picture rather than after it.
 */
export function preloadPanels(model: string, names: readonly string[]): Promise<unknown> {
  const ui = uiOf(model);
  const components: object[] = panelsOf(model, names, []).map((name) => viewEntry(name).Component);
  if (names.includes('stats')) components.push(ui.Stats);
  if (names.includes('charts') && ui.charts) components.push(ui.charts.Panel);
  return preloadAll(components);
}
