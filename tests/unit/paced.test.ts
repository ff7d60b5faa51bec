/**
 * Panels at a reading pace (src/state/paced.tsx): paused, a paced panel's mirror shows every view
 * at once; playing, it keeps the view it showed until its turn comes (at most one panel per
 * refresh, spread over PANEL_PACE_MS), while everything else passes straight through; pausing
 * brings every mirror up to date.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, type StoreApi } from 'zustand';
import { PANEL_PACE_MS, PacedMirror, refresh } from '../../src/state/paced';
import { appStore, type AppState } from '../../src/state/store';
import type { SessionView } from '../../sim-core/index';

const viewAt = (cycle: number) => ({ cycle }) as unknown as SessionView;

/** A store of the app's shape at cycle 0, not playing. */
const source = (): StoreApi<AppState> =>
  createStore<AppState>(() => ({ ...appStore.getInitialState(), view: viewAt(0) }));

const shownCycle = (m: PacedMirror) => m.store.getState().view?.cycle;

let detach: (() => void)[] = [];
beforeEach(() => {
  // The scheduler asks for animation frames; the tests call refresh() themselves.
  globalThis.requestAnimationFrame = () => 1;
  // A clock of whole milliseconds: with performance.now()'s fractions, (t + 250) - t can come
  // out a hair under 250 and move a turn by a frame.
  vi.spyOn(performance, 'now').mockReturnValue(1000);
});
afterEach(() => {
  for (const d of detach) d();
  detach = [];
  vi.restoreAllMocks();
});

function mirrorOf(store: StoreApi<AppState>): PacedMirror {
  const m = new PacedMirror(store);
  detach.push(m.attach());
  return m;
}

describe('a paced panel', () => {
  it('shows every view at once while paused or stepping', () => {
    const store = source();
    const m = mirrorOf(store);
    store.setState({ view: viewAt(1) });
    expect(shownCycle(m)).toBe(1);
    store.setState({ view: viewAt(5) });
    expect(m.store.getState()).toBe(store.getState());
  });

  it('while playing keeps its view until its turn, and lets everything else through', () => {
    const store = source();
    const m = mirrorOf(store);
    store.setState({ playing: true });
    store.setState({ view: viewAt(20) });
    expect(shownCycle(m)).toBe(0);
    expect(m.pending).toBe(true);
    // A selection made meanwhile shows at once, with the view the panel shows.
    store.setState({ selection: { kind: 'router', router: 3 } });
    expect(m.store.getState().selection).toEqual({ kind: 'router', router: 3 });
    expect(shownCycle(m)).toBe(0);
    // Its turn comes no sooner than PANEL_PACE_MS after it last took a view.
    const t = m.shownAt;
    refresh(t + PANEL_PACE_MS - 1);
    expect(shownCycle(m)).toBe(0);
    refresh(t + PANEL_PACE_MS);
    expect(shownCycle(m)).toBe(20);
    expect(m.pending).toBe(false);
  });

  it('refreshes one panel at a time, spread evenly over the pace', () => {
    const store = source();
    const mirrors = [mirrorOf(store), mirrorOf(store), mirrorOf(store)];
    store.setState({ playing: true });
    store.setState({ view: viewAt(40) });
    // Well after any refresh an earlier test made (the scheduler remembers the last one).
    const t = Math.max(...mirrors.map((m) => m.shownAt)) + 10 * PANEL_PACE_MS;
    const gap = PANEL_PACE_MS / mirrors.length;
    const shown = () => mirrors.filter((m) => shownCycle(m) === 40).length;
    refresh(t);
    expect(shown()).toBe(1);
    refresh(t + gap - 1);
    expect(shown()).toBe(1);
    refresh(t + gap + 1);
    expect(shown()).toBe(2);
    refresh(t + 2 * gap + 2);
    expect(shown()).toBe(3);
  });

  it('catches up when play stops, and follows nothing once detached', () => {
    const store = source();
    const m = new PacedMirror(store);
    const off = m.attach();
    store.setState({ playing: true });
    store.setState({ view: viewAt(60) });
    expect(shownCycle(m)).toBe(0);
    store.setState({ playing: false });
    expect(shownCycle(m)).toBe(60);
    off();
    store.setState({ view: viewAt(61) });
    expect(shownCycle(m)).toBe(60);
  });
});
