/**
 * Predict, then see: the state of the prediction card and the rules for when it appears.
 *
 * A question comes before the step it asks about. Forward moves (step, next event, play) go
 * through a gate (store.ts `setForwardGate`):
 *   - at a checkpoint the scenario's author chose (a walkthrough step with `predict`), playback
 *     stops at the step's cycle and the card asks about the next step from there;
 *   - with "Predict each step" on, every forward move first asks about the next checkable step.
 * The student picks an option; the worker checks it against the simulator (the rule that fired)
 * and the app then goes to the cycle of the outcome. Right and wrong answers are counted for the
 * session (this tab), across scenarios.
 *
 * During an assignment the card stays away (predictionsOff) and the same gate guards the
 * assignment's own prediction questions instead (assignment-store `assignmentGate`).
 */
import { create } from 'zustand';
import {
  predictionKindsFor,
  type PredictionCheck,
  type PredictionKind,
  type PredictionQuestion,
} from '../../sim-core/teaching/predict';
import { lecture, stepsOf, useLecture } from '../lecture/lecture-store';
import type { LectureStep } from '../lecture/steps';
import { cachedBy } from '../state/memo';
import { actions, setForwardGate, useApp, type AppState } from '../state/store';
import { assignmentGate, useAssignment, watchPredictionLocks } from './assignment-store';

export type PredictPhase = 'idle' | 'fetching' | 'asking' | 'checking' | 'answered';

/** "Any kind": the kinds of the model, taken in turn so every kind gets asked. */
export type KindChoice = PredictionKind | 'any';

export interface PredictState {
  /** "Predict each step": every forward move asks first. */
  eachStep: boolean;
  kind: KindChoice;
  phase: PredictPhase;
  question: PredictionQuestion | null;
  /** The walkthrough step (index) whose checkpoint asked, or null. */
  checkpoint: number | null;
  result: PredictionCheck | null;
  /** Why no question could be asked or checked (plain text), or null. */
  note: string | null;
  right: number;
  wrong: number;
  /** Checkpoints (walkthrough step indices) asked already for the loaded scenario. */
  asked: number[];
  /** Bumped when a forward move waits for the answer: the card takes the focus again. */
  nudge: number;
}

export const usePredict = create<PredictState>(() => ({
  eachStep: false,
  kind: 'any',
  phase: 'idle',
  question: null,
  checkpoint: null,
  result: null,
  note: null,
  right: 0,
  wrong: 0,
  asked: [],
  nudge: 0,
}));

/** A checkpoint: a walkthrough step that asks for a prediction, at its resolved cycle. */
export interface Checkpoint {
  index: number;
  cycle: number;
  kinds: PredictionKind[];
}

type WalkthroughWithPredict = { predict?: PredictionKind[] | undefined }[];

const NO_NOTES: WalkthroughWithPredict = [];
const checkpointsFor = cachedBy((steps: LectureStep[]) =>
  cachedBy((walkthrough: WalkthroughWithPredict) =>
    steps.flatMap((step) => {
      const kinds = walkthrough[step.index]?.predict;
      return kinds ? [{ index: step.index, cycle: step.cycle, kinds }] : [];
    }),
  ),
);

/** The loaded scenario's checkpoints, in walkthrough order (a stable array per scenario). */
export function checkpointsOf(s: AppState): Checkpoint[] {
  const walkthrough = (s.scenario?.walkthrough ?? NO_NOTES) as WalkthroughWithPredict;
  return checkpointsFor(stepsOf(s))(walkthrough);
}

/** The first checkpoint not asked yet with from < cycle ≤ to (to null: no bound). */
export function checkpointBetween(
  checkpoints: readonly Checkpoint[],
  asked: readonly number[],
  from: number,
  to: number | null,
): Checkpoint | null {
  let best: Checkpoint | null = null;
  for (const c of checkpoints)
    if (c.cycle > from && (to === null || c.cycle <= to) && !asked.includes(c.index))
      if (!best || c.cycle < best.cycle) best = c;
  return best;
}

/**
 * The kinds to ask the worker for, one set per try: the chosen kind, or (any) each of the model's
 * kinds alone, from the next in turn — asked together, one kind would always win the ties.
 */
