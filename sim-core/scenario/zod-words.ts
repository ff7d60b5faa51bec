/**
 * Zod's issues in NI Lab's own words, for every kind of issue zod reports: `expected integer
 * 1..16, got 40`, never zod's "Invalid input" or "Too big". A field's own message (written where
 * the schema declares it) is kept; zod's default wording is replaced. Scenario, assignment and
 * submission checks all word their problems here and only choose the codes.
 */
import type { z } from 'zod';
import { showValue } from './issues';

/** What kind of problem an issue is, which each file format turns into its own code. */
export type IssueKind = 'range' | 'type' | 'unknown' | 'choice' | 'text' | 'custom';

export interface WordedIssue {
  kind: IssueKind;
  path: readonly PropertyKey[];
  message: string;
  /** A custom check's params (the code it asks for). */
  params?: Record<string, unknown>;
}

/** Zod's default messages all start so; a schema's own message never does. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized)/;

const got = (issue: z.core.$ZodIssue) => `, got ${showValue(issue.input)}`;

const TYPE_WORDS: Record<string, string> = { record: 'object', nan: 'number' };

function range(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): WordedIssue {
  const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
  const big = issue.code === 'too_big';
  const bound = big
    ? `at most ${String(issue.maximum)}`
    : `at least ${String(issue.code === 'too_small' ? issue.minimum : '')}`;
  const input = issue.input;
  const size =
    issue.origin === 'array' && Array.isArray(input)
      ? `, got ${input.length}`
      : issue.origin === 'string' && typeof input === 'string'
        ? `, got ${input.length}`
        : '';
  const message = numeric
    ? `expected ${bound}${got(issue)}`
    : issue.origin === 'array' || issue.origin === 'set'
      ? `expected ${bound} items${size}`
      : issue.origin === 'string'
        ? `expected ${bound} characters${size}`
        : `expected ${bound}${got(issue)}`;
  return { kind: numeric ? 'range' : 'text', path: issue.path, message: own(issue, message) };
}

/** The issue's own message if the schema wrote one, else ours. */
const own = (issue: z.core.$ZodIssue, ours: string) =>
  ZOD_DEFAULT.test(issue.message) ? ours : issue.message;

function listed(keys: readonly string[]): string {
  const shown = keys.slice(0, 5).map((k) => showValue(k));
  return keys.length > 5 ? `${shown.join(', ')} and ${keys.length - 5} more` : shown.join(', ');
}

/** One issue in words (unions are resolved to their best branch by `wordIssues`). */
function word(issue: z.core.$ZodIssue): WordedIssue {
  const path = issue.path;
  switch (issue.code) {
    case 'invalid_type':
      return {
        kind: 'type',
        path,
        message:
          issue.input === undefined
            ? `required field is missing (expected ${TYPE_WORDS[issue.expected] ?? issue.expected})`
            : own(issue, `expected ${TYPE_WORDS[issue.expected] ?? issue.expected}${got(issue)}`),
      };
    case 'too_big':
    case 'too_small':
      return range(issue);
    case 'not_multiple_of':
      return {
        kind: 'range',
        path,
        message: own(issue, `expected a multiple of ${issue.divisor}${got(issue)}`),
      };
    case 'unrecognized_keys':
      return { kind: 'unknown', path, message: `unknown field ${listed(issue.keys)}` };
    case 'invalid_value':
      return {
        kind: 'choice',
        path,
        message: own(
          issue,
          `expected ${issue.values
            .slice(0, 12)
            .map((v) => showValue(v))
            .join(' or ')}${got(issue)}`,
        ),
      };
    case 'invalid_format':
      return {
        kind: 'text',
        path,
        message: own(
          issue,
          issue.format === 'regex'
            ? `text of the wrong form${got(issue)}`
            : `expected text in ${issue.format} form${got(issue)}`,
        ),
      };
    case 'invalid_union': {
      // A union of literals (the block sizes) is a choice among its values.
      const values = issue.errors.every((b) => b.length === 1 && b[0]!.code === 'invalid_value')
        ? issue.errors.flatMap((b) => (b[0] as z.core.$ZodIssueInvalidValue).values)
        : [];
      if (issue.errors.length > 0 && values.length > 0)
        return {
          kind: 'choice',
          path,
          message: own(
            issue,
            `expected ${values.map((v) => showValue(v)).join(' or ')}${got(issue)}`,
          ),
        };
      const options = 'options' in issue ? (issue.options ?? []) : [];
      return {
        kind: 'type',
        path,
        message: own(
          issue,
          issue.discriminator !== undefined && options.length > 0
            ? `expected "${issue.discriminator}" to be ${options.map((o) => showValue(o)).join(' or ')}${got(issue)}`
            : `matches none of the forms this field takes${got(issue)}`,
        ),
      };
    }
    case 'invalid_key': {
      const inner = issue.issues[0];
      return {
        kind: 'text',
        path,
        message: `the field name ${showValue(issue.input)} is not allowed${inner ? `: ${word({ ...inner, path: [] }).message}` : ''}`,
      };
    }
    case 'invalid_element':
      return {
        kind: 'type',
        path,
        message: `the item ${showValue(issue.key)} is not allowed${got(issue)}`,
      };
    case 'custom':
      return {
        kind: 'custom',
        path,
        message: own(issue, `is not allowed here${got(issue)}`),
        ...(issue.params ? { params: issue.params } : {}),
      };
    default:
      return {
        kind: 'type',
        path,
        message: `is not allowed here${got(issue as z.core.$ZodIssue)}`,
      };
  }
}

/**
 * For a value that matches no branch of a union, the branch that got furthest (its issues have
 * the deepest paths) says what is wrong most precisely: `workload.programs.1.0.addr` beats
 * "expected { programs } or { random }". Unions nest only as deep as the schema does.
 */
function bestBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] | null {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return null;
  const depth = (branch: z.core.$ZodIssue[]) =>
    branch.reduce((deepest, i) => Math.max(deepest, i.path.length), 0);
  const ranked = issue.errors
    .filter((b) => b.length > 0)
    .sort((a, b) => depth(b) - depth(a) || a.length - b.length);
  const best = ranked[0];
  if (!best || depth(best) === 0) return null;
  return best.map((sub) => ({ ...sub, path: [...issue.path, ...sub.path] }) as z.core.$ZodIssue);
}

export function wordIssues(issues: readonly z.core.$ZodIssue[]): WordedIssue[] {
  return issues.flatMap((issue) => {
    const branch = bestBranch(issue);
    return branch ? wordIssues(branch) : [word(issue)];
  });
}

export const pathText = (path: readonly PropertyKey[]): string => path.map(String).join('.');
