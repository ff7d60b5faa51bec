/**
 * The open assignment: the parsed file, the student (name, id and personalised values), their
 * answers (saved to local storage on every change, so a reload loses nothing), the prediction
 * questions generated for them, and coded problems with a file or a submission.
 *
 * Opening: by link (`#v1?a=<built-in id>`; `af=<id>` reopens one opened from a file) or by file.
 * Then the student gives their name and id; their scenario (the assignment's, with their
 * personalised values) loads with the locked parameters' menus disabled and the hidden panels
 * gone. "Export submission" downloads the submission file that tools/grade.ts grades.
 */
import { create } from 'zustand';
import type {
  Answer,
  Assignment,
  Personalisation,
  PredictionQuestion,
  Scalar,
  TeachingIssue,
} from '../../sim-core/teaching/index';
import type { Override, ViewName } from '../../sim-core/index';
import { MAX_FILE_BYTES } from '../../sim-core/scenario/limits';
import { actions, useApp } from '../state/store';
import type { LoadSpec } from '../worker/sim-api';
import {
  fileKey,
  forgetLastStudent,
  lockReason,
  type Locks,
  readLastStudent,
  readProgress,
  submissionFileName,
  toOverrides,
  isAnswered,
  newlySeen,
  predictionInTheWay,
  writeProgress,
  type AssignmentRef,
  type PredictionStop,
} from './assignment-logic';
import { loadTeaching, teaching } from './teaching-engine';

export interface TeachingProblem {
  context: string;
  issues: TeachingIssue[];
}

/** A prediction question as generated for this student (by simulation, in the worker). */
export type PredictionSlot =
  | { state: 'loading' }
  | { state: 'ready'; question: PredictionQuestion }
  | { state: 'none'; reason: string };

export interface AssignmentState {
  assignment: Assignment | null;
  ref: AssignmentRef | null;
  /** What the assignment keeps as it set it (the menus of those parameters are disabled). */
  locks: Locks | null;
  student: { id: string; name: string } | null;
  personal: Personalisation | null;
  answers: Record<string, Answer>;
  /** When the answers were last saved in this browser (ISO text), or null. */
  savedAt: string | null;
  /** False when local storage refused the last save. */
  saved: boolean;
  /** Set when saved answers were made for an earlier revision of the file. */
  staleNote: string | null;
  predictions: Record<string, PredictionSlot>;
  /**
   * Prediction questions whose outcome the student has gone past in their configuration: the
   * answer is locked (and the submission lists them).
   */
  seen: string[];
  /** Why the last forward move stopped (a prediction to answer first), or null. */
  gateNote: string | null;
  problem: TeachingProblem | null;
  /** What the last export did (shown next to the button). */
  exportNote: string | null;
}

const initial = {
  assignment: null,
  ref: null,
  locks: null,
  student: null,
  personal: null,
  answers: {},
  savedAt: null,
  saved: true,
  staleNote: null,
  predictions: {},
  seen: [],
  gateNote: null,
  problem: null,
  exportNote: null,
} satisfies AssignmentState;

export const useAssignment = create<AssignmentState>(() => ({ ...initial }));

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The app's name and version, written into submissions for support. */
const APP = 'NI Lab 0.1.0';

/** The scenario this student runs, plus `extra` overrides (a question's, a design's values). */
export function studentSpec(
  assignment: Assignment,
  p: Personalisation,
  extra: readonly Override[] = [],
): LoadSpec | TeachingIssue[] {
  const { assignmentScenario, personalOverrides } = teaching();
  if ('builtin' in assignment.scenario)
    return {
      kind: 'builtin',
      id: assignment.scenario.builtin,
      overrides: [...toOverrides(assignment.scenario.overrides), ...personalOverrides(p), ...extra],
    };
  const scenario = assignmentScenario(assignment, p, extra);
  return scenario.ok ? { kind: 'document', doc: scenario.value } : scenario.error;
}

/** Whether the assignment hides the scenario's own summary, goals and walkthrough notes. */
export const scenarioTextHidden = (s: AssignmentState): boolean =>
  s.assignment !== null && !s.assignment.scenarioNotes;

/**
 * Panels the assignment hides, the walkthrough too unless it shows the scenario's notes. One
 * array per assignment, so the selector's answer is stable between renders.
 */
const NONE: ViewName[] = [];
const hiddenOf = new WeakMap<Assignment, ViewName[]>();
export const hiddenPanels = (s: AssignmentState): ViewName[] => {
  const a = s.assignment;
  if (!a) return NONE;
  let hidden = hiddenOf.get(a);
  if (!hidden) {
    hidden = a.scenarioNotes
      ? a.hiddenPanels
      : [...new Set<ViewName>([...a.hiddenPanels, 'notes'])];
    hiddenOf.set(a, hidden);
  }
  return hidden;
};

