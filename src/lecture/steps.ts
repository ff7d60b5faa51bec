/**
 * A scenario's walkthrough as a guided lecture: numbered steps, each bound to a cycle (or to the
 * first event of a kind at or after it), and the rules for which step is current and where
 * "next step" and "previous step" go. Pure: no React, no store, no DOM.
 */

export interface WalkthroughNote {
  cycle: number;
  title: string;
  note: string;
  event?: string | undefined;
}

export interface LectureStep {
  /** 0-based position in the walkthrough; shown to people as index + 1. */
  index: number;
  /** Where the simulator goes for this step. */
  cycle: number;
  title: string;
  note: string;
}

/**
 * The steps of a walkthrough. A note that names an event kind goes to the first event of that
 * kind at or after its cycle (in the run's whole event log); when the run has none, to its cycle.
 */
export function resolveSteps(
  walkthrough: readonly WalkthroughNote[],
  log: readonly { cycle: number; kind: string }[],
): LectureStep[] {
  return walkthrough.map((note, index) => {
    let cycle = note.cycle;
    if (note.event) {
      const hit = log.find((e) => e.kind === note.event && e.cycle >= note.cycle);
      if (hit) cycle = hit.cycle;
    }
    return { index, cycle, title: note.title || `Step ${index + 1}`, note: note.note };
  });
}

/**
 * The current step at `cycle`: the step the lecturer last chose, while the simulator is still at
 * its cycle (two steps may share a cycle); otherwise the reached step with the latest cycle (the
 * later one on a tie). -1 before the first step.
 */
export function activeStepIndex(
  steps: readonly LectureStep[],
  cycle: number,
  chosen: number | null = null,
): number {
  if (chosen !== null && steps[chosen]?.cycle === cycle) return chosen;
  let active = -1;
  steps.forEach((step, i) => {
    if (step.cycle <= cycle && (active < 0 || step.cycle >= steps[active]!.cycle)) active = i;
  });
  return active;
}

/** The step "next step" goes to from `active`, or null at the last one. */
export function nextStepIndex(steps: readonly LectureStep[], active: number): number | null {
  const next = active + 1;
  return next < steps.length ? next : null;
}

/** The step "previous step" goes to from `active`, or null at (or before) the first one. */
export function previousStepIndex(steps: readonly LectureStep[], active: number): number | null {
  return active > 0 && active <= steps.length ? active - 1 : null;
}

/** "Step 3 of 6", or "Before step 1 of 6" before the first step's cycle. */
export function stepCounter(active: number, total: number): string {
  return active < 0 ? `Before step 1 of ${total}` : `Step ${active + 1} of ${total}`;
}
