/**
 * parseScenario: the one door into the simulator for user-supplied scenarios. Never throws:
 * returns the scenario or coded issues with paths (`SCN003 system.nodes: expected integer
 * 1..16, got 40`). Parses JSON text too (a leading byte-order mark is dropped), refuses a
 * document past the size limits before anything recurses into it (SCN011), migrates old
 * versions, then validates.
 */
import type { z } from 'zod';
import { measurePlain } from '../kernel/bounds';
import { fail, ok, showValue, type InputIssue, type IssueCode, type Result } from './issues';
import { SCENARIO_BOUNDS } from './limits';
import { limitIssue, readScenarioText } from './read-text';
import { migrate } from './migrations';
import { ALL_MODELS } from '../models';
import { provideFormat } from './format-slot';
import { SCENARIO_VERSION, scenarioSchema, type Scenario } from './schema';
import { pathText, wordIssues, type IssueKind } from './zod-words';

export { pathText } from './zod-words';

const CODES: Record<Exclude<IssueKind, 'custom'>, IssueCode> = {
  range: 'SCN003',
  type: 'SCN004',
  unknown: 'SCN005',
  choice: 'SCN006',
  text: 'SCN007',
};

function toIssues(issues: readonly z.core.$ZodIssue[]): InputIssue[] {
  const all = wordIssues(issues).map((w) => ({
    code:
      w.kind === 'custom' ? ((w.params?.scn as IssueCode | undefined) ?? 'SCN004') : CODES[w.kind],
    path: pathText(w.path),
    message: w.message,
  }));
  // Two checks of one field can word the same problem (1e308 is neither safe nor in range): once.
  const seen = new Set<string>();
  return all.filter((i) => {
    const key = `${i.code} ${i.path} ${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function parseScenario(input: unknown): Result<Scenario, InputIssue[]> {
  let doc = input;
  if (typeof input === 'string') {
    const read = readScenarioText(input);
    if (!read.ok) return read;
    doc = read.value;
  } else {
    const over = measurePlain(input, SCENARIO_BOUNDS);
    if (over) return fail([limitIssue(over)]);
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

provideFormat({ modules: ALL_MODELS, parse: parseScenario });
