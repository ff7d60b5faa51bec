/**
 * The scenario format as a model that runs other models' scenarios needs it (the message bench,
 * sim-core/bench/): the list of models and the parser. Such a model is itself in the list, so it
 * cannot import the list or the format (models.ts and schema.ts import every model); parse.ts
 * leaves both here as it loads, and every scenario is parsed before it runs, so they are here by
 * then. Only types are imported, none of which leads back to the list.
 */
import type { ModelModule, ModelScenario, ModelTypes } from '../model';
import type { InputIssue, Result } from './issues';

export interface ScenarioFormat {
  /** Every model's module, in list order. */
  modules: readonly ModelModule<ModelTypes>[];
  parse(input: unknown): Result<ModelScenario<{ kind: string }, object>, InputIssue[]>;
}

let format: ScenarioFormat | null = null;

export function provideFormat(f: ScenarioFormat): void {
  format = f;
}

/** The format, once parse.ts has loaded. */
export function scenarioFormat(): ScenarioFormat {
  if (!format) throw new Error('the scenario format has not loaded (import scenario/parse)');
  return format;
}
