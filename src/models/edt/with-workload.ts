/** The same EDT scenario with some `workload.via` fields replaced (a built-in keeps its overrides). */
import type { LoadSpec } from '../../worker/sim-api';

export function withWorkload(spec: LoadSpec, fields: Record<string, unknown>): LoadSpec {
  if (spec.kind === 'document') {
    const doc = structuredClone(spec.doc) as { workload?: { via?: Record<string, unknown> } };
    return { ...spec, doc: { ...doc, workload: { via: { ...doc.workload?.via, ...fields } } } };
  }
  const paths = Object.keys(fields).map((k) => `workload.via.${k}`);
  const overrides = spec.overrides.filter((o) => !paths.includes(o.path));
  return {
    ...spec,
    overrides: [
      ...overrides,
      ...Object.entries(fields).map(([k, value]) => ({ path: `workload.via.${k}`, value })),
    ],
  };
}
