/**
 * Keeps the address bar's fragment equal to the share link of the current state (scenario, seed,
 * cycle, open panels), so a reload or a copied URL returns to the same step. Another scenario is a
 * new history entry (Back returns to the one before); anything else — a cycle, a panel, a
 * setting — replaces the entry, so stepping does not flood the history. A scenario too large for
 * a link is kept in this tab's sessionStorage instead (and the fragment cleared), so a reload
 * still reopens it.
 *
 * The address wins over the app: while the app is opening what the address names (a pasted or
 * clicked link, Back, a reload), nothing is written back, so the state still on screen can never
 * overwrite the link the user gave.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { LoadSpec } from '../worker/sim-api';
import { currentLink, useApp } from './store';
import { useLecture } from '../lecture/lecture-store';
import { withLectureParams } from '../lecture/url-params';
import { useCompare } from '../compare/compare-store';
import { withVs } from '../compare/vs';
import { assignmentLink } from '../teaching/assignment-url';
import { useAssignment } from '../teaching/assignment-store';

const OVERSIZE_KEY = 'ni-lab:oversize-scenario';

export interface StashedScenario {
  spec: LoadSpec;
  cycle: number;
}

/** The oversize scenario this tab had open, if any (read at boot when the URL has no link). */
export function readStash(): StashedScenario | null {
  try {
    const text = sessionStorage.getItem(OVERSIZE_KEY);
    return text ? (JSON.parse(text) as StashedScenario) : null;
  } catch {
    return null;
  }
}

/** How many openings of the address are under way (the app does not write while one is). */
const useAddress = create<{ opening: number }>(() => ({ opening: 0 }));

/** The scenario whose link the current history entry holds (a different one gets a new entry). */
let entryScenario: string | null = null;

/**
 * Opens what the address names (`open` reads `location.hash` and loads it): until it is done, the
 * address is left as the user gave it, and what it opens belongs to the history entry it came in.
 */
export async function openFromAddress(open: () => Promise<void>): Promise<void> {
  useAddress.setState((s) => ({ opening: s.opening + 1 }));
  try {
    await open();
  } finally {
    entryScenario = useApp.getState().scenario?.id ?? entryScenario;
    useAddress.setState((s) => ({ opening: s.opening - 1 }));
  }
}

export function useUrlSync(): void {
  const opening = useAddress((s) => s.opening > 0);
  const cycle = useApp((s) => s.view?.cycle);
  const spec = useApp((s) => s.spec);
  const views = useApp((s) => s.views);
  const playing = useApp((s) => s.playing);
  // Lecture modes ride along in the fragment (present=1, embed=1); the start page keeps #start.
  const startOpen = useLecture((s) => s.startOpen);
  const present = useLecture((s) => s.present);
  const embed = useLecture((s) => s.embed);
  const predict = useLecture((s) => s.embedPredict);
  // Compare mode's configuration B rides along too (`&vs=path%3Dvalue`).
  const vs = useCompare((s) => s.vs);
  // An open assignment rides along too (`&a=<id>`), so a reload reopens it.
  const assignment = useAssignment((s) => s.ref);
  useEffect(() => {
    if (opening || playing || cycle === undefined || !spec || startOpen) return;
    const link = currentLink();
    const hash =
      link === null ? null : withVs(withLectureParams(link, { present, embed, predict }), vs);
    try {
      if (hash === null) sessionStorage.setItem(OVERSIZE_KEY, JSON.stringify({ spec, cycle }));
      else sessionStorage.removeItem(OVERSIZE_KEY);
    } catch {
      // Storage may be unavailable (private mode, embedded frames): the link alone still works.
    }
    const fragment = assignmentLink(hash);
    const target = fragment ?? location.pathname + location.search;
    const scenario = useApp.getState().scenario?.id ?? null;
    const another = entryScenario !== null && scenario !== entryScenario;
    entryScenario = scenario;
    if (another) history.pushState(null, '', target);
    else if (fragment !== location.hash) history.replaceState(null, '', target);
  }, [opening, cycle, spec, views, playing, startOpen, present, embed, predict, vs, assignment]);
}