/** Why a parameter's menu is disabled, or null (see lockReason). */
export function useLock(): (path: string) => string | null {
  const locks = useAssignment((s) => (s.student ? s.locks : null));
  return (path) => lockReason(locks, path);
}

function show(context: string, issues: TeachingIssue[]): void {
  useAssignment.setState({ problem: { context, issues } });
}

function save(): void {
  const { assignment, student, answers, seen } = useAssignment.getState();
  if (!assignment || !student) return;
  const savedAt = new Date().toISOString();
  const saved = writeProgress(storage(), assignment.id, {
    version: 1,
    digest: assignment.digest,
    revision: assignment.revision,
    student,
    answers,
    seen,
    savedAt,
  });
  useAssignment.setState({ savedAt: saved ? savedAt : null, saved });
}

/** Generates this student's prediction questions in the worker, one after another. */
async function generatePredictions(assignment: Assignment, p: Personalisation): Promise<void> {
  const api = useApp.getState().api;
  const questions = assignment.questions.filter((q) => q.kind === 'prediction');
  if (!api || questions.length === 0) return;
  useAssignment.setState({
    predictions: Object.fromEntries(questions.map((q) => [q.id, { state: 'loading' as const }])),
  });
  const { assignmentScenario, questionCycle } = teaching();
  for (const q of questions) {
    let slot: PredictionSlot;
    const scenario = assignmentScenario(assignment, p, q.overrides);
    if (!scenario.ok)
      slot = { state: 'none', reason: scenario.error.map((i) => i.message).join('; ') };
    else {
      try {
        const reply = await api.predictIn(scenario.value, questionCycle(q, p), q.predict, q.target);
        slot = !reply.ok
          ? { state: 'none', reason: reply.issues.map((i) => i.message).join('; ') }
          : reply.question
            ? { state: 'ready', question: reply.question }
            : { state: 'none', reason: 'nothing to predict at this cycle' };
      } catch (e) {
        slot = { state: 'none', reason: e instanceof Error ? e.message : 'the simulator failed' };
      }
    }
    // The student or the assignment may have changed meanwhile.
    const now = useAssignment.getState();
    if (now.assignment !== assignment || now.personal !== p) return;
    useAssignment.setState({ predictions: { ...now.predictions, [q.id]: slot } });
  }
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const assignmentActions = {
  /**
   * Opens a parsed-or-not assignment document. Coded problems (ASG…) are shown and nothing
   * changes when it does not parse. Resumes as the student who last worked on it here.
   */
  async open(doc: unknown, ref: AssignmentRef, context: string, cycle?: number): Promise<boolean> {
    const { engine, scenarios } = await loadTeaching();
    const parsed = engine.parseAssignment(doc, (id) => scenarios.findBuiltin(id)?.doc);
    if (!parsed.ok) {
      show(context, parsed.error);
      return false;
    }
    const assignment = parsed.value;
    useAssignment.setState({
      ...initial,
      assignment,
      ref: { id: assignment.id, file: ref.file },
      locks: { locked: assignment.locked, randomised: engine.randomisedPaths(assignment) },
    });
    const last = readLastStudent(storage(), assignment.id);
    if (last) await assignmentActions.begin(last.name, last.id, cycle);
    return true;
  },

  /** Opens a built-in assignment by id (`#v1?a=<id>`). */
  async openBuiltin(id: string, cycle?: number): Promise<boolean> {
    const { builtinAssignments, findAssignment } = (await loadTeaching()).assignments;
    const found = findAssignment(id);
    if (!found) {
      show('Opening the assignment', [
        {
          code: 'ASG008',
          path: 'a',
          message: `there is no built-in assignment "${id.slice(0, 64)}" (there are ${builtinAssignments.length}: ${builtinAssignments
            .map((a) => a.id)
            .slice(0, 12)
            .join(', ')})`,
        },
      ]);
      return false;
    }
    return assignmentActions.open(found.doc, { id, file: false }, `Opening ${found.file}`, cycle);
  },

  /** Reopens an assignment this browser opened from a file (`#v1?af=<id>`). */
  reopenFile(id: string, cycle?: number): Promise<boolean> {
    let text: string | null;
    try {
      text = storage()?.getItem(fileKey(id)) ?? null;
    } catch {
      text = null;
    }
    if (text === null) {
      show('Reopening the assignment', [
        {
          code: 'ASG008',
          path: 'af',
          message: `assignment "${id.slice(0, 64)}" was opened from a file that this browser no longer has: open the file again`,
        },
      ]);
      return Promise.resolve(false);
    }
    return assignmentActions.open(text, { id, file: true }, 'Reopening the assignment', cycle);
  },

  /** Opens an assignment file the student chose (kept in local storage for reloads). */
  async openFile(file: File): Promise<boolean> {
    const context = `Opening ${file.name}`;
    if (file.size > MAX_FILE_BYTES) {
      show(context, [
        {
          code: 'ASG010',
          path: '',
          message: `too large: the file is ${(file.size / 1024 / 1024).toFixed(1)} MiB, at most ${MAX_FILE_BYTES / 1024 / 1024} MiB`,
        },
      ]);
      return false;
    }
    const text = await file.text();
    const { engine, scenarios } = await loadTeaching();
    const parsed = engine.parseAssignment(text, (id) => scenarios.findBuiltin(id)?.doc);
    if (!parsed.ok) {
      show(context, parsed.error);
      return false;
    }
    try {
      storage()?.setItem(fileKey(parsed.value.id), text);
    } catch {
      // Without storage the assignment works until the page is reloaded.
    }
    return assignmentActions.open(text, { id: parsed.value.id, file: true }, context);
  },

  /**
   * The student starts (or resumes): personalised values from their id, their saved answers, and
   * their scenario loaded at `cycle`.
   */
  async begin(name: string, id: string, cycle = 0): Promise<boolean> {
    const { assignment } = useAssignment.getState();
    if (!assignment) return false;
    if (id.trim() === '') {
      show('Starting the assignment', [
        { code: 'SUB003', path: 'student.id', message: 'a student id is required' },
      ]);
      return false;
    }
    const student = { id: id.trim().slice(0, 64), name: name.trim().slice(0, 120) };
    const personal = teaching().personalise(assignment, student.id);
    const progress = readProgress(storage(), assignment, student.id);
    const staleNote =
      progress && progress.digest !== '' && progress.digest !== assignment.digest
        ? `Your saved answers were made for revision ${progress.revision} of this assignment; this is revision ${assignment.revision}. Check them before you export.`
        : null;
    useAssignment.setState({
      student,
      personal,
      answers: progress?.answers ?? {},
      seen: progress?.seen ?? [],
      gateNote: null,
      savedAt: progress?.savedAt || null,
      staleNote,
      problem: null,
      exportNote: null,
      predictions: {},
    });
    // A new student's empty progress is saved at once, so a reload resumes as them.
    if (!progress) save();
    else writeProgress(storage(), assignment.id, { ...progress, student });
    const spec = studentSpec(assignment, personal);
    if (Array.isArray(spec)) {
      show('Loading the assignment’s scenario', spec);
      return false;
    }
    const loaded = await actions.load(spec, {
      cycle,
      context: 'Loading the assignment’s scenario',
    });
    void generatePredictions(assignment, personal);
    return loaded;
  },

  setAnswer(questionId: string, value: Answer): void {
    if (useAssignment.getState().seen.includes(questionId)) return;
    useAssignment.setState((s) => ({
      answers: { ...s.answers, [questionId]: value },
      exportNote: null,
    }));
    save();
  },
  clearAnswer(questionId: string): void {
    if (useAssignment.getState().seen.includes(questionId)) return;
    useAssignment.setState((s) => {
      const answers = { ...s.answers };
      delete answers[questionId];
      return { answers, exportNote: null };
    });
    save();
  },

  /**
   * Loads this student's scenario with a question's overrides (locked and personalised values
   * stay), at `cycle`.
   */
  showConfiguration(extra: Record<string, unknown>, cycle = 0): Promise<boolean> {
    return loadWith(toOverrides(extra), cycle);
  },

  /** Loads this student's scenario with a design's free values (and the question's overrides). */
  tryDesign(
    questionOverrides: Record<string, unknown>,
    config: Record<string, Scalar>,
  ): Promise<boolean> {
    const { assignment } = useAssignment.getState();
    if (!assignment) return Promise.resolve(false);
    return loadWith(
      [...toOverrides(questionOverrides), ...teaching().freeOverrides(assignment, config)],
      0,
    );
  },

  /** Builds, checks and downloads the submission file. */
  exportSubmission(): boolean {
    const { assignment, student, answers, seen } = useAssignment.getState();
    if (!assignment || !student) return false;
    const { checkAnswers, makeSubmission } = teaching();
    const submission = makeSubmission(
      assignment,
      student,
      answers,
      new Date().toISOString(),
      APP,
      seen,
    );
    const check = checkAnswers(assignment, submission);
    if (check.status !== 'ok') {
      show('Exporting the submission', check.problems);
      return false;
    }
    const name = submissionFileName(assignment.id, student.id);
    download(name, `${JSON.stringify(submission, null, 2)}\n`);
    useAssignment.setState({
      problem: null,
      exportNote: `Downloaded ${name}. Hand this file in; your answers stay saved here too.`,
    });
    return true;
  },

  /** Another student on this computer: back to the name and id form (progress stays saved). */
  switchStudent(): void {
    const { assignment } = useAssignment.getState();
    if (assignment) forgetLastStudent(storage(), assignment.id);
    useAssignment.setState({
      student: null,
      personal: null,
      answers: {},
      savedAt: null,
      predictions: {},
      seen: [],
      gateNote: null,
      exportNote: null,
      staleNote: null,
    });
  },

  /** Closes the assignment (answers stay saved) and leaves its scenario loaded, unlocked. */
  leave(): void {
    useAssignment.setState({ ...initial });
  },

  dismissProblem(): void {
    useAssignment.setState({ problem: null });
  },
  showProblem: show,
};

/** Loads this student's scenario with `extra` overrides at `cycle`. */
async function loadWith(extra: Override[], cycle: number): Promise<boolean> {
  const { assignment, personal } = useAssignment.getState();
  if (!assignment || !personal) return false;
  const spec = studentSpec(assignment, personal, extra);
  if (Array.isArray(spec)) {
    show('Loading the configuration', spec);
    return false;
  }
  return actions.load(spec, { cycle, context: 'Loading the configuration' });
}

// ─── prediction integrity: no reading the outcome before answering ──────────────────────────

let stopsMemo: {
  spec: LoadSpec | null;
  personal: Personalisation;
  stops: PredictionStop[];
} | null = null;

/**
 * The prediction questions of the configuration loaded now (the student's scenario with the
 * question's overrides), with their cycles. Another configuration (a design being tried) has none.
 */
function loadedStops(): PredictionStop[] {
  const { assignment, personal } = useAssignment.getState();
  const spec = useApp.getState().spec;
  if (!assignment || !personal) return [];
  if (stopsMemo?.spec === spec && stopsMemo.personal === personal) return stopsMemo.stops;
  const loaded = JSON.stringify(spec);
  const { questionCycle } = teaching();
  const stops = assignment.questions.flatMap((q) => {
    if (q.kind !== 'prediction') return [];
    const own = studentSpec(assignment, personal, toOverrides(q.overrides));
    return !Array.isArray(own) && JSON.stringify(own) === loaded
      ? [{ id: q.id, at: questionCycle(q, personal) }]
      : [];
  });
  stopsMemo = { spec, personal, stops };
  return stops;
}

/**
 * The forward gate during an assignment: a move from `from` to `to` that would go past an
 * unanswered prediction's cycle stops at that cycle and says so. True when it held the move.
 */
export function assignmentGate(from: number, to: number): boolean {
  const { assignment, answers, seen } = useAssignment.getState();
  if (!assignment) return false;
  const stop = predictionInTheWay(
    loadedStops(),
    (id) =>
      isAnswered(
        assignment.questions.find((q) => q.id === id)!,
        answers[id],
      ),
    seen,
    from,
    to,
  );
  if (!stop) {
    if (useAssignment.getState().gateNote) useAssignment.setState({ gateNote: null });
    return false;
  }
  const n = assignment.questions.findIndex((q) => q.id === stop.id) + 1;
  actions.pause();
  if (from < stop.at) void actions.seek(stop.at);
  useAssignment.setState({
    gateNote: `Answer Q${n} before going past cycle ${stop.at}: the next step is what it asks about.`,
  });
  return true;
}

/** Locks the predictions whose outcome the loaded view now shows (saved at once). */
function lockSeen(): void {
  const { student, seen } = useAssignment.getState();
  const cycle = useApp.getState().view?.cycle;
  if (!student || cycle === undefined) return;
  const fresh = newlySeen(loadedStops(), seen, cycle);
  if (fresh.length === 0) return;
  useAssignment.setState({ seen: [...seen, ...fresh] });
  save();
}

let watching = false;

/** Watches the view for predictions going past their cycle (once, at start-up). */
export function watchPredictionLocks(): void {
  if (watching) return;
  watching = true;
  useApp.subscribe((s, prev) => {
    if (s.view !== prev.view || s.spec !== prev.spec) lockSeen();
  });
  useAssignment.subscribe((s, prev) => {
    if (s.student !== prev.student || s.personal !== prev.personal) lockSeen();
  });
}
