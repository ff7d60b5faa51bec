/**
 * Coded, path-precise problems with assignment files and submissions, printed like scenario
 * issues: `CODE path: message` (`ASG006 questions.2.predict: expected one of …`). Every code has a
 * section in docs/errors.md ("Assignments, submissions and grading").
 */
import type { z } from 'zod';
import { showValue } from '../scenario/issues';

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
  SUB001: 'The submission is not valid JSON',
  SUB002: 'Unsupported submission version',
  SUB003: 'The submission does not have the submission format',
  SUB004: 'The submission is for another assignment',
  SUB005: 'The submission was made for a different version of the assignment (digest mismatch)',
  SUB006: 'A design answer changes a locked or personalised parameter',
  SUB007: 'An answer does not fit its question (unknown question, wrong type)',
  SUB008: 'Several submissions carry the same student id',
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

export const pathText = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Zod issues turned into coded issues. `prefix` is ASG or SUB; the structural codes are the same
 * for both files (range 3, type 4, unknown field 5, choice 6, text/list 7), except that every
 * structural problem of a submission is SUB003 (its answers are checked against the questions
 * later, as SUB007).
 */
export function zodToIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: 'ASG' | 'SUB',
): TeachingIssue[] {
  return issues.flatMap((issue): TeachingIssue[] => {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // The branch that got furthest says most precisely what is wrong.
      const depth = (b: z.core.$ZodIssue[]) => Math.max(0, ...b.map((i) => i.path.length));
      const best = [...issue.errors]
        .filter((b) => b.length > 0)
        .sort((a, b) => depth(b) - depth(a) || a.length - b.length)[0];
      if (best && depth(best) > 0)
        return zodToIssues(
          best.map((sub) => ({ ...sub, path: [...issue.path, ...sub.path] }) as z.core.$ZodIssue),
          prefix,
        );
    }
    const path = pathText(issue.path);
    const code = (n: 3 | 4 | 5 | 6 | 7): TeachingIssueCode =>
      prefix === 'SUB' ? 'SUB003' : (`ASG00${n}` as TeachingIssueCode);
    const custom =
      issue.code === 'custom'
        ? (issue.params as { asg?: TeachingIssueCode } | undefined)?.asg
        : undefined;
    if (issue.code === 'custom' && custom) return [{ code: custom, path, message: issue.message }];
    switch (issue.code) {
      case 'unrecognized_keys':
        return [
          {
            code: code(5),
            path,
            message: `unknown field ${issue.keys.map((k) => showValue(k)).join(', ')}`,
          },
        ];
      case 'invalid_type':
        return [
          {
            code: code(4),
            path,
            message:
              issue.input === undefined
                ? `required field is missing (expected ${issue.expected})`
                : plain(
                    issue,
                    `expected ${issue.expected === 'record' ? 'object' : issue.expected}, got ${showValue(issue.input)}`,
                  ),
          },
        ];
      case 'too_big':
      case 'too_small': {
        const numeric = issue.origin === 'number' || issue.origin === 'int';
        const bound =
          issue.code === 'too_big'
            ? `at most ${String(issue.maximum)}`
            : `at least ${String(issue.minimum)}`;
        return [
          {
            code: code(numeric ? 3 : 7),
            path,
            message: plain(
              issue,
              numeric
                ? `expected ${bound}, got ${showValue(issue.input)}`
                : issue.origin === 'array'
                  ? `expected ${bound} items`
                  : `expected ${bound} characters`,
            ),
          },
        ];
      }
      case 'invalid_value':
        return [
          {
            code: code(6),
            path,
            message: plain(
              issue,
              `expected ${issue.values.map((v) => showValue(v)).join(' or ')}, got ${showValue(issue.input)}`,
            ),
          },
        ];
      case 'invalid_union':
      case 'invalid_format':
        return [
          {
            code: code(issue.code === 'invalid_format' ? 7 : 4),
            path,
            message: plain(issue, issue.message),
          },
        ];
      default:
        return [{ code: code(4), path, message: issue.message }];
    }
  });
}

/** Zod's own wording ("Invalid input: …", "Too big: …") is replaced by ours. */
function plain(issue: z.core.$ZodIssue, ours: string): string {
  return /^(Invalid|Too (big|small))/.test(issue.message) ? ours : issue.message;
}
