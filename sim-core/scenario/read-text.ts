/**
 * A scenario file's text as a document, within the size limits and valid JSON (a byte-order mark
 * dropped): the first step of reading a file, in the CLI and in the page before a document is
 * sent to the worker. Light on purpose: it needs no schema, so the page can use it without
 * loading the simulator.
 */
import { readJson, type BoundsBreach } from '../kernel/bounds';
import { fail, ok, type InputIssue, type IssueCode, type Result } from './issues';
import { SCENARIO_BOUNDS } from './limits';

/** A document past a size limit, as an issue (`SCN011 workload.programs: too large: more than …`). */
export const limitIssue = (breach: BoundsBreach, code: IssueCode = 'SCN011'): InputIssue => ({
  code,
  path: breach.path,
  message: `too large: ${breach.message}`,
});

export function readScenarioText(text: string): Result<unknown, InputIssue[]> {
  const read = readJson(text, SCENARIO_BOUNDS);
  if (read.ok) return ok(read.value);
  return fail([
    read.kind === 'limit'
      ? limitIssue(read.breach)
      : { code: 'SCN001', path: '', message: `not valid JSON (${read.message})` },
  ]);
}