export function kindsToTry(
  all: readonly PredictionKind[],
  choice: KindChoice,
  turn: number,
): PredictionKind[][] {
  if (choice !== 'any') return [[choice]];
  if (all.length === 0) return [];
  const start = turn % all.length;
  return [...all.slice(start), ...all.slice(0, start)].map((k) => [k]);
}

/** Set while the gate lets a move through that it held first (no question could be asked). */
let passing = false;
/** Which kind "any" tries first next time. */
let turn = 0;
/**
 * "Predict each step" found nothing to ask from this cycle on, for this choice of kind: moves
 * from here on go ahead without asking (there is nothing later either).
 */
let exhausted: { kind: KindChoice; cycle: number } | null = null;
/** Bumped by every new question or reset: a late reply to an older one is dropped. */
let generation = 0;

const open = (phase: PredictPhase) =>
  phase === 'fetching' || phase === 'asking' || phase === 'checking';

/**
 * During an assignment the app does not check predictions: its own prediction questions are
 * graded later, and a checked answer here would give them away.
 */
export const predictionsOff = (): boolean => useAssignment.getState().student !== null;

/** An embedded frame asks nothing unless its link says `predict=1` (a slide is not a quiz). */
const quietEmbed = (): boolean => {
  const { embed, embedPredict } = useLecture.getState();
  return embed && !embedPredict;
};

function modelKinds(): PredictionKind[] {
  const model = useApp.getState().meta?.model;
  return model ? predictionKindsFor(model).map((k) => k.kind) : [];
}

/**
 * Asks the worker for the next question from its current cycle, trying each set of kinds in
 * order. When none can be asked, `otherwise` runs (the move that was held goes ahead).
 */
async function ask(
  tries: readonly PredictionKind[][],
  checkpoint: number | null,
  otherwise?: () => void,
): Promise<void> {
  const api = useApp.getState().api;
  if (!api) return;
  const mine = ++generation;
  actions.pause();
  usePredict.setState({ phase: 'fetching', question: null, result: null, note: null, checkpoint });
  let question: PredictionQuestion | null = null;
  try {
    for (const kinds of tries) {
      question = await api.predict(kinds);
      if (question) break;
    }
  } catch {
    question = null;
  }
  if (mine !== generation) return;
  if (checkpoint !== null)
    usePredict.setState((s) => ({
      asked: s.asked.includes(checkpoint) ? s.asked : [...s.asked, checkpoint],
    }));
  if (!question) {
    usePredict.setState({
      phase: 'idle',
      note: 'Nothing more to predict from here: the run has no further step of this kind.',
    });
    if (otherwise) {
      passing = true;
      try {
        otherwise();
      } finally {
        passing = false;
      }
    }
    return;
  }
  turn += 1;
  usePredict.setState({ phase: 'asking', question });
}

export const predict = {
  setEachStep(eachStep: boolean): void {
    usePredict.setState({ eachStep, note: null });
  },
  setKind(kind: KindChoice): void {
    exhausted = null;
    usePredict.setState({ kind });
  },

  /** Asks about the next step now (the "Predict the next step" button). */
  askNow(): void {
    const { kind, phase } = usePredict.getState();
    if (open(phase) || predictionsOff() || quietEmbed()) return;
    void ask(kindsToTry(modelKinds(), kind, turn), null);
  },

  /** Checks the chosen option with the simulator, counts it, then shows the outcome. */
  async answer(value: string): Promise<void> {
    const { question, phase } = usePredict.getState();
    const api = useApp.getState().api;
    if (!question || !api || phase !== 'asking') return;
    const mine = generation;
    usePredict.setState({ phase: 'checking' });
    let result: PredictionCheck | null = null;
    try {
      result = await api.checkPrediction(question, value);
    } catch {
      result = null;
    }
    if (mine !== generation) return;
    if (!result) {
      usePredict.setState({
        phase: 'idle',
        question: null,
        note: 'This question could not be checked against the loaded run.',
      });
      return;
    }
    usePredict.setState((s) => ({
      phase: 'answered',
      result,
      right: s.right + (result.correct ? 1 : 0),
      wrong: s.wrong + (result.correct ? 0 : 1),
    }));
    // Then see: go to the cycle of the outcome. A checkpoint's lecture stays at its step, however
    // far on that is: "next step" goes on in order, skipping no step or checkpoint.
    if (result.cycle > (useApp.getState().view?.cycle ?? 0)) await actions.seek(result.cycle);
    const { checkpoint } = usePredict.getState();
    if (mine === generation && checkpoint !== null) lecture.hold(checkpoint);
  },

  /** Closes the card without answering (not counted). */
  skip(): void {
    generation += 1;
    usePredict.setState({ phase: 'idle', question: null, result: null, note: null });
  },
  /** Closes the card after the outcome was shown. */
  dismiss(): void {
    usePredict.setState({ phase: 'idle', question: null, result: null, note: null });
  },
  resetScore(): void {
    usePredict.setState({ right: 0, wrong: 0 });
  },
};

