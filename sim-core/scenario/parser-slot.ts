/**
 * parseScenario for code that the scenario format itself imports: a model that runs other
 * models' scenarios (the message bench, sim-core/bench/) is loaded while the list of models is
 * still being built, before the format can be, so it cannot import parse.ts. parse.ts puts its
 * parser here as it loads; every scenario is parsed before it runs, so it is here by then.
 */
import type { InputIssue, Result } from './issues';
import type { Scenario } from './schema';

type Parser = (input: unknown) => Result<Scenario, InputIssue[]>;

let parser: Parser | null = null;

export function provideParser(p: Parser): void {
  parser = p;
}

/** Parses a scenario document with the format's own parser. */
export function parseDocument(input: unknown): Result<Scenario, InputIssue[]> {
  if (!parser) throw new Error('the scenario format has not loaded (import scenario/parse)');
  return parser(input);
}
