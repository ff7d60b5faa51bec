/**
 * parseScenario: the one door into the simulator for user-supplied scenarios. Never throws:
 * returns the scenario or coded issues with paths (`SCN003 system.nodes: expected integer
 * 1..16, got 40`). Parses JSON text too, migrates old versions, then validates.
 */
import type { z } from 'zod';
import { fail, ok, showValue, type InputIssue, type IssueCode, type Result } from './issues';
import { migrate } from './migrations';
import { SCENARIO_VERSION, scenarioSchema, type Scenario } from './schema';

export function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function codeFor(issue: z.core.$ZodIssue): IssueCode {
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? 'SCN003'
        : 'SCN007';
    case 'invalid_type':
      return 'SCN004';
    case 'unrecognized_keys':
      return 'SCN005';
    case 'invalid_value':
      return 'SCN006';
    case 'invalid_union':
      // A union of literals (block sizes) is a choice, not a type.
      return issue.errors.length > 0 &&
        issue.errors.every((b) => b.length === 1 && b[0]!.code === 'invalid_value')
        ? 'SCN006'
        : 'SCN004';
    case 'invalid_format':
      return 'SCN007';
    case 'custom': {
      const scn = (issue.params as { scn?: IssueCode } | undefined)?.scn;
      return scn ?? 'SCN004';
    }
    default:
      return 'SCN004';
  }
}

/** Zod's own wording ("Too big: …", "Invalid input: …"), replaced by ours where we can. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small))/;

function plainMessage(issue: z.core.$ZodIssue): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const got = `, got ${showValue(issue.input)}`;
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'array'
        ? `expected at most ${issue.maximum} items${Array.isArray(issue.input) ? `, got ${issue.input.length}` : ''}`
        : `expected at most ${issue.maximum}${got}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `expected at least ${issue.minimum} items`
        : `expected at least ${issue.minimum}${got}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => showValue(v)).join(' or ')}${got}`;
    case 'invalid_type':
      return `expected ${issue.expected}${got}`;
    default:
      return issue.message;
  }
}

/**
 * For a value that matches no branch of a union, the branch that got furthest (its issues have
 * the deepest paths) says what is wrong most precisely: `workload.programs.1.0.addr` beats
 * "expected { programs } or { random }".
 */
function bestBranch(issue: z.core.$ZodIssue): z.core.$ZodIssue[] | null {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return null;
  const depth = (branch: z.core.$ZodIssue[]) => Math.max(...branch.map((i) => i.path.length));
  const ranked = [...issue.errors]
    .filter((b) => b.length > 0)
    .sort((a, b) => depth(b) - depth(a) || a.length - b.length);
  const best = ranked[0];
  if (!best || depth(best) === 0) return null;
  return best.map((sub) => ({ ...sub, path: [...issue.path, ...sub.path] }) as z.core.$ZodIssue);
}

function toIssues(issues: readonly z.core.$ZodIssue[]): InputIssue[] {
  return issues.flatMap((issue): InputIssue[] => {
    const branch = bestBranch(issue);
    if (branch) return toIssues(branch);
    if (issue.code === 'unrecognized_keys') {
      return [
        {
          code: 'SCN005',
          path: pathText(issue.path),
          message: `unknown field ${issue.keys.map((k) => showValue(k)).join(', ')}`,
        },
      ];
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return [
        {
          code: 'SCN004',
          path: pathText(issue.path),
          message: `required field is missing (expected ${issue.expected})`,
        },
      ];
    }
    return [{ code: codeFor(issue), path: pathText(issue.path), message: plainMessage(issue) }];
  });
}

export function parseScenario(input: unknown): Result<Scenario, InputIssue[]> {
  let doc = input;
  if (typeof input === 'string') {
    try {
      doc = JSON.parse(input);
    } catch (e) {
      return fail([
        {
          code: 'SCN001',
          path: '',
          message: `not valid JSON (${e instanceof Error ? e.message : 'parse error'})`,
        },
      ]);
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return fail([
      { code: 'SCN004', path: '', message: `expected a JSON object, got ${showValue(doc)}` },
    ]);
  }
  const migrated = migrate(doc as Record<string, unknown>);
  if (migrated.kind === 'unsupported') {
    return fail([
      {
        code: 'SCN002',
        path: 'version',
        message: `this NI Lab reads scenario versions up to ${SCENARIO_VERSION}, got ${showValue(migrated.version)}`,
      },
    ]);
  }
  const parsed = scenarioSchema.safeParse(migrated.doc, { reportInput: true });
  return parsed.success ? ok(parsed.data) : fail(toIssues(parsed.error.issues));
}
