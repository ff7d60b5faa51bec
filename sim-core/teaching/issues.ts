/**
 * Coded, path-precise problems with assignment files and submissions, printed like scenario
 * issues: `CODE path: message` (`ASG006 questions.2.predict: expected one of …`). Every code has a
 * section in docs/errors.md ("Assignments, submissions and grading").
 */
import type { z } from 'zod';
import { measurePlain, readJson, type Bounds } from '../kernel/bounds';
import { showValue } from '../scenario/issues';
import { pathText, wordIssues, type IssueKind } from '../scenario/zod-words';

export const TEACHING_ISSUE_CODES = {
  ASG001: 'The assignment file is not valid JSON',
  ASG002: 'Unsupported assignment version',
  ASG003: 'A number in the assignment is out of range',
  ASG004: 'A value in the assignment has the wrong type, or a required field is missing',
  ASG005: 'An unknown field in the assignment',
  ASG006: 'Not one of the allowed choices',
  ASG007: 'Text too long, too many items, or a malformed string in the assignment',
  ASG008: "The assignment's scenario does not load (unknown built-in, or a bad override)",
  ASG009: 'The assignment contradicts itself (parameters, questions, paths)',
  ASG010: 'The assignment file is too large or nested too deeply',
  SUB001: 'The submission is not valid JSON',
  SUB002: 'Unsupported submission version',
  SUB003: 'The submission does not have the submission format',
  SUB004: 'The submission is for another assignment',
  SUB005: 'The submission was made for a different version of the assignment (digest mismatch)',
  SUB006: 'A design answer changes a locked or personalised parameter',
  SUB007: 'An answer does not fit its question (unknown question, wrong type)',
  SUB008: 'Several submissions carry the same student id',
  SUB009:
    'The submission file cannot be read (not a regular file, a broken or looping link, too large)',
  SUB010: 'The submission is too large or nested too deeply',
  SUB011: 'The student is not on the roster, or the name or file name does not match it',
} as const;

export type TeachingIssueCode = keyof typeof TEACHING_ISSUE_CODES;

export interface TeachingIssue {
  code: TeachingIssueCode;
  /** Dotted path into the file (`questions.2.points`, `answers.q3`), or '' for the whole file. */
  path: string;
  message: string;
}

export function formatTeachingIssue(issue: TeachingIssue, whole = 'file'): string {
  return `${issue.code} ${issue.path === '' ? `(${whole})` : issue.path}: ${issue.message}`;
}

const KIND_NUMBER: Record<Exclude<IssueKind, 'custom'>, 3 | 4 | 5 | 6 | 7> = {
  range: 3,
  type: 4,
  unknown: 5,
  choice: 6,
  text: 7,
};

/**
 * Zod issues turned into coded issues, worded as the scenario checks word them (zod-words.ts).
 * `prefix` is ASG or SUB; the structural codes are the same for both files (range 3, type 4,
 * unknown field 5, choice 6, text/list 7), except that every structural problem of a submission
 * is SUB003 (its answers are checked against the questions later, as SUB007).
 */
export function zodToIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: 'ASG' | 'SUB',
): TeachingIssue[] {
  return wordIssues(issues).map((w) => {
    const custom =
      w.kind === 'custom' ? (w.params?.asg as TeachingIssueCode | undefined) : undefined;
    const code: TeachingIssueCode =
      custom ??
      (prefix === 'SUB'
        ? 'SUB003'
        : (`ASG00${w.kind === 'custom' ? 4 : KIND_NUMBER[w.kind]}` as TeachingIssueCode));
    return { code, path: pathText(w.path), message: w.message };
  });
}

/**
 * A file's content (text, or JSON already parsed) as a document within `bounds`: text is parsed
 * (a byte-order mark dropped) after its length and nesting are checked, a parsed value is
 * measured. `syntax` and `limit` are the file's codes for bad JSON and for a limit passed.
 */
export function readTeachingDoc(
  input: unknown,
  bounds: Bounds,
  syntax: TeachingIssueCode,
  limit: TeachingIssueCode,
): { ok: true; value: unknown } | { ok: false; error: TeachingIssue[] } {
  if (typeof input !== 'string') {
    const over = measurePlain(input, bounds);
    return over
      ? {
          ok: false,
          error: [{ code: limit, path: over.path, message: `too large: ${over.message}` }],
        }
      : { ok: true, value: input };
  }
  const read = readJson(input, bounds);
  if (read.ok) return read;
  return {
    ok: false,
    error: [
      read.kind === 'limit'
        ? { code: limit, path: read.breach.path, message: `too large: ${read.breach.message}` }
        : { code: syntax, path: '', message: `not valid JSON (${read.message})` },
    ],
  };
}

/** The codes of a versioned teaching file: bad JSON, not an object, another version, too large. */
export interface VersionedDocCodes {
  syntax: TeachingIssueCode;
  object: TeachingIssueCode;
  version: TeachingIssueCode;
  limit: TeachingIssueCode;
}

/**
 * A teaching file (`noun`: "assignment", "submission") read within `bounds` as a JSON object of
 * the one `version` this NI Lab reads, before its schema is asked.
 */
export function readVersionedTeachingDoc(
  input: unknown,
  bounds: Bounds,
  codes: VersionedDocCodes,
  noun: string,
  version: number,
): { ok: true; value: object } | { ok: false; error: TeachingIssue[] } {
  const read = readTeachingDoc(input, bounds, codes.syntax, codes.limit);
  if (!read.ok) return read;
  const doc = read.value;
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return {
      ok: false,
      error: [
        { code: codes.object, path: '', message: `expected a JSON object, got ${showValue(doc)}` },
      ],
    };
  const got = (doc as { version?: unknown }).version;
  if (got !== version)
    return {
      ok: false,
      error: [
        {
          code: codes.version,
          path: 'version',
          message: `this NI Lab reads ${noun} version ${version}, got ${showValue(got)}`,
        },
      ],
    };
  return { ok: true, value: doc };
}
