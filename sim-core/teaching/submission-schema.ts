/**
 * The submission format, version 1: which assignment (id, revision and the digest of the file the
 * student answered), who (id and name), the answers by question id, and when the app saved it (a
 * string, never used for grading).
 *
 * `parseSubmission` checks the format only; `checkAnswers` checks the answers against the
 * assignment's questions (kinds, locked parameters). Both return coded issues, never throw.
 */
import { z } from 'zod';
import { schemaRef } from '../scenario/fields';
import { showValue } from '../scenario/issues';
import type { Assignment, Question } from './assignment-schema';
import { paramPath, randomisedPaths, scalar } from './assignment-schema';
import { SUBMISSION_BOUNDS } from '../scenario/limits';
import { readVersionedTeachingDoc, zodToIssues, type TeachingIssue } from './issues';

export const SUBMISSION_VERSION = 1;

const answer = z.union([z.string().max(2000), z.number(), z.record(paramPath, scalar)], {
  error: (iss) =>
    `expected an answer (text, a number, or { "path": value } for a design), got ${showValue(iss.input)}`,
});

export const submissionSchema = z.strictObject({
  $schema: schemaRef,
  version: z.literal(SUBMISSION_VERSION),
  assignment: z.strictObject({
    id: z.string().max(64),
    revision: z.int().min(1),
    digest: z.string().regex(/^[0-9a-f]{64}$/, { error: 'expected 64 lower-case hex digits' }),
  }),
  student: z.strictObject({
    id: z
      .string()
      .max(64)
      .refine((s) => s.trim().length > 0, { error: 'a student id is required' }),
    name: z.string().max(120).default(''),
  }),
  answers: z.record(z.string().max(32), answer).default({}),
  /**
   * Prediction questions whose outcome the student had gone past in the app: their answers were
   * locked from then on (an unanswered one stayed unanswered).
   */
  seen: z.array(z.string().max(32)).max(40).optional(),
  /** When the app saved it, as the app wrote it; not used for grading. */
  savedAt: z.string().max(64).default(''),
  /** The app that wrote it (name and version), for support. */
  app: z.string().max(80).optional(),
});

export type Submission = z.output<typeof submissionSchema>;
export type Answer = Submission['answers'][string];

export function parseSubmission(
  input: unknown,
): { ok: true; value: Submission } | { ok: false; error: TeachingIssue[] } {
  const read = readVersionedTeachingDoc(
    input,
    SUBMISSION_BOUNDS,
    { syntax: 'SUB001', object: 'SUB003', version: 'SUB002', limit: 'SUB010' },
    'submission',
    SUBMISSION_VERSION,
  );
  if (!read.ok) return read;
  const parsed = submissionSchema.safeParse(read.value, { reportInput: true });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: zodToIssues(parsed.error.issues, 'SUB') };
}

/** The submission the app exports (the digest ties it to the exact assignment file). */
export function makeSubmission(
  assignment: Pick<Assignment, 'id' | 'revision' | 'digest'>,
  student: { id: string; name?: string },
  answers: Record<string, Answer>,
  savedAt: string,
  app?: string,
  seen: readonly string[] = [],
): Submission {
  return {
    version: SUBMISSION_VERSION,
    assignment: { id: assignment.id, revision: assignment.revision, digest: assignment.digest },
    student: { id: student.id, name: student.name ?? '' },
    answers: { ...answers },
    ...(seen.length > 0 ? { seen: [...seen] } : {}),
    savedAt,
    ...(app ? { app } : {}),
  };
}

const under = (path: string, prefix: string) =>
  path === prefix || path.startsWith(`${prefix}.`) || prefix.startsWith(`${path}.`);

/**
 * Whether a submission belongs to this assignment and its answers fit the questions. Returns
 * the problems and what they make of the submission: `tampered` (another version of the file, a
 * locked or personalised parameter changed) or `malformed` (an answer that fits no question).
 */
export function checkAnswers(
  assignment: Assignment,
  submission: Submission,
): { status: 'ok' | 'malformed' | 'tampered'; problems: TeachingIssue[] } {
  const problems: TeachingIssue[] = [];
  let tampered = false;
  if (submission.assignment.id !== assignment.id) {
    problems.push({
      code: 'SUB004',
      path: 'assignment.id',
      message: `this submission is for assignment "${submission.assignment.id}", not "${assignment.id}"`,
    });
    return { status: 'malformed', problems };
  }
  if (submission.assignment.digest !== assignment.digest) {
    tampered = true;
    problems.push({
      code: 'SUB005',
      path: 'assignment.digest',
      message: `made for a different version of the assignment file (digest ${submission.assignment.digest.slice(0, 12)}…, revision ${submission.assignment.revision}; this file is ${assignment.digest.slice(0, 12)}…, revision ${assignment.revision})`,
    });
  }
  const byId = new Map<string, Question>(assignment.questions.map((q) => [q.id, q]));
  for (const [id, value] of Object.entries(submission.answers)) {
    const q = byId.get(id);
    const path = `answers.${id}`;
    if (!q) {
      problems.push({ code: 'SUB007', path, message: `there is no question "${id}"` });
      continue;
    }
    const want =
      q.kind === 'measurement'
        ? typeof value === 'number'
          ? null
          : 'a number'
        : q.kind === 'design'
          ? typeof value === 'object'
            ? null
            : 'an object of parameter values'
          : typeof value === 'string' || (q.kind === 'choice' && typeof value === 'number')
            ? null
            : 'text (an option value)';
    if (want) {
      problems.push({
        code: 'SUB007',
        path,
        message: `a ${q.kind} answer must be ${want}, got ${showValue(value)}`,
      });
      continue;
    }
    if (q.kind !== 'design' || typeof value !== 'object') continue;
    for (const key of Object.keys(value)) {
      const locked = assignment.locked.find((l) => under(key, l));
      const random = randomisedPaths(assignment).find((r) => under(key, r));
      if (locked || random) {
        tampered = true;
        problems.push({
          code: 'SUB006',
          path: `${path}.${key}`,
          message: locked
            ? `changes ${key}, which the assignment locks (${locked})`
            : `changes ${key}, which is personalised for each student`,
        });
      } else if (!q.params.includes(key))
        problems.push({
          code: 'SUB007',
          path: `${path}.${key}`,
          message: `${key} is not a parameter of this task (expected ${q.params.join(', ')})`,
        });
    }
  }
  for (const [i, id] of (submission.seen ?? []).entries())
    if (byId.get(id)?.kind !== 'prediction')
      problems.push({
        code: 'SUB007',
        path: `seen.${i}`,
        message: `"${id}" is not a prediction question of this assignment`,
      });
  return {
    status: tampered ? 'tampered' : problems.length ? 'malformed' : 'ok',
    problems,
  };
}
