/**
 * Progressive exploration, page side: after a load the worker explores the rest of the run in
 * slices (SimApi.explore) while the user watches; each slice's reply says how far the run is
 * explored and how many events its log has (the log stays in the worker). The page is told of
 * new events in batches — when the log grew by half, or when the shown cycle reached the end of
 * what it knows (at most four times a second) — so the panels that ask the log ask again a few
 * times, not at every slice. A seek far beyond the explored part waits here (`toward`) with a
 * progress bar and Cancel, while slices explore on to it, instead of blocking the worker for
 * seconds.
 */
import type { StoreApi } from 'zustand';
import type { InputIssue, SessionView } from '../../sim-core/index';
import type { SimApi } from '../worker/sim-api';
import { summaryOf, type LogSummary } from './log-summary';

export interface Exploration {
  /** The last explored cycle (every cycle up to it has run; its events are in the worker). */
  explored: number;
  /** The last cycle one may visit: the halt once found, else the scenario's cycle limit. */
  lastCycle: number;
  endCycle: number | null;
  /** Explored to the end, and the page knows of every event. */
  complete: boolean;
  /** The page knows of (and may ask about) every event of cycles 0 … logged. */
  logged: number;
  /** A seek beyond the explored part, waiting while exploration reaches it; null: none. */
  toward: number | null;
  /** Why the run is explored only to lastCycle (its memory budget, SIM002), or null. */
  stopped: InputIssue | null;
}

/** The part of a store's state this module reads and writes (the app's and compare's B). */
interface Explored extends LogSummary {
  view: SessionView | null;
  digest: string;
  playing: boolean;
  exploration: Exploration;
}

/** A finished exploration of nothing (before the first load). */
export const NOTHING_TO_EXPLORE: Exploration = {
  explored: 0,
  lastCycle: 0,
  endCycle: null,
  complete: true,
  logged: 0,
  toward: null,
  stopped: null,
};

/** Worker time per background slice, in ms: a step or a seek waits at most about this long. */
const BACKGROUND_SLICE_MS = 30;
/** Worker time per slice while a seek waits for exploration (the page shows progress between). */
const ON_DEMAND_SLICE_MS = 120;
/** The log is republished at most this often while the shown cycle stands at its end (playing). */
const FRONTIER_PUBLISH_MS = 250;
/**
 * After a step or a seek (not while playing), background slices wait this long: the worker then
 * leaves the machine's cores to the page, which draws the new picture, instead of exploring
 * beside it (on a busy two-core machine that halved a step's time).
 */
const QUIET_AFTER_NAVIGATION_MS = 150;
/**
 * After a load's reply, background slices wait this long: the page then draws the run's first
 * picture (the panels' first render, the torus painted in its worker) on both cores, which on a
 * busy two-core machine took up to half a second with exploration running beside it.
 */
const QUIET_AFTER_LOAD_MS = 400;
/** Until when background slices wait (after a step, a seek or a load). */
let quietUntil = -Infinity;

const keepQuiet = (ms: number) => (quietUntil = Math.max(quietUntil, performance.now() + ms));

/** Tells exploration that the user just moved (store.ts, at a navigation's request and reply). */
export function noteNavigation(): void {
  keepQuiet(QUIET_AFTER_NAVIGATION_MS);
}

/** Waits while the user is moving through the run (paused, stepping), and not for a waiting seek. */
async function quietAfterNavigation(store: StoreApi<Explored>): Promise<void> {
  for (;;) {
    const { playing, exploration } = store.getState();
    const wait = quietUntil - performance.now();
    if (playing || exploration.toward !== null || wait <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** A step or a seek at most this far beyond the explored part is simply done (the worker explores it). */
export const EXPLORE_ON_THE_WAY = 256;

/** How far a freshly loaded run is explored, from its load reply. */
export function explorationAfterLoad(
  view: SessionView,
  digest: string,
  stopped: InputIssue | null,
): Exploration {
  return {
    explored: view.explored,
    lastCycle: view.lastCycle,
    endCycle: view.endCycle,
    // A complete load always carries the digest (the worker sends it with the whole log).
    complete: digest !== '',
    logged: view.explored,
    toward: null,
    stopped,
  };
}

/** Bumped per store by every start and stop: an older exploration loop ends at its next reply. */
const generations = new WeakMap<object, number>();

export function stopExploring(store: StoreApi<Explored>): void {
  generations.set(store, (generations.get(store) ?? 0) + 1);
}

/**
 * Explores the store's freshly loaded run to its end, slice by slice (after a quiet moment for its
 * first picture), folding the replies into the store; calls `arrived(cycle)` when a waiting seek's
 * cycle is explored. Ends at the run's end, when stopped, or when a newer exploration starts.
 */
export async function exploreInBackground<S extends Explored>(
  store: StoreApi<S>,
  api: SimApi,
  arrived: (cycle: number) => void,
): Promise<void> {
  stopExploring(store);
  keepQuiet(QUIET_AFTER_LOAD_MS);
  const generation = generations.get(store);
  const run = store.getState().logMark.run;
  let published = store.getState().logMark.events;
  let publishedAt = performance.now();
  while (generations.get(store) === generation && !store.getState().exploration.complete) {
    await quietAfterNavigation(store);
    if (generations.get(store) !== generation) return;
    const toward = store.getState().exploration.toward;
    let reply: Awaited<ReturnType<SimApi['explore']>>;
    try {
      const endAtNavigation = !store.getState().playing;
      reply = await api.explore(
        toward === null
          ? { budgetMs: BACKGROUND_SLICE_MS, endAtNavigation }
          : { budgetMs: ON_DEMAND_SLICE_MS, until: toward, endAtNavigation },
      );
    } catch {
      // The worker was ended (compare mode left) or failed; the next load starts again.
      return;
    }
    if (generations.get(store) !== generation) return;
    const state = store.getState();
    const waiting = state.exploration.toward;
    const reached = waiting !== null && reply.explored >= Math.min(waiting, reply.lastCycle);
    const publish =
      reply.complete ||
      reached ||
      reply.logged - published >= published / 2 ||
      (state.view !== null &&
        state.view.cycle >= state.exploration.logged &&
        performance.now() - publishedAt >= FRONTIER_PUBLISH_MS);
    const exploration: Exploration = {
      ...state.exploration,
      explored: reply.explored,
      lastCycle: reply.lastCycle,
      endCycle: reply.endCycle,
      toward: reached ? null : waiting,
      stopped: reply.stopped,
    };
    if (!publish) {
      store.setState({ exploration } as Partial<S>);
      continue;
    }
    published = reply.logged;
    publishedAt = performance.now();
    store.setState({
      exploration: { ...exploration, complete: reply.complete, logged: reply.explored },
      ...summaryOf(run, reply),
      digest: reply.digest,
    } as Partial<S>);
    if (reached) arrived(waiting);
  }
}
