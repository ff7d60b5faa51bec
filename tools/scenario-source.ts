/**
 * Resolves a scenario argument for the command-line tools: a built-in id or a file path, plus
 * `--set` overrides and a seed. Returns the parsed scenario or coded issues; never throws, never
 * hangs: the file is read with a size limit and only if it is a regular file (tools/files.ts),
 * a byte-order mark is dropped, and the text is checked against the scenario limits before it
 * is parsed.
 */
import {
  applyOverrides,
  parseScenario,
  type InputIssue,
  type Override,
  type Result,
  type Scenario,
} from '../sim-core/index';
import { readScenarioText } from '../sim-core/scenario/read-text';
import { showValue } from '../sim-core/scenario/issues';
import { MAX_FILE_BYTES } from '../sim-core/scenario/limits';
import { findBuiltin } from '../scenarios/index';
import { readTextFile } from './files';

const failure = (issue: InputIssue): Result<never, InputIssue[]> => ({ ok: false, error: [issue] });

export function loadScenarioArg(
  arg: string,
  overrides: readonly Override[],
  seed?: number,
): Result<Scenario, InputIssue[]> {
  let doc: unknown;
  const builtin = findBuiltin(arg);
  if (builtin) doc = builtin.doc;
  else {
    const file = readTextFile(arg, MAX_FILE_BYTES);
    if (!file.ok)
      return failure({
        code: file.problem === 'notRegular' || file.problem === 'tooLarge' ? 'CLI005' : 'CLI003',
        path: '',
        message:
          file.problem === 'missing'
            ? `"${arg.slice(0, 200)}" is neither a built-in scenario (see --list) nor a readable file`
            : `${arg.slice(0, 200)}: ${file.message}`,
      });
    const read = readScenarioText(file.text);
    if (!read.ok)
      return {
        ok: false,
        error: read.error.map((i) =>
          i.code === 'SCN001' ? { ...i, message: `${arg.slice(0, 200)} is ${i.message}` } : i,
        ),
      };
    doc = read.value;
  }
  // A document that is not an object is the file's problem (SCN004), not the flags'.
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return failure({
      code: 'SCN004',
      path: '',
      message: `expected a JSON object, got ${showValue(doc)}`,
    });
  const all = seed === undefined ? overrides : [...overrides, { path: 'seed', value: seed }];
  const applied = applyOverrides(doc, all);
  if (!applied.ok)
    return failure({
      ...applied.error,
      code: 'CLI002',
      path: '--set',
      message: `${applied.error.path}: ${applied.error.message}`,
    });
  return parseScenario(applied.value);
}
