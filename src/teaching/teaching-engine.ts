/**
 * The teaching engine (sim-core/teaching: reading assignment files, personalising, submissions)
 * and the built-in scenario and assignment files it reads, loaded when the first assignment is
 * opened: the page carries none of them until then. Everything that runs while an assignment is
 * open reaches the engine through `teaching()`, which opening one has loaded.
 */
import type * as BuiltinAssignments from '../../scenarios/assignments/index';
import type * as BuiltinScenarios from '../../scenarios/index';
import type * as TeachingEngine from '../../sim-core/teaching/index';

export interface Teaching {
  engine: typeof TeachingEngine;
  scenarios: typeof BuiltinScenarios;
  assignments: typeof BuiltinAssignments;
}

let loaded: Teaching | null = null;
let loading: Promise<Teaching> | null = null;

/** Loads the engine and the built-in files (once). */
export function loadTeaching(): Promise<Teaching> {
  loading ??= Promise.all([
    import('../../sim-core/teaching/index'),
    import('../../scenarios/index'),
    import('../../scenarios/assignments/index'),
  ]).then(([engine, scenarios, assignments]) => (loaded = { engine, scenarios, assignments }));
  return loading;
}

/** The engine, while an assignment is open (opening it loaded the engine). */
export function teaching(): typeof TeachingEngine {
  if (!loaded) throw new Error('the teaching engine is used before an assignment was opened');
  return loaded.engine;
}
