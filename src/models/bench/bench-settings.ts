/**
 * The bench's settings live in its scenario's `system` (sim-core/bench/bench-schema.ts), so the
 * share link carries them: a change reloads the scenario with the field overridden (a built-in
 * keeps its name plus overrides; a document is edited in place).
 */
import type { BenchTypes } from '../../../sim-core/bench/bench-face';
import type { ScenarioOf } from '../../../sim-core/model';
import { applyOverrides, type Override } from '../../../sim-core/scenario/overrides';
import { actions } from '../../state/store';
import type { LoadSpec } from '../../worker/sim-api';

export type BenchSystem = ScenarioOf<BenchTypes>['system'];

function edited(spec: LoadSpec, changes: readonly Override[]): LoadSpec {
  if (spec.kind === 'document') {
    const doc = applyOverrides(spec.doc, changes);
    return doc.ok ? { ...spec, doc: doc.value } : spec;
  }
  const paths = new Set(changes.map((c) => c.path));
  return { ...spec, overrides: [...spec.overrides.filter((o) => !paths.has(o.path)), ...changes] };
}

/** Reloads the bench with some of its settings changed (`system.clock`, `system.display.unit`). */
export function changeBench(spec: LoadSpec, changes: readonly Override[], what: string): void {
  void actions.reload(edited(spec, changes), what);
}
