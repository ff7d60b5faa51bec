/**
 * Per-student values: each random parameter of an assignment gets one of its choices, drawn from
 * a seed derived from (assignment id, student id), one independent draw per parameter path. The
 * app (when a student opens the assignment) and the grader (from the submission's student id)
 * derive the same values; neighbours get different numbers.
 */
import { applyOverrides, type Override } from '../scenario/overrides';
import { formatIssue } from '../scenario/issues';
import { parseScenario } from '../scenario/parse';
import type { Scenario } from '../scenario/schema';
import {
  randomChoices,
  randomOverrides,
  type Assignment,
  type Question,
  type Scalar,
} from './assignment-schema';
import { normaliseStudentId, pick, studentSeed } from './hashing';
import type { TeachingIssue } from './issues';

export interface Personalisation {
  /** The student id as given (it is normalised for hashing: trimmed, lower-case). */
  studentId: string;
  seed: number;
  /** Random parameter (path or name) → the student's value, in the assignment's order. */
  values: Record<string, Scalar>;
  /** The scenario overrides these values make (a named parameter sets each of its paths). */
  overrides: Override[];
}

function expand(
  assignment: Pick<Assignment, 'randomise'>,
  values: Record<string, Scalar>,
): Override[] {
  return Object.entries(values).flatMap(([key, value]) => {
    const spec = assignment.randomise[key];
    return spec ? randomOverrides(key, spec, value) : [];
  });
}

export function personalise(
  assignment: Pick<Assignment, 'id' | 'randomise'>,
  studentId: string,
): Personalisation {
  const seed = studentSeed(assignment.id, studentId);
  const values: Record<string, Scalar> = {};
  for (const [key, spec] of Object.entries(assignment.randomise)) {
    const choices = randomChoices(spec);
    values[key] = choices[pick(seed, key, choices.length)]!;
  }
  return {
    studentId: normaliseStudentId(studentId),
    seed,
    values,
    overrides: expand(assignment, values),
  };
}

/** A personalisation with given values (an instructor's key for one combination, tests). */
export function withValues(
  assignment: Pick<Assignment, 'randomise'>,
  values: Record<string, Scalar>,
  studentId = '',
): Personalisation {
  return { studentId, seed: 0, values: { ...values }, overrides: expand(assignment, values) };
}

/** The scenario overrides of a personalisation (its `questions.*` values are not scenario paths). */
export function personalOverrides(p: Personalisation): Override[] {
  return p.overrides.map((o) => ({ ...o }));
}

/** The cycle a prediction question is asked at for this student. */
export function questionCycle(
  question: Question & { kind: 'prediction' },
  p: Personalisation,
): number {
  const v = p.values[`questions.${question.id}.at`];
  return typeof v === 'number' ? v : question.at;
}

/**
 * `{{path}}` in an assignment's text replaced by the student's value of that random parameter
 * (unknown paths are left as they are).
 */
export function renderText(text: string, p: Personalisation): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, path: string) =>
    path in p.values ? String(p.values[path]) : whole,
  );
}

/**
 * The scenario a student runs: the assignment's scenario, then the student's random values, then
 * `extra` overrides (a question's; a design answer's as `freeOverrides(assignment, config)`),
 * each later one winning.
 */
export function assignmentScenario(
  assignment: Pick<Assignment, 'base'>,
  p: Personalisation,
  ...extra: (Record<string, unknown> | readonly Override[])[]
): { ok: true; value: Scenario } | { ok: false; error: TeachingIssue[] } {
  const all: Override[] = [...personalOverrides(p)];
  for (const e of extra)
    all.push(
      ...(Array.isArray(e) ? e : Object.entries(e).map(([path, value]) => ({ path, value }))),
    );
  const applied = applyOverrides(assignment.base, all);
  if (!applied.ok)
    return {
      ok: false,
      error: [{ code: 'ASG008', path: 'scenario', message: formatIssue(applied.error) }],
    };
  const parsed = parseScenario(applied.value);
  if (!parsed.ok)
    return {
      ok: false,
      error: parsed.error.map((i) => ({
        code: 'ASG008',
        path: 'scenario',
        message: formatIssue(i),
      })),
    };
  return parsed;
}
