/**
 * Keeps the address bar's fragment equal to the share link of the current state (scenario, seed,
 * cycle, open panels), so a reload or a copied URL returns to the same step. Uses replaceState:
 * stepping does not flood the browser history. A scenario too large for a link is kept in this
 * tab's sessionStorage instead (and the fragment cleared), so a reload still reopens it.
 */
import { useEffect } from 'react';
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

export function useUrlSync(): void {
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
    if (playing || cycle === undefined || !spec || startOpen) return;
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
    if (fragment !== location.hash) history.replaceState(null, '', target);
  }, [cycle, spec, views, playing, startOpen, present, embed, predict, vs, assignment]);
}
