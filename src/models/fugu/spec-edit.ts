/**
 * The same scenario with some fields changed at any depth (`system.scheduler.skew`,
 * `workload.apps.0.policy`): a built-in keeps its name plus overrides, so the share link carries
 * every FUGU setting; a document is edited in place.
 */
import { applyOverrides, type Override } from '../../../sim-core/scenario/overrides';
import type { LoadSpec } from '../../worker/sim-api';

export function withOverrides(spec: LoadSpec, changes: readonly Override[]): LoadSpec {
  if (spec.kind === 'document') {
    const edited = applyOverrides(spec.doc, changes);
    return edited.ok ? { ...spec, doc: edited.value } : spec;
  }
  const paths = new Set(changes.map((c) => c.path));
  return { ...spec, overrides: [...spec.overrides.filter((o) => !paths.has(o.path)), ...changes] };
}
