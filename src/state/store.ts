/**
 * The app's state: what the views read (scenario, meta, current view of the simulation, how much
 * of the worker's event log the page may ask about, and its stalls), playback, open panels, selection and the coded problems to show. Views subscribe with
 * narrow selectors. Requests to the simulator go one at a time; while one is in flight, waiting
 * requests are merged (steps add up; a seek or an event jump replaces what waits), so holding a
 * key never queues up a backlog and no keypress is lost.
 */
import { createContext, useContext } from 'react';
import { create, useStore, type StoreApi } from 'zustand';
import { DEFAULT_VIEWS } from '../../sim-core/index';
import type { InputIssue, ModelMeta, Scenario, SessionView, ViewName } from '../../sim-core/index';
import type { Selection } from '../../sim-core/trace/selection';
import type { LoadSpec, SimApi } from '../worker/sim-api';
import { linkFor } from './link';
import {
  EXPLORE_ON_THE_WAY,
  exploreInBackground,
  explorationAfterLoad,
  NOTHING_TO_EXPLORE,
  noteNavigation,
  stopExploring,
  type Exploration,
} from './exploration';
import { firstStall, NO_LOG, nextRun, summaryOf, type LogSummary } from './log-summary';

/** What a view has selected (sim-core/trace/selection.ts). */
export type { Selection };

export interface Problem {
  /** What the user was doing: "Opening the share link", "Loading scenario.json" … */
  context: string;
  issues: InputIssue[];
}

/** A sweep's progress and points so far (its request and points of the sweep's own types). */
export interface SweepState<R = unknown, P = unknown> {
  running: boolean;
  done: number;
  total: number;
  points: P[];
  /** The worker's ms for each point, beside `points`. */
  ms: number[];
  cancelled: boolean;
  request: R | null;
}

const idleSweep: SweepState<never, never> = {
  running: false,
  done: 0,
  total: 0,
  points: [],
  ms: [],
  cancelled: false,
  request: null,
};

/** Up to 50,000 cycles/s: run mode on a large torus is limited by the worker, not this list. */
export const SPEEDS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000,
] as const;

/**
 * LogSummary: how much of the run's log (which lives in the worker) the page may ask about — the
 * events of cycles 0 … exploration.logged (state/log-query.ts asks) — and its summaries.
 */
export interface AppState extends LogSummary {
  api: SimApi | null;
  loading: boolean;
  spec: LoadSpec | null;
  scenario: Scenario | null;
  meta: ModelMeta | null;
  view: SessionView | null;
  /** The whole log's digest once the run is explored to its end, else ''. */
  digest: string;
  /** How far the run is explored while it is watched (state/exploration.ts). */
  exploration: Exploration;
  problem: Problem | null;
  playing: boolean;
  /** Cycles per second while playing. */
  speed: number;
  views: ViewName[];
  selection: Selection;
  helpOpen: boolean;
  /** The latest run of each of the loaded model's sweeps, by name: points so far and progress. */
  sweeps: Readonly<Record<string, SweepState>>;
}

/** A navigation request as data, so waiting requests can be merged instead of dropped. */
type Navigation =
  | { kind: 'seek'; cycle: number }
  | { kind: 'step'; delta: number }
  | { kind: 'nextEvent' }
  | { kind: 'prevEvent' };

/** Pressing → five times while a request is in flight must still move five cycles. */
function merge(waiting: Navigation | null, next: Navigation): Navigation {
  if (next.kind === 'step' && waiting?.kind === 'step')
    return { kind: 'step', delta: waiting.delta + next.delta };
  if (next.kind === 'step' && waiting?.kind === 'seek')
    return { kind: 'seek', cycle: Math.max(0, waiting.cycle + next.delta) };
  return next;
}

function send(api: SimApi, nav: Navigation): Promise<SessionView> {
  switch (nav.kind) {
    case 'seek':
      return api.seek(nav.cycle);
    case 'step':
      return api.step(nav.delta);
    case 'nextEvent':
      return api.nextEvent();
    case 'prevEvent':
      return api.prevEvent();
  }
}

