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
      return 'SCN004';
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

function toIssues(error: z.ZodError): InputIssue[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return {
        code: 'SCN005',
        path: pathText(issue.path),
        message: `unknown field ${issue.keys.map((k) => showValue(k)).join(', ')}`,
      };
    }
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return {
        code: 'SCN004',
        path: pathText(issue.path),
        message: `required field is missing (expected ${issue.expected})`,
      };
    }
    return { code: codeFor(issue), path: pathText(issue.path), message: issue.message };
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
  return parsed.success ? ok(parsed.data) : fail(toIssues(parsed.error));
}
