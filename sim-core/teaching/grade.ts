/**
 * The grader: one submission against one assignment, by re-running what needs running.
 *
 * `grade` is pure (the same assignment and submission always give the same report); the optional
 * `SimCache` only saves work across students who share a configuration. A malformed or tampered
 * submission gets a report with its problems and no marks; it never throws.
 *
 * Per question kind: a prediction is asked again at its (personalised) cycle and checked by
 * simulation; a measurement's expected value is simulated and compared with a tolerance and
 * partial-credit bands; a design answer is simulated against its goal (and, to optimise, against
 * every allowed configuration); a choice answer is hashed with its salt and compared with the
 * stored hashes.
 */
import {
  freeOverrides,
  freeValues,
  type Assignment,
  type ChoiceQuestion,
  type DesignQuestion,
  type MeasurementQuestion,
  type PredictionQuestionSpec,
  type Question,
  type QuestionKind,
  type Scalar,
} from './assignment-schema';
import { canonicalJson, hashAnswer, normaliseStudentId } from './hashing';
import type { TeachingIssue } from './issues';
import {
  assignmentScenario,
  personalise,
  questionCycle,
  type Personalisation,
} from './personalise';
import {
  predictionAt,
  revealPrediction,
  type PredictionOutcome,
  type PredictionQuestion,
} from './predict';
import { SimCache, runStat } from './runs';
import { checkAnswers, parseSubmission, type Answer } from './submission-schema';

export interface QuestionGrade {
  id: string;
  kind: QuestionKind;
  points: number;
  max: number;
  /** Plain text for the student: what was expected, what was given, and why. */
  feedback: string;
}

export interface GradeReport {
  assignment: { id: string; revision: number; digest: string };
  /** From the submission (null when it could not be read). */
  student: { id: string; name: string } | null;
  status: 'graded' | 'malformed' | 'tampered';
  total: number;
  max: number;
  questions: QuestionGrade[];
  problems: TeachingIssue[];
  /** The student's personalised values (path → value). */
  params: Record<string, Scalar>;
}

export interface GradeOptions {
  cache?: SimCache;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A number for feedback: integers as they are, others with at most four decimals. */
export function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Math.round(n * 10_000) / 10_000);
}

const maxPoints = (a: Assignment) => round2(a.questions.reduce((s, q) => s + q.points, 0));

// ─── expected answers, by simulation ───────────────────────────────────────────────────────

/** The question a student is asked for a prediction, and its outcome; null if none can be asked. */
export function expectedPrediction(
  assignment: Assignment,
  p: Personalisation,
  q: PredictionQuestionSpec,
  cache: SimCache,
): { question: PredictionQuestion; outcome: PredictionOutcome } | { error: string } {
  const scenario = assignmentScenario(assignment, p, q.overrides);
  if (!scenario.ok) return { error: scenario.error.map((i) => i.message).join('; ') };
  const run = cache.run(scenario.value);
  const at = questionCycle(q, p);
  return cache.memo(
    `prediction ${run.key} ${at} ${q.predict} ${canonicalJson(q.target)}`,
    (): { question: PredictionQuestion; outcome: PredictionOutcome } | { error: string } => {
      const session = run.session;
      session.seek(at);
      if (session.cycle !== at)
        return { error: `the run ends at cycle ${session.cycle}, before ${at}` };
      const question = predictionAt(session, [q.predict], q.target);
      if (!question) return { error: `nothing to predict after cycle ${at}` };
      const outcome = revealPrediction(session, question);
      if (!outcome) return { error: 'the outcome could not be found' };
      return { question, outcome };
    },
  );
}

function measure(
  assignment: Assignment,
  p: Personalisation,
  stat: string,
  overrides: Record<string, unknown>,
  cache: SimCache,
): number | string {
  const scenario = assignmentScenario(assignment, p, overrides);
  if (!scenario.ok) return scenario.error.map((i) => i.message).join('; ');
  const value = runStat(cache.run(scenario.value), stat);
  return value ?? `the run has no statistic "${stat}"`;
}