/**
 * The gate on forward moves. While a question is open, forward moves wait for the answer. At an
 * author's checkpoint ahead, playback stops at it (the arrival asks). With "Predict each step" on,
 * the move asks first, and goes ahead only when there is nothing to ask.
 */
export function predictGate(from: number, to: number | null): boolean {
  if (passing || quietEmbed()) return false;
  if (predictionsOff()) {
    // An assignment's own predictions: no moving past an unanswered one's cycle.
    return to !== null && assignmentGate(from, to);
  }
  const state = usePredict.getState();
  if (open(state.phase)) {
    usePredict.setState({ nudge: state.nudge + 1 });
    return true;
  }
  // Moving on closes the outcome of the last question.
  if (state.phase === 'answered') predict.dismiss();
  const app = useApp.getState();
  const checkpoint = checkpointBetween(checkpointsOf(app), state.asked, from, to);
  if (checkpoint) {
    actions.pause();
    void actions.seek(checkpoint.cycle);
    return true;
  }
  if (!state.eachStep) return false;
  if (exhausted && exhausted.kind === state.kind && from >= exhausted.cycle) return false;
  const playing = app.playing;
  // Nothing to ask: the move goes ahead (playing goes on), and so do later ones.
  const goAhead = () => {
    exhausted = { kind: state.kind, cycle: from };
    if (playing) useApp.setState({ playing: true });
    else if (to === null) void actions.nextEvent();
    else if (to > from) void actions.step(to - from);
  };
  void ask(kindsToTry(modelKinds(), state.kind, turn), null, goAhead);
  return true;
}

let installed = false;

/** Installs the gate and the arrival rule (once, at start-up). */
export function installPredict(): void {
  if (installed) return;
  installed = true;
  setForwardGate(predictGate);
  watchPredictionLocks();
  useApp.subscribe((s, prev) => {
    if (s.scenario !== prev.scenario) {
      generation += 1;
      exhausted = null;
      usePredict.setState({
        phase: 'idle',
        question: null,
        result: null,
        note: null,
        asked: [],
        checkpoint: null,
      });
      return;
    }
    // Arriving at a checkpoint from before it (a step, play, or the lecture's "next step", which
    // goes back in time after an outcome that took the views past the step).
    const cycle = s.view?.cycle;
    const before = prev.view?.cycle;
    if (cycle === undefined || before === undefined || cycle === before) return;
    const state = usePredict.getState();
    // Going elsewhere (back, the scrubber, a lecture step) skips an open question.
    if (state.phase === 'asking' && cycle !== state.question?.cycle) predict.skip();
    if (usePredict.getState().phase !== 'idle' || predictionsOff() || quietEmbed()) return;
    const here = checkpointsOf(s).find((c) => c.cycle === cycle && !state.asked.includes(c.index));
    if (!here) return;
    const { chosen, onward } = useLecture.getState();
    if (cycle < before && !(onward && chosen === here.index)) return;
    askAt(here);
  });
  // "Next step" onto a checkpoint where the views already are (an outcome took them there).
  useLecture.subscribe((l, prev) => {
    if (l.chosen === prev.chosen || l.chosen === null || !l.onward) return;
    const app = useApp.getState();
    const { phase, asked } = usePredict.getState();
    if (phase !== 'idle' || predictionsOff() || quietEmbed()) return;
    const here = checkpointsOf(app).find((c) => c.index === l.chosen && !asked.includes(c.index));
    if (here && app.view?.cycle === here.cycle) askAt(here);
  });
}

function askAt(here: Checkpoint): void {
  const tries = here.kinds.length > 0 ? [here.kinds] : kindsToTry(modelKinds(), 'any', turn);
  void ask(tries, here.index);
}