/** The app's store (a panel reads it through useApp, or a paced mirror of it: state/paced.tsx). */
export const appStore = create<AppState>(() => ({
  api: null,
  loading: false,
  spec: null,
  scenario: null,
  meta: null,
  view: null,
  ...NO_LOG,
  digest: '',
  exploration: NOTHING_TO_EXPLORE,
  problem: null,
  playing: false,
  speed: 20,
  views: [],
  selection: null,
  helpOpen: false,
  sweeps: {},
}));

/**
 * The store a panel reads: the app's own, or another of the same shape that an ancestor provides
 * (compare mode's B column renders the same panels over configuration B's store). Actions and
 * getState/setState/subscribe always act on the app's own store.
 */
export const AppStoreContext = createContext<StoreApi<AppState> | null>(null);

export const useApp = Object.assign(
  function useApp<T>(selector: (s: AppState) => T): T {
    return useStore(useContext(AppStoreContext) ?? appStore, selector);
  },
  {
    getState: appStore.getState,
    setState: appStore.setState,
    subscribe: appStore.subscribe,
    getInitialState: appStore.getInitialState,
  },
);

let inFlight = false;
let waiting: Navigation | null = null;

async function drain(): Promise<void> {
  if (inFlight) return;
  const api = useApp.getState().api;
  if (!api) return;
  while (waiting) {
    const next = waiting;
    waiting = null;
    const far = beyondExplored(next);
    const { exploration } = useApp.getState();
    if (far !== null) {
      // Explored on the way by the background slices, with a progress bar and Cancel.
      useApp.setState({ exploration: { ...exploration, toward: far } });
      continue;
    }
    if (exploration.toward !== null)
      useApp.setState({ exploration: { ...exploration, toward: null } });
    inFlight = true;
    noteNavigation();
    try {
      const view = await send(api, next);
      noteNavigation();
      useApp.setState((s) => ({
        view,
        // What the worker explored on the way; the log follows with the next slice's events.
        exploration: {
          ...s.exploration,
          explored: Math.max(s.exploration.explored, view.explored),
          lastCycle: view.lastCycle,
          endCycle: view.endCycle,
        },
      }));
    } finally {
      inFlight = false;
    }
  }
}

/** The cycle a seek or a step goes to when it is far beyond the explored part of the run, else null. */
function beyondExplored(nav: Navigation): number | null {
  const { exploration, view } = useApp.getState();
  if (exploration.complete || !view) return null;
  const to = nav.kind === 'seek' ? nav.cycle : nav.kind === 'step' ? view.cycle + nav.delta : null;
  if (to === null || to <= exploration.explored + EXPLORE_ON_THE_WAY) return null;
  return Math.min(Math.floor(to), exploration.lastCycle);
}

/**
 * A hold on forward moves (predict, then see: the question comes before the step it asks about).
 * Called with the current cycle and where the move would go (null: to the next event, and none
 * is known in the explored part); returns true when it takes the move over. Seeks are never held.
 */
export type ForwardGate = (from: number, to: number | null) => boolean;
let forwardGate: ForwardGate | null = null;
export function setForwardGate(gate: ForwardGate | null): void {
  forwardGate = gate;
}
const held = (to: (from: number) => number | null): boolean => {
  const from = useApp.getState().view?.cycle;
  return from !== undefined && forwardGate !== null && forwardGate(from, to(from));
};

/**
 * Fetches the code of the panels a scenario shows (views/registry.ts preloadPanels), awaited
 * before its first picture so the panels appear with it: the panels load their code lazily, and
 * the state/ layer imports no view.
 */
export type PanelLoader = (model: string, views: readonly ViewName[]) => Promise<unknown>;
/**
 * Starts fetching the code of the panels a load is expected to show before the worker replies,
 * from what the page knows of the scenario unparsed (main.tsx: a built-in's catalogue entry), so
 * the code arrives while the worker simulates; the reply's panels are awaited all the same.
 */
export type PanelForecast = (spec: LoadSpec, views: readonly ViewName[] | undefined) => void;
let panelLoader: PanelLoader | null = null;
let panelForecast: PanelForecast | null = null;
export function setPanelLoader(
  loader: PanelLoader | null,
  forecast: PanelForecast | null = null,
): void {
  panelLoader = loader;
  panelForecast = forecast;
}