/** The expected value of a measurement question (or why there is none). */
export function expectedMeasurement(
  assignment: Assignment,
  p: Personalisation,
  q: MeasurementQuestion,
  cache: SimCache,
): number | { error: string } {
  const value = measure(assignment, p, q.stat, q.overrides, cache);
  if (typeof value === 'string') return { error: value };
  if (!q.baseline || !q.compare) return value;
  const base = measure(assignment, p, q.stat, q.baseline.overrides, cache);
  if (typeof base === 'string') return { error: base };
  switch (q.compare) {
    case 'ratio':
      return base === 0 ? { error: 'the baseline is 0' } : value / base;
    case 'difference':
      return value - base;
    case 'percentReduction':
      return base === 0 ? { error: 'the baseline is 0' } : (100 * (base - value)) / base;
  }
}

export interface DesignEvaluation {
  config: Record<string, Scalar>;
  /** The goal's statistic (or the optimised statistic) for this configuration. */
  value: number | null;
  optimised: number | null;
  meetsGoal: boolean;
  error?: string;
}

const compare = (v: number, op: '<' | '<=' | '>' | '>=', t: number) =>
  op === '<' ? v < t : op === '<=' ? v <= t : op === '>' ? v > t : v >= t;

export function evaluateDesign(
  assignment: Assignment,
  p: Personalisation,
  q: DesignQuestion,
  config: Record<string, Scalar>,
  cache: SimCache,
): DesignEvaluation {
  const scenario = assignmentScenario(
    assignment,
    p,
    q.overrides,
    freeOverrides(assignment, config),
  );
  if (!scenario.ok)
    return {
      config,
      value: null,
      optimised: null,
      meetsGoal: false,
      error: scenario.error.map((i) => i.message).join('; '),
    };
  const run = cache.run(scenario.value);
  const value = q.goal ? runStat(run, q.goal.stat) : null;
  const optimised = q.optimise && 'stat' in q.optimise ? runStat(run, q.optimise.stat) : null;
  if (q.goal && value === null)
    return {
      config,
      value,
      optimised,
      meetsGoal: false,
      error: `the run has no statistic "${q.goal.stat}"`,
    };
  return {
    config,
    value,
    optimised,
    meetsGoal: q.goal ? compare(value!, q.goal.op, q.goal.value) : true,
  };
}

function allConfigs(assignment: Assignment, q: DesignQuestion): Record<string, Scalar>[] {
  let configs: Record<string, Scalar>[] = [{}];
  for (const path of q.params) {
    const spec = assignment.free.find((f) => f.path === path);
    if (!spec) continue;
    configs = configs.flatMap((c) => freeValues(spec).map((v) => ({ ...c, [path]: v })));
  }
  return configs;
}

/** Where a value of an optimised parameter ranks: numerically, or by its place in the list. */
function paramRank(assignment: Assignment, path: string, value: Scalar): number {
  const values = assignment.free.find((f) => f.path === path);
  const list = values ? freeValues(values) : [];
  if (list.every((v) => typeof v === 'number') && typeof value === 'number') return value;
  return list.indexOf(value);
}

/** The best configurations of a design task (all of them tie on what is optimised). */
export function bestDesigns(
  assignment: Assignment,
  p: Personalisation,
  q: DesignQuestion,
  cache: SimCache,
): { best: DesignEvaluation[]; score: number | null; feasible: number } {
  return cache.memo(`design ${assignment.digest} ${q.id} ${canonicalJson(p.overrides)}`, () =>
    findBestDesigns(assignment, p, q, cache),
  );
}

function findBestDesigns(
  assignment: Assignment,
  p: Personalisation,
  q: DesignQuestion,
  cache: SimCache,
): { best: DesignEvaluation[]; score: number | null; feasible: number } {
  const evaluated = allConfigs(assignment, q).map((c) =>
    evaluateDesign(assignment, p, q, c, cache),
  );
  const feasible = evaluated.filter((e) => e.meetsGoal && !e.error);
  if (!q.optimise) return { best: feasible, score: null, feasible: feasible.length };
  const opt = q.optimise;
  const scoreOf = (e: DesignEvaluation): number | null =>
    'param' in opt ? paramRank(assignment, opt.param, e.config[opt.param]!) : e.optimised;
  const scored = feasible.filter((e) => scoreOf(e) !== null);
  if (!scored.length) return { best: [], score: null, feasible: 0 };
  const pickBest = opt.direction === 'min' ? Math.min : Math.max;
  const score = pickBest(...scored.map((e) => scoreOf(e)!));
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  return {
    best: scored.filter((e) => close(scoreOf(e)!, score)),
    score,
    feasible: feasible.length,
  };
}

