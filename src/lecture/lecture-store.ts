/**
 * Lecture mode's state, next to the app's store: which page or mode is on (start page,
 * presentation, embed), presentation zoom, and the lecture step the lecturer chose. The modes come
 * from the URL fragment (see url-params.ts) and go back into it through url-sync; the zoom is a
 * property of the room's projector, so it is kept in local storage.
 */
import { create } from 'zustand';
import { cachedBy } from '../state/memo';
import { actions, useApp, type AppState } from '../state/store';
import {
  activeStepIndex,
  nextStepIndex,
  previousStepIndex,
  resolveSteps,
  type LectureStep,
} from './steps';
import type { LectureParams } from './url-params';
import { DEFAULT_ZOOM, stepZoom, validZoom } from './zoom';

const ZOOM_KEY = 'ni-lab:presentation-zoom';

function storedZoom(): number {
  try {
    return validZoom(globalThis.localStorage?.getItem(ZOOM_KEY) ?? DEFAULT_ZOOM);
  } catch {
    return DEFAULT_ZOOM;
  }
}

export interface LectureState {
  /** The start page is shown instead of the simulator (`#start`). */
  startOpen: boolean;
  /** Presentation mode (`present=1`): large type, high contrast, no chrome. */
  present: boolean;
  /** Embed mode (`embed=1`): one scenario, its views and the time controls, for an iframe. */
  embed: boolean;
  /** In embed mode, the scenario's checkpoints ask their questions (`predict=1`); else none do. */
  embedPredict: boolean;
  zoom: number;
  /** The step last chosen by next/previous or a click, while the simulator is at or going to it. */
  chosen: number | null;
  /** The cycles of chosen steps not reached yet (fast presses of "next" queue up). */
  expected: number[];
  /**
   * The step the lecture stays at after its checkpoint's outcome took the views further on (past
   * several steps, maybe): "next step" counts from it until the time moves again.
   */
  holding: number | null;
  /** The chosen step came by "next step": onward in the lecture, if back in time. */
  onward: boolean;
  /**
   * Steps asked for while a scenario loads (+1 a "next", −1 a "previous"): taken in the scenario
   * that is there once the load ends, not in the one still on screen.
   */
  pendingSteps: number;
}

export const useLecture = create<LectureState>(() => ({
  startOpen: false,
  present: false,
  embed: false,
  embedPredict: false,
  zoom: storedZoom(),
  chosen: null,
  expected: [],
  holding: null,
  onward: false,
  pendingSteps: 0,
}));

type Walkthrough = NonNullable<AppState['scenario']>['walkthrough'];
const NO_NOTES: Walkthrough = [];
const stepsFor = cachedBy((noteEvents: AppState['noteEvents']) =>
  cachedBy((walkthrough: Walkthrough) => resolveSteps(walkthrough, noteEvents)),
);

/**
 * The loaded scenario's lecture steps (a stable array, so it can be a selector): the notes'
 * events are the ones the page's summary of the worker's log found for them.
 */
export function stepsOf(s: AppState): LectureStep[] {
  return stepsFor(s.noteEvents)(s.scenario?.walkthrough ?? NO_NOTES);
}

/** The current step: the chosen one while the simulator is at its cycle, else the one reached. */
export function useActiveStep(): { steps: LectureStep[]; active: number } {
  const steps = useApp(stepsOf);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const chosen = useLecture((s) => s.chosen);
  const holding = useLecture((s) => s.holding);
  return { steps, active: holding ?? activeStepIndex(steps, cycle, chosen) };
}

// A chosen step stays chosen while the simulator arrives at it; any other move (a cycle step,
// play, the scrubber) or another scenario lets the cycle decide again.
useApp.subscribe((s, prev) => {
  followTime(s, prev);
  // A load ended (the new scenario is in, or the old one stayed): the steps asked for meanwhile.
  if (prev.loading && !s.loading) takePendingSteps();
});