function navigate(request: Navigation): Promise<void> {
  waiting = merge(waiting, request);
  return drain();
}

/** A sweep's state in the store (idle before its first run). */
export const sweepOf = <R, P>(s: AppState, name: string): SweepState<R, P> =>
  (s.sweeps[name] ?? idleSweep) as SweepState<R, P>;

/**
 * Runs one of the model's sweeps in the worker into its slot of the state, points appearing as
 * they are measured. The service runs one sweep at a time (a new one stops the old), so while
 * one runs another does not start.
 */
/** Loads started: only the latest one's end ends `loading`. */
let loads = 0;

async function trackSweep(name: string, request: unknown, total: number): Promise<void> {
  const { api, sweeps } = useApp.getState();
  if (!api || Object.values(sweeps).some((s) => s.running)) return;
  const update = (next: (slot: SweepState) => Partial<SweepState>) =>
    useApp.setState((s) => {
      const slot = sweepOf(s, name);
      return { sweeps: { ...s.sweeps, [name]: { ...slot, ...next(slot) } } };
    });
  update(() => ({ running: true, done: 0, total, points: [], ms: [], cancelled: false, request }));
  try {
    const result = await api.sweep<unknown>(name, request, (done, all, point, ms) =>
      update((slot) => ({
        done,
        total: all,
        points: [...slot.points, point],
        ms: [...slot.ms, ms],
      })),
    );
    update(() => ({
      running: false,
      cancelled: result.cancelled,
      points: result.points,
      ms: result.ms,
    }));
  } catch {
    update(() => ({ running: false, cancelled: true }));
  }
}

/** A failure of the simulator itself (not of the input) as a coded problem. */
function simulatorFailure(e: unknown): InputIssue {
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return {
    code: 'SIM001',
    path: '',
    message: `the simulator stopped with an error (${what.slice(0, 200)}); nothing was changed`,
  };
}