// ─── grading one question ──────────────────────────────────────────────────────────────────

interface Graded {
  fraction: number;
  feedback: string;
  /** The question could not be posed or computed for this student: not the student's fault. */
  void?: boolean;
}

function gradePrediction(
  a: Assignment,
  p: Personalisation,
  q: PredictionQuestionSpec,
  answer: Answer | undefined,
  cache: SimCache,
): Graded {
  const expected = expectedPrediction(a, p, q, cache);
  if ('error' in expected)
    return { fraction: 1, void: true, feedback: `void (${expected.error}): full marks` };
  const { question, outcome } = expected;
  if (answer === undefined)
    return {
      fraction: 0,
      feedback: `no answer; the answer was ${outcome.label}. ${outcome.explanation}`,
    };
  const given = question.options.find((o) => o.value === answer);
  if (!given)
    return {
      fraction: 0,
      feedback: `"${String(answer)}" is not one of the options; the answer was ${outcome.label}`,
    };
  if (answer === outcome.value)
    return { fraction: 1, feedback: `correct: ${outcome.label}. ${outcome.explanation}` };
  return {
    fraction: 0,
    feedback: `you chose ${given.label}; the answer was ${outcome.label}. ${outcome.explanation}`,
  };
}

function gradeMeasurement(
  a: Assignment,
  p: Personalisation,
  q: MeasurementQuestion,
  answer: Answer | undefined,
  cache: SimCache,
): Graded {
  const expected = expectedMeasurement(a, p, q, cache);
  if (typeof expected !== 'number')
    return { fraction: 1, void: true, feedback: `void (${expected.error}): full marks` };
  const unit = q.unit ? ` ${q.unit}` : '';
  const tol =
    'absolute' in q.tolerance ? q.tolerance.absolute : q.tolerance.relative * Math.abs(expected);
  const tolText =
    'absolute' in q.tolerance
      ? q.tolerance.absolute === 0
        ? 'exactly'
        : `±${formatNumber(q.tolerance.absolute)}`
      : `±${formatNumber(q.tolerance.relative * 100)}%`;
  const exp = `expected ${formatNumber(expected)}${unit} (${tolText})`;
  if (answer === undefined || typeof answer !== 'number')
    return { fraction: 0, feedback: `no answer; ${exp}` };
  const err = Math.abs(answer - expected);
  const slack = 1e-9 * Math.max(1, Math.abs(expected));
  if (err <= tol + slack)
    return { fraction: 1, feedback: `${formatNumber(answer)}${unit}: ${exp}, within tolerance` };
  for (const band of [...q.partial].sort((x, y) => x.within - y.within))
    if (err <= band.within * tol + slack)
      return {
        fraction: band.credit,
        feedback: `${formatNumber(answer)}${unit}: ${exp}; within ${formatNumber(band.within)}× the tolerance: ${formatNumber(band.credit * 100)}% credit`,
      };
  return { fraction: 0, feedback: `${formatNumber(answer)}${unit}: ${exp}; outside the tolerance` };
}

