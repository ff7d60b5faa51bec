/**
 * Compare mode: configuration B next to the app's own configuration A.
 *
 * B runs in a second simulator (its own Web Worker, started when compare mode opens and ended
 * when it closes), loaded with A's scenario plus B's overrides, on A's seed. B's state lives in a
 * second store of the app's shape (`bStore`); the panels of the B column read it through
 * AppStoreContext. There is one time control — A's: B follows A's cycle (every step, step back,
 * event jump, seek and play frame of A is followed by B seeking the same cycle; while a B request
 * is in flight only the newest target waits), and A's selection, play state and speed are mirrored
 * into B, so both columns move and highlight together.
 */
import { create, createStore } from 'zustand';
import type { InputIssue, Override } from '../../sim-core/index';
import { actions, useApp, type AppState } from '../state/store';
import { explorationAfterLoad, exploreInBackground, stopExploring } from '../state/exploration';
import { nextRun, summaryOf } from '../state/log-summary';
import type { SimApi } from '../worker/sim-api';
import { createInProcessSim, createWorkerSim } from '../worker/transports';
import { inverse, specWith } from './vs';

export interface CompareState {
  /** B's overrides of A; compare mode is on while this is set. */
  vs: Override[] | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why B could not be loaded (coded, as the problem banner shows them). */
  issues: InputIssue[];
}

export const useCompare = create<CompareState>(() => ({ vs: null, status: 'idle', issues: [] }));

/** Configuration B's state, in the shape of the app's store. */
export const bStore = createStore<AppState>()(() => ({ ...useApp.getInitialState() }));

let sim: { api: SimApi; terminate: () => void } | null = null;

function bApi(): SimApi {
  if (!sim) {
    try {
      sim = createWorkerSim();
    } catch {
      sim = { api: createInProcessSim(), terminate: () => {} };
    }
  }
  return sim.api;
}

/** Bumped by every load of B and by leaving: replies of an older B are dropped. */
let generation = 0;
let inFlight = false;
let target: number | null = null;

async function follow(): Promise<void> {
  if (inFlight) return;
  while (target !== null) {
    const cycle = target;
    target = null;
    const gen = generation;
    const api = bStore.getState().api;
    if (!api || !bStore.getState().view) return;
    inFlight = true;
    try {
      const view = await api.seek(cycle);
      if (gen === generation) bStore.setState({ view });
    } catch {
      // B's worker was ended (compare mode left) while a step was on its way.
    } finally {
      inFlight = false;
    }
  }
}

function followTo(cycle: number): void {
  target = cycle;
  void follow();
}

function mirror(a: AppState): Partial<AppState> {
  return { selection: a.selection, playing: a.playing, speed: a.speed, views: a.views };
}

/** (Re)loads B from A's current scenario and B's overrides, at A's cycle. */
async function loadB(): Promise<void> {
  const { vs } = useCompare.getState();
  const a = useApp.getState();
  if (!vs || !a.spec || !a.scenario) return;
  const gen = ++generation;
  target = null;
  stopExploring(bStore);
  const made = specWith(a.spec, vs, a.scenario.seed);
  if (!made.ok) {
    useCompare.setState({ status: 'error', issues: [made.issue] });
    return;
  }
  useCompare.setState({ status: 'loading', issues: [] });
  const api = bApi();
  try {
    const reply = await api.load(made.spec, a.view?.cycle ?? 0);
    if (gen !== generation) return;
    if (!reply.ok) {
      bStore.setState({ ...useApp.getInitialState() });
      useCompare.setState({ status: 'error', issues: reply.issues });
      return;
    }
    bStore.setState({
      ...useApp.getInitialState(),
      api,
      spec: made.spec,
      scenario: reply.scenario,
      meta: reply.meta,
      view: reply.view,
      ...summaryOf(nextRun(), reply),
      digest: reply.digest,
      exploration: explorationAfterLoad(reply.view, reply.digest, reply.stopped),
      ...mirror(useApp.getState()),
    });
    // B follows A's seeks itself; its slices only explore the rest of its run.
    void exploreInBackground(bStore, api, () => {});
    useCompare.setState({ status: 'ready', issues: [] });
    // A may have moved while B was loading.
    const now = useApp.getState().view?.cycle;
    if (now !== undefined && now !== reply.view.cycle) followTo(now);
  } catch (e) {
    if (gen !== generation) return;
    useCompare.setState({
      status: 'error',
      issues: [{ code: 'SCN001', path: '', message: `B could not run: ${(e as Error).message}` }],
    });
  }
}

useApp.subscribe((a, prev) => {
  if (!useCompare.getState().vs) return;
  if (a.spec !== prev.spec) {
    void loadB();
    return;
  }
  const cycle = a.view?.cycle;
  if (cycle !== undefined && cycle !== prev.view?.cycle) followTo(cycle);
  if (
    a.selection !== prev.selection ||
    a.playing !== prev.playing ||
    a.speed !== prev.speed ||
    a.views !== prev.views
  )
    bStore.setState(mirror(a));
});

const sameVs = (x: readonly Override[] | null, y: readonly Override[] | null) =>
  JSON.stringify(x) === JSON.stringify(y);

export const compare = {
  /** Opens (or changes) compare mode: B is A with these overrides. */
  open(vs: Override[]): void {
    if (vs.length === 0) return;
    if (sameVs(useCompare.getState().vs, vs) && useCompare.getState().status !== 'error') return;
    useCompare.setState({ vs, status: 'loading', issues: [] });
    void loadB();
  },

  /** Back to the normal app: B's simulator is ended and its state dropped. */
  close(): void {
    generation++;
    stopExploring(bStore);
    target = null;
    sim?.terminate();
    sim = null;
    inFlight = false;
    bStore.setState({ ...useApp.getInitialState() });
    useCompare.setState({ vs: null, status: 'idle', issues: [] });
  },

  /** Whether A and B can change places (A has a value at each of B's paths). */
  canSwap(): boolean {
    const { vs } = useCompare.getState();
    const a = useApp.getState().scenario;
    return vs !== null && a !== null && inverse(a, vs) !== null && bStore.getState().spec !== null;
  },

  /** B becomes A and A becomes B, at the same cycle. */
  async swap(): Promise<void> {
    const { vs } = useCompare.getState();
    const a = useApp.getState();
    const specB = bStore.getState().spec;
    if (!vs || !a.scenario || !specB) return;
    const back = inverse(a.scenario, vs);
    if (!back) return;
    useCompare.setState({ vs: back });
    const ok = await actions.load(specB, {
      cycle: a.view?.cycle ?? 0,
      views: a.views,
      context: 'Swapping A and B',
    });
    if (!ok) {
      useCompare.setState({ vs });
      void loadB();
    }
  },
};
