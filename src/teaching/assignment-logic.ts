/**
 * The rules of the assignment page that need no React and no store: the `a=` / `af=` parameter in
 * the URL fragment, what the student may not change (locked and personalised parameters), where
 * progress is kept in local storage, and when a question counts as answered. Pure, except the
 * storage helpers, which take the Storage they use.
 */
import type { Override } from '../../sim-core/index';
import type {
  Answer,
  Assignment,
  Personalisation,
  Question,
  Scalar,
} from '../../sim-core/teaching/index';

/** `a=<id>`: a built-in assignment; `af=<id>`: one the student opened from a file. */
export interface AssignmentRef {
  id: string;
  file: boolean;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The assignment a fragment names (`#v1?a=coherence-basics&…`), or null. */
export function readAssignmentParam(fragment: string): AssignmentRef | null {
  const hash = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const q = hash.indexOf('?');
  if (q < 0) return null;
  const params = new URLSearchParams(hash.slice(q + 1));
  const builtin = params.get('a');
  const file = params.get('af');
  // A malformed id still names an assignment (the page says it does not exist).
  if (builtin !== null) return { id: builtin.slice(0, 80), file: false };
  if (file !== null) return { id: file.slice(0, 80), file: true };
  return null;
}

export const isSlug = (id: string): boolean => SLUG.test(id);

/**
 * A share link with the open assignment appended, so a reload reopens it. A state too large for
 * a link still gets a fragment naming the assignment.
 */
export function withAssignmentParam(
  link: string | null,
  open: AssignmentRef | null,
): string | null {
  if (!open) return link;
  const param = `${open.file ? 'af' : 'a'}=${encodeURIComponent(open.id)}`;
  return link === null ? `#v1?${param}` : `${link}&${param}`;
}

/** The fragment without its `a=` / `af=` parameter (to compare with the current share link). */
export function withoutAssignmentParam(fragment: string): string {
  return fragment.replace(/&a[f]?=[^&]*/g, '').replace(/\?a[f]?=[^&]*&?/, '?');
}

const under = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}.`) || prefix.startsWith(`${path}.`);

/** What an open assignment keeps as it set it: its locked paths and the personalised ones. */
export interface Locks {
  locked: readonly string[];
  /** Every scenario path a personalisation sets (the teaching engine's randomisedPaths). */
  randomised: readonly string[];
}

/**
 * Why the student may not change a scenario parameter (`system.ni`), or null when they may:
 * the assignment locks it, or it is one of the student's personalised values.
 */
export function lockReason(locks: Locks | null, path: string): string | null {
  if (!locks) return null;
  const locked = locks.locked.find((l) => under(path, l));
  if (locked) return `The assignment fixes ${locked}.`;
  const random = locks.randomised.find((r) => under(path, r));
  return random ? `${random} is personalised for you: it stays as the assignment set it.` : null;
}

export const toOverrides = (record: Record<string, unknown>): Override[] =>
  Object.entries(record).map(([path, value]) => ({ path, value }));

/** Whether an answer counts as given (an empty text or an incomplete design does not). */
export function isAnswered(question: Question, answer: Answer | undefined): boolean {
  if (answer === undefined) return false;
  if (typeof answer === 'string') return answer.trim() !== '';
  if (typeof answer === 'number') return Number.isFinite(answer);
  if (typeof answer === 'boolean') return true;
  if (question.kind === 'design') return question.params.every((p) => p in answer);
  return Object.keys(answer).length > 0;
}

/**
 * A measurement typed by the student as a number: decimal point or comma, an optional exponent;
 * null when it is not one.
 */
export function parseMeasurement(text: string): number | null {
  const t = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

// ─── prediction integrity ───────────────────────────────────────────────────────────────────

/** A prediction question of the loaded configuration and the cycle it asks from. */
export interface PredictionStop {
  id: string;
  at: number;
}

/**
 * The first unanswered, unseen prediction that a forward move from `from` to `to` would go past
 * (its cycle in [from, to)): the move waits until it is answered, so the outcome cannot be read
 * first. Null when the move may go ahead.
 */
export function predictionInTheWay(
  stops: readonly PredictionStop[],
  answered: (id: string) => boolean,
  seen: readonly string[],
  from: number,
  to: number,
): PredictionStop | null {
  let first: PredictionStop | null = null;
  for (const stop of stops)
    if (stop.at >= from && stop.at < to && !answered(stop.id) && !seen.includes(stop.id))
      if (!first || stop.at < first.at) first = stop;
  return first;
}

/** Predictions whose outcome shows at `cycle` (past their cycle) and that are not locked yet. */
export const newlySeen = (
  stops: readonly PredictionStop[],
  seen: readonly string[],
  cycle: number,
): string[] => stops.filter((s) => cycle > s.at && !seen.includes(s.id)).map((s) => s.id);

// ─── progress in local storage ──────────────────────────────────────────────────────────────

const PREFIX = 'ni-lab:assignment';

/** Where one student's progress on one assignment is kept (ids as the grader compares them). */
export function progressKey(assignmentId: string, studentId: string): string {
  return `${PREFIX}:${assignmentId}:student:${studentId.normalize('NFKC').trim().toLowerCase()}`;
}

/** Who last worked on an assignment in this browser (a reload resumes as them). */
export const lastStudentKey = (assignmentId: string) => `${PREFIX}:${assignmentId}:last`;

/** An assignment the student opened from a file, kept so a reload can reopen it. */
export const fileKey = (assignmentId: string) => `${PREFIX}-file:${assignmentId}`;

export interface SavedProgress {
  version: 1;
  digest: string;
  revision: number;
  student: { id: string; name: string };
  answers: Record<string, Answer>;
  /** Prediction questions whose outcome the student has seen (locked). */
  seen?: string[];
  savedAt: string;
}

function readJson(storage: Storage | null, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isAnswer(v: unknown): v is Answer {
  if (typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  return (
    isRecord(v) &&
    Object.values(v).every(
      (x) => typeof x === 'string' || typeof x === 'boolean' || typeof x === 'number',
    )
  );
}

/**
 * Saved progress for a student, keeping only answers to questions the assignment still has (a
 * corrupt entry reads as none: the student starts again rather than the page failing).
 */
export function readProgress(
  storage: Storage | null,
  assignment: Pick<Assignment, 'id' | 'questions'>,
  studentId: string,
): SavedProgress | null {
  const raw = readJson(storage, progressKey(assignment.id, studentId));
  if (!isRecord(raw) || raw.version !== 1 || !isRecord(raw.answers)) return null;
  const ids = new Set(assignment.questions.map((q) => q.id));
  const answers: Record<string, Answer> = {};
  for (const [id, value] of Object.entries(raw.answers))
    if (ids.has(id) && isAnswer(value)) answers[id] = value;
  const student = isRecord(raw.student) ? raw.student : {};
  return {
    version: 1,
    digest: typeof raw.digest === 'string' ? raw.digest : '',
    revision: typeof raw.revision === 'number' ? raw.revision : 0,
    student: {
      id: typeof student.id === 'string' ? student.id : studentId,
      name: typeof student.name === 'string' ? student.name : '',
    },
    answers,
    seen: Array.isArray(raw.seen)
      ? raw.seen.filter((id): id is string => typeof id === 'string' && ids.has(id))
      : [],
    savedAt: typeof raw.savedAt === 'string' ? raw.savedAt : '',
  };
}

/** Saves progress; false when storage is unavailable or full (the page says so). */
export function writeProgress(
  storage: Storage | null,
  assignmentId: string,
  progress: SavedProgress,
): boolean {
  try {
    if (!storage) return false;
    storage.setItem(progressKey(assignmentId, progress.student.id), JSON.stringify(progress));
    storage.setItem(lastStudentKey(assignmentId), JSON.stringify(progress.student));
    return true;
  } catch {
    return false;
  }
}

export function readLastStudent(
  storage: Storage | null,
  assignmentId: string,
): { id: string; name: string } | null {
  const raw = readJson(storage, lastStudentKey(assignmentId));
  if (!isRecord(raw) || typeof raw.id !== 'string' || raw.id.trim() === '') return null;
  return { id: raw.id, name: typeof raw.name === 'string' ? raw.name : '' };
}

export function forgetLastStudent(storage: Storage | null, assignmentId: string): void {
  try {
    storage?.removeItem(lastStudentKey(assignmentId));
  } catch {
    // Nothing to forget without storage.
  }
}

/** The design answer's value for a free parameter, shown in its menu (as text). */
export const scalarText = (v: Scalar | undefined): string => (v === undefined ? '' : String(v));

/** Personalised values worth showing to the student (not the cycles of prediction questions). */
export function personalValues(p: Personalisation): [string, Scalar][] {
  return Object.entries(p.values).filter(([path]) => !path.startsWith('questions.'));
}

/** The file name of a submission: `<assignment>-<student id>.json`, safe on every system. */
export function submissionFileName(assignmentId: string, studentId: string): string {
  const safe = studentId
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${assignmentId}-${safe || 'student'}.json`;
}
