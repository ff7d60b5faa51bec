/**
 * The built-in lecture scenarios, by id, in the order the start page lists them. Each file is
 * raw JSON (validated by parseScenario when loaded) and has a golden event log in tests/golden/.
 */
import writeInvalidation from './coherence/write-invalidation.json';

export interface BuiltinScenario {
  id: string;
  file: string;
  doc: unknown;
}

const entries: [string, unknown][] = [['coherence/write-invalidation.json', writeInvalidation]];

export const builtinScenarios: BuiltinScenario[] = entries.map(([file, doc]) => ({
  id: (doc as { id: string }).id,
  file,
  doc,
}));

export const DEFAULT_SCENARIO_ID = 'write-invalidation';

export function findBuiltin(id: string): BuiltinScenario | undefined {
  return builtinScenarios.find((s) => s.id === id);
}
