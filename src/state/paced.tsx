/**
 * Panels at a reading pace while the simulation plays. The moving picture of a model (the torus,
 * the caches, the queues …) gets every picture; the panels of words and numbers around it (event
 * log, statistics, router, walkthrough, narration …) get a new one at most every PANEL_PACE_MS,
 * in turn and spread evenly over that time (one every PANEL_PACE_MS / n for n panels), so no
 * frame pays for several of them and most frames pay for none.
 * Nobody reads a table that changes fifty times a second, and re-laying out and re-rastering every
 * panel at every picture halved the frame rate of a busy torus. Paused or stepping, every panel
 * shows the current cycle at once, and pausing brings them all up to date. (Ripes, a teaching
 * simulator of the same kind, mutes its views' updates while it runs at full speed.)
 *
 * A paced panel reads a mirror of the store it would read (the app's, or compare mode's B store):
 * everything passes through at once (selection, panels, sweeps, playback), except that while
 * playing the mirror holds on to the `view` it last showed until the panel's turn comes.
 */
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { createStore, type StoreApi } from 'zustand';
import { AppStoreContext, appStore, type AppState } from './store';

/** While playing, a paced panel shows a new picture at most this often: four times a second. */
export const PANEL_PACE_MS = 250;

/** A paced copy of one store, for one panel. */
export class PacedMirror {
  readonly store: StoreApi<AppState>;
  /** A newer view waits to be shown. */
  pending = false;
  /** When the mirror last took the newest view (performance.now()). */
  shownAt = -Infinity;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly source: StoreApi<AppState>) {
    this.store = createStore<AppState>(() => source.getState());
  }

  /** Follows the source until detached; returns the detach function. */
  attach(): () => void {
    this.showNewest(performance.now());
    this.unsubscribe = this.source.subscribe((next, prev) => this.follow(next, prev));
    mirrors.push(this);
    return () => {
      this.unsubscribe?.();
      this.unsubscribe = null;
      mirrors.splice(mirrors.indexOf(this), 1);
    };
  }

  /** Takes the source's state as it is now, newest view included. */
  showNewest(now: number): void {
    this.pending = false;
    this.shownAt = now;
    this.store.setState(this.source.getState(), true);
  }

  private follow(next: AppState, prev: AppState): void {
    if (!next.playing) {
      // Paused, stepping, or play just stopped: the current cycle at once.
      if (this.store.getState() !== next) this.showNewest(performance.now());
      return;
    }
    const shown = this.store.getState();
    if (next.view !== shown.view) {
      this.pending = true;
      schedule();
    }
    // Anything else (a selection, a panel opened, a sweep's progress) passes through now.
    let changed = false;
    for (const key of Object.keys(next) as (keyof AppState)[])
      if (key !== 'view' && next[key] !== prev[key]) changed = true;
    if (changed) this.store.setState({ ...next, view: shown.view }, true);
  }
}

/** The mirrors of the panels on the page, in the order they took their turn. */
const mirrors: PacedMirror[] = [];
let frame = 0;
let turn = 0;
/** When a paced panel last took a new view, any of them. */
let lastRefresh = -Infinity;

function schedule(): void {
  if (frame === 0) frame = requestAnimationFrame(refresh);
}

/** Shows the newest view in the next paced panel whose turn it is, if one is due. */
export function refresh(now: number): void {
  frame = 0;
  const due = now - lastRefresh >= PANEL_PACE_MS / Math.max(1, mirrors.length);
  for (let k = 0; due && k < mirrors.length; k++) {
    const i = (turn + k) % mirrors.length;
    const m = mirrors[i]!;
    if (!m.pending || now - m.shownAt < PANEL_PACE_MS) continue;
    m.showNewest(now);
    lastRefresh = now;
    turn = i + 1;
    break;
  }
  if (mirrors.some((m) => m.pending)) schedule();
}

/** Gives its children a paced mirror of the store they would read (see the header). */
export function Paced({ children }: { children: ReactNode }) {
  const source = useContext(AppStoreContext) ?? appStore;
  const [mirror] = useState(() => new PacedMirror(source));
  useEffect(() => mirror.attach(), [mirror]);
  return <AppStoreContext.Provider value={mirror.store}>{children}</AppStoreContext.Provider>;
}