const configText = (c: Record<string, Scalar>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(', ');

function gradeDesign(
  a: Assignment,
  p: Personalisation,
  q: DesignQuestion,
  answer: Answer | undefined,
  cache: SimCache,
): Graded {
  const { best, feasible } = bestDesigns(a, p, q, cache);
  if (feasible === 0 || best.length === 0)
    return {
      fraction: 1,
      void: true,
      feedback: 'void (no allowed configuration meets the goal): full marks',
    };
  if (answer === undefined || typeof answer !== 'object')
    return { fraction: 0, feedback: `no answer; for example ${configText(best[0]!.config)}` };
  const config: Record<string, Scalar> = {};
  for (const path of q.params) {
    const value = answer[path];
    if (value === undefined) return { fraction: 0, feedback: `incomplete: no value for ${path}` };
    const spec = a.free.find((f) => f.path === path)!;
    const allowed = freeValues(spec);
    const ok = allowed.some((v) =>
      typeof v === 'number' && typeof value === 'number' ? Math.abs(v - value) < 1e-9 : v === value,
    );
    if (!ok)
      return {
        fraction: 0,
        feedback: `${path}=${String(value)} is not allowed (choose from ${allowed.map(String).join(', ')})`,
      };
    config[path] = value;
  }
  const mine = evaluateDesign(a, p, q, config, cache);
  const unit = q.unit ? ` ${q.unit}` : '';
  if (mine.error)
    return { fraction: 0, feedback: `${configText(config)}: does not run (${mine.error})` };
  const measured = q.goal
    ? `${q.goal.stat} = ${formatNumber(mine.value!)}${unit}, goal ${q.goal.op} ${formatNumber(q.goal.value)}${unit}`
    : q.optimise && 'stat' in q.optimise
      ? `${q.optimise.stat} = ${formatNumber(mine.optimised ?? NaN)}${unit}`
      : '';
  if (!mine.meetsGoal)
    return {
      fraction: 0,
      feedback: `${configText(config)}: ${measured}: the goal is not met (for example ${configText(best[0]!.config)} meets it)`,
    };
  if (!q.optimise) return { fraction: 1, feedback: `${configText(config)}: ${measured}: goal met` };
  const isBest = best.some((b) => configText(b.config) === configText(config));
  if (isBest)
    return {
      fraction: 1,
      feedback: `${configText(config)}: ${measured}: ${q.goal ? 'goal met, ' : ''}and the best choice`,
    };
  const what =
    'param' in q.optimise
      ? `the ${q.optimise.direction === 'min' ? 'smallest' : 'largest'} ${q.optimise.param} that ${q.goal ? 'meets the goal' : 'works'} is ${String(best[0]!.config[q.optimise.param])}`
      : `the best is ${configText(best[0]!.config)} with ${q.optimise.stat} = ${formatNumber(best[0]!.optimised ?? NaN)}${unit}`;
  return {
    fraction: q.partialCredit,
    feedback: `${configText(config)}: ${measured}: ${q.goal ? 'goal met, but ' : ''}${what}: ${formatNumber(q.partialCredit * 100)}% credit`,
  };
}

function gradeChoice(q: ChoiceQuestion, answer: Answer | undefined): Graded {
  if (answer === undefined || typeof answer === 'object')
    return { fraction: 0, feedback: 'no answer' };
  if (q.options && !q.options.some((o) => o.value === String(answer)))
    return { fraction: 0, feedback: `"${String(answer)}" is not one of the options` };
  const label = q.options?.find((o) => o.value === String(answer))?.label ?? String(answer);
  return q.answerHashes.includes(hashAnswer(q.salt, answer))
    ? { fraction: 1, feedback: `correct: ${label}` }
    : { fraction: 0, feedback: `${label}: not the expected answer` };
}

function gradeQuestion(
  a: Assignment,
  p: Personalisation,
  q: Question,
  answer: Answer | undefined,
  cache: SimCache,
): Graded {
  switch (q.kind) {
    case 'prediction':
      return gradePrediction(a, p, q, answer, cache);
    case 'measurement':
      return gradeMeasurement(a, p, q, answer, cache);
    case 'design':
      return gradeDesign(a, p, q, answer, cache);
    case 'choice':
      return gradeChoice(q, answer);
  }
}

// ─── whole submissions ─────────────────────────────────────────────────────────────────────

/** The report of a submission that gets no marks, before its problems are added. */
const ungraded = (assignment: Assignment): GradeReport => ({
  assignment: { id: assignment.id, revision: assignment.revision, digest: assignment.digest },
  student: null,
  status: 'malformed',
  total: 0,
  max: maxPoints(assignment),
  questions: [],
  problems: [],
  params: {},
});

export function grade(
  assignment: Assignment,
  submission: unknown,
  options: GradeOptions = {},
): GradeReport {
  const cache = options.cache ?? new SimCache();
  const base = ungraded(assignment);
  const parsed = parseSubmission(submission);
  if (!parsed.ok) return { ...base, problems: parsed.error };
  const sub = parsed.value;
  const student = { id: sub.student.id, name: sub.student.name };
  const checked = checkAnswers(assignment, sub);
  if (checked.status !== 'ok')
    return { ...base, student, status: checked.status, problems: checked.problems };
  const p = personalise(assignment, sub.student.id);
  const questions = assignment.questions.map((q): QuestionGrade => {
    const g = gradeQuestion(assignment, p, q, sub.answers[q.id], cache);
    const locked = sub.seen?.includes(q.id)
      ? ' (locked in the app once the outcome was shown)'
      : '';
    return {
      id: q.id,
      kind: q.kind,
      points: round2(g.fraction * q.points),
      max: q.points,
      feedback: `${g.feedback}${locked}`,
    };
  });
  return {
    ...base,
    student,
    status: 'graded',
    total: round2(questions.reduce((s, q) => s + q.points, 0)),
    questions,
    params: p.values,
  };
}

export interface BatchItem {
  /** Where the submission came from (a file name), for the report. */
  source: string;
  /** The submission: text (a file's content) or parsed JSON. */
  content: unknown;
  /** Why the file could not be read (SUB009, SUB010): then it is reported, not graded. */
  unreadable?: TeachingIssue;
}

export interface BatchReport extends GradeReport {
  source: string;
}

/**
 * Grades every submission (each on its own: one bad file never stops the batch) and flags
 * submissions that share a student id (SUB008, added to each of them).
 */
export function gradeBatch(
  assignment: Assignment,
  items: readonly BatchItem[],
  options: GradeOptions = {},
): BatchReport[] {
  const cache = options.cache ?? new SimCache();
  const reports = items.map((item): BatchReport =>
    item.unreadable
      ? { ...ungraded(assignment), problems: [item.unreadable], source: item.source }
      : { ...grade(assignment, item.content, { cache }), source: item.source },
  );
  const byStudent = new Map<string, BatchReport[]>();
  for (const r of reports) {
    if (!r.student) continue;
    const key = normaliseStudentId(r.student.id);
    byStudent.set(key, [...(byStudent.get(key) ?? []), r]);
  }
  for (const [id, group] of byStudent) {
    if (group.length < 2) continue;
    for (const r of group)
      r.problems.push({
        code: 'SUB008',
        path: 'student.id',
        message: `student "${id}" also submitted ${group
          .filter((o) => o !== r)
          .map((o) => o.source)
          .join(', ')}`,
      });
  }
  return reports;
}

// ─── keys, for instructors and tests ───────────────────────────────────────────────────────

export interface KeyEntry {
  id: string;
  kind: QuestionKind;
  /** The right answer as a submission would carry it; null for choice questions (hashed). */
  answer: Answer | null;
  /** For people: the value with its explanation. */
  text: string;
}

/**
 * The expected answers for one personalisation, computed by simulation (the grader's own). Choice
 * questions have no readable key: `choices` may supply their answers (an instructor's notes).
 */
export function answerKey(
  assignment: Assignment,
  p: Personalisation,
  cache: SimCache = new SimCache(),
  choices: Record<string, string> = {},
): KeyEntry[] {
  return assignment.questions.map((q): KeyEntry => {
    switch (q.kind) {
      case 'prediction': {
        const e = expectedPrediction(assignment, p, q, cache);
        return 'error' in e
          ? { id: q.id, kind: q.kind, answer: null, text: `void: ${e.error}` }
          : {
              id: q.id,
              kind: q.kind,
              answer: e.outcome.value,
              text: `${e.outcome.label} — ${e.question.prompt}`,
            };
      }
      case 'measurement': {
        const v = expectedMeasurement(assignment, p, q, cache);
        return typeof v === 'number'
          ? {
              id: q.id,
              kind: q.kind,
              answer: v,
              text: `${formatNumber(v)}${q.unit ? ` ${q.unit}` : ''}`,
            }
          : { id: q.id, kind: q.kind, answer: null, text: `void: ${v.error}` };
      }
      case 'design': {
        const { best } = bestDesigns(assignment, p, q, cache);
        const first = best[0];
        return first
          ? {
              id: q.id,
              kind: q.kind,
              answer: first.config,
              text: `${configText(first.config)}${best.length > 1 ? ` (or ${best.length - 1} more)` : ''}`,
            }
          : { id: q.id, kind: q.kind, answer: null, text: 'void: no configuration meets the goal' };
      }
      case 'choice':
        return {
          id: q.id,
          kind: q.kind,
          answer: choices[q.id] ?? null,
          text: choices[q.id] ?? '(hashed: see the instructor note)',
        };
    }
  });
}
