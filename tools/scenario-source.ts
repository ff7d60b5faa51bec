/**
 * Resolves a scenario argument for the command-line tools: a built-in id or a file path, plus
 * `--set` overrides and a seed. Returns the parsed scenario or coded issues; never throws.
 */
import { readFileSync } from 'node:fs';
import {
  applyOverrides,
  parseScenario,
  type InputIssue,
  type Override,
  type Result,
  type Scenario,
} from '../sim-core/index';
import { findBuiltin } from '../scenarios/index';

export function loadScenarioArg(
  arg: string,
  overrides: Override[],
  seed?: number,
): Result<Scenario, InputIssue[]> {
  let doc: unknown;
  const builtin = findBuiltin(arg);
  if (builtin) doc = builtin.doc;
  else {
    let text: string;
    try {
      text = readFileSync(arg, 'utf8');
    } catch {
      return {
        ok: false,
        error: [
          {
            code: 'CLI003',
            path: '',
            message: `"${arg}" is neither a built-in scenario (see --list) nor a readable file`,
          },
        ],
      };
    }
    try {
      doc = JSON.parse(text);
    } catch (e) {
      return {
        ok: false,
        error: [
          {
            code: 'SCN001',
            path: '',
            message: `${arg} is not valid JSON (${(e as Error).message})`,
          },
        ],
      };
    }
  }
  const all = seed === undefined ? overrides : [...overrides, { path: 'seed', value: seed }];
  const applied = applyOverrides(doc, all);
  if (!applied.ok)
    return {
      ok: false,
      error: [
        {
          ...applied.error,
          code: 'CLI002',
          path: '--set',
          message: `${applied.error.path}: ${applied.error.message}`,
        },
      ],
    };
  return parseScenario(applied.value);
}