export const actions = {
  setApi(api: SimApi): void {
    useApp.setState({ api });
  },

  /**
   * Loads a scenario; on failure the current one stays loaded and the problem is shown: the
   * scenario's coded issues, or SIM001 when the simulator itself fails (a document that cannot
   * cross to the worker, a defect). Never rejects: callers fall back on `false`.
   */
  async load(
    spec: LoadSpec,
    options: { cycle?: number; views?: ViewName[]; context: string },
  ): Promise<boolean> {
    const api = useApp.getState().api;
    if (!api) return false;
    const mine = ++loads;
    useApp.setState({ loading: true, playing: false });
    waiting = null;
    stopExploring(appStore);
    try {
      let reply: Awaited<ReturnType<SimApi['load']>>;
      panelForecast?.(spec, options.views);
      try {
        reply = await api.load(spec, options.cycle ?? 0);
      } catch (e) {
        useApp.setState({ problem: { context: options.context, issues: [simulatorFailure(e)] } });
        return false;
      }
      if (!reply.ok) {
        useApp.setState({ problem: { context: options.context, issues: reply.issues } });
        return false;
      }
      const views = options.views ??
        reply.scenario.views ?? [...(DEFAULT_VIEWS[reply.meta.model] ?? [])];
      // A panel whose code cannot be fetched says so in its place (views/lazy-panel.ts).
      await panelLoader?.(reply.meta.model, views);
      useApp.setState({
        spec,
        scenario: reply.scenario,
        meta: reply.meta,
        view: reply.view,
        ...summaryOf(nextRun(), reply),
        digest: reply.digest,
        exploration: explorationAfterLoad(reply.view, reply.digest, reply.stopped),
        views,
        sweeps: {},
        selection: null,
      });
      void exploreInBackground(appStore, api, (cycle) => void actions.seek(cycle));
      return true;
    } finally {
      // Still loading while a later load is under way (a lecture opened as the page's first
      // scenario loads): a step pressed meanwhile waits for the later one (lecture-store.ts).
      if (mine === loads) useApp.setState({ loading: false });
    }
  },

  /** Loads a changed configuration at the cycle shown now (a settings menu's change). */
  reload: (spec: LoadSpec, context: string) =>
    actions.load(spec, { cycle: useApp.getState().view?.cycle ?? 0, context }),

  seek: (cycle: number) => navigate({ kind: 'seek', cycle }),
  step: (delta: number) =>
    delta > 0 && held((from) => from + delta)
      ? Promise.resolve()
      : navigate({ kind: 'step', delta }),
  async nextEvent(): Promise<void> {
    const { api, view, logMark } = useApp.getState();
    if (forwardGate && api && view) {
      // The gate weighs where the move goes: the next event's cycle, asked of the worker's log.
      const to = await api
        .queryLog({ kind: 'nextEventCycle', after: view.cycle, upTo: logMark.events })
        .catch(() => null);
      if (held(() => to)) return;
    }
    await navigate({ kind: 'nextEvent' });
  },
  prevEvent: () => navigate({ kind: 'prevEvent' }),

  /**
   * Advances by `cycles` unless a request is still in flight (then this animation frame is
   * skipped); never past the part of the run whose events the page has (play waits there while
   * the run is explored).
   */
  async advance(cycles: number): Promise<void> {
    const { view, exploration } = useApp.getState();
    if (inFlight || waiting || !view) return;
    const to = exploration.complete
      ? view.cycle + cycles
      : Math.min(view.cycle + cycles, exploration.logged);
    if (view.cycle >= view.lastCycle) {
      useApp.setState({ playing: false });
      return;
    }
    if (to <= view.cycle) return;
    if (held(() => to)) {
      useApp.setState({ playing: false });
      return;
    }
    // Play stops at a watchdog stall (a deadlock): the narration names it, the torus view rings it.
    const stall = firstStall(useApp.getState().stalls, view.cycle, to);
    if (stall !== null) useApp.setState({ playing: false });
    await navigate({ kind: 'seek', cycle: stall ?? to });
  },

  /** Gives up a seek that waits for exploration (the run goes on being explored). */
  cancelWait(): void {
    const { exploration } = useApp.getState();
    if (exploration.toward !== null)
      useApp.setState({ exploration: { ...exploration, toward: null } });
  },

  togglePlay(): void {
    const { playing, view } = useApp.getState();
    if (!playing && view && view.cycle >= useApp.getState().exploration.lastCycle)
      void actions.seek(0);
    useApp.setState({ playing: !playing });
  },
  pause: () => useApp.setState({ playing: false }),

  setSpeed: (speed: number) => useApp.setState({ speed }),
  faster(): void {
    const i = SPEEDS.indexOf(useApp.getState().speed as (typeof SPEEDS)[number]);
    useApp.setState({ speed: SPEEDS[Math.min(SPEEDS.length - 1, i + 1)] ?? SPEEDS[0] });
  },
  slower(): void {
    const i = SPEEDS.indexOf(useApp.getState().speed as (typeof SPEEDS)[number]);
    useApp.setState({ speed: SPEEDS[Math.max(0, i - 1)] ?? SPEEDS[0] });
  },

  toggleView(name: ViewName): void {
    const { views } = useApp.getState();
    useApp.setState({
      views: views.includes(name) ? views.filter((v) => v !== name) : [...views, name],
    });
  },

  select: (selection: Selection) => useApp.setState({ selection }),

  /** Runs one of the model's sweeps (of `total` points) in the worker; points appear as measured. */
  runSweep: (name: string, request: unknown, total: number) => trackSweep(name, request, total),
  cancelSweep: () => void useApp.getState().api?.cancelSweep(),
  dismissProblem: () => useApp.setState({ problem: null }),
  showProblem: (problem: Problem) => useApp.setState({ problem }),
  setHelp: (helpOpen: boolean) => useApp.setState({ helpOpen }),
};

/** The share-link fragment of the current state, or null when it is too long for a URL. */
export function currentLink(): string | null {
  const { spec, view, views } = useApp.getState();
  if (!spec || !view) return null;
  return linkFor(spec, view.cycle, views);
}