function followTime(s: AppState, prev: AppState): void {
  if (s.scenario !== prev.scenario) {
    useLecture.setState({ chosen: null, expected: [], holding: null });
    return;
  }
  const cycle = s.view?.cycle;
  if (cycle === prev.view?.cycle || cycle === undefined) return;
  const { expected } = useLecture.getState();
  if (useLecture.getState().holding !== null) useLecture.setState({ holding: null });
  const at = expected.indexOf(cycle);
  if (at >= 0) useLecture.setState({ expected: expected.slice(at + 1) });
  else if (useLecture.getState().chosen !== null)
    useLecture.setState({ chosen: null, expected: [] });
}

function takePendingSteps(): void {
  const { pendingSteps } = useLecture.getState();
  if (pendingSteps === 0) return;
  useLecture.setState({ pendingSteps: 0 });
  for (let i = 0; i < Math.abs(pendingSteps); i++)
    if (pendingSteps > 0) lecture.nextStep();
    else lecture.previousStep();
}

/** Where next/previous count from: the step chosen last (even before the simulator is there). */
function baseStep(): { steps: LectureStep[]; base: number } {
  const app = useApp.getState();
  const steps = stepsOf(app);
  const { chosen, holding } = useLecture.getState();
  return { steps, base: holding ?? chosen ?? activeStepIndex(steps, app.view?.cycle ?? 0) };
}

/** A step asked for while a scenario loads waits for it (LectureState.pendingSteps). */
function queueStep(delta: 1 | -1): void {
  useLecture.setState((l) => ({ pendingSteps: l.pendingSteps + delta }));
}

export const lecture = {
  /** Moves the simulator to a step's cycle and makes it the current step (`onward`: by "next"). */
  goToStep(index: number, onward = false): void {
    const app = useApp.getState();
    const step = stepsOf(app)[index];
    if (!step) return;
    actions.pause();
    const { expected } = useLecture.getState();
    const already = app.view?.cycle === step.cycle && expected.length === 0;
    useLecture.setState({
      chosen: index,
      expected: already ? [] : [...expected, step.cycle],
      holding: null,
      onward,
    });
    if (!already) void actions.seek(step.cycle);
  },
  nextStep(): void {
    if (useApp.getState().loading) return queueStep(1);
    const { steps, base } = baseStep();
    const next = nextStepIndex(steps, base);
    if (next !== null) lecture.goToStep(next, true);
  },
  previousStep(): void {
    if (useApp.getState().loading) return queueStep(-1);
    const { steps, base } = baseStep();
    const previous = previousStepIndex(steps, base);
    if (previous !== null) lecture.goToStep(previous);
  },

  /** Keeps the lecture at a step while the views show its checkpoint's outcome further on. */
  hold(index: number): void {
    useLecture.setState({ holding: index });
  },

  /** Hides or shows the walkthrough notes panel (an open panel, so the share link keeps it). */
  toggleNotes: () => actions.toggleView('notes'),

  setPresent(present: boolean): void {
    useLecture.setState({ present, embed: false, embedPredict: false });
  },
  togglePresent: () => lecture.setPresent(!useLecture.getState().present),
  zoom(dir: 1 | -1): void {
    const zoom = stepZoom(useLecture.getState().zoom, dir);
    useLecture.setState({ zoom });
    try {
      localStorage.setItem(ZOOM_KEY, String(zoom));
    } catch {
      // No storage (private mode, some iframes): the zoom lasts for this page only.
    }
  },

  /** Opens the start page as a history entry, so Back returns to the scenario. */
  openStart(): void {
    location.hash = 'start';
  },
  /** Back from the start page to the scenario that is loaded (url-sync rewrites its link). */
  closeStart(): void {
    if (useApp.getState().spec) useLecture.setState({ startOpen: false });
  },

  /** The modes a URL fragment asks for (at boot and on every hash change). */
  applyParams(params: LectureParams): void {
    useLecture.setState({
      startOpen: params.start,
      present: params.present,
      embed: params.embed,
      embedPredict: params.predict,
    });
  },

  /** Escape: back from the start page, or out of presentation mode. */
  escape(): void {
    const { startOpen, present } = useLecture.getState();
    if (startOpen) lecture.closeStart();
    else if (present) lecture.setPresent(false);
  },
};
