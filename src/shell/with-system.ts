/** The same scenario with some `system` fields replaced (a built-in keeps its name, plus overrides). */
import type { LoadSpec } from '../worker/sim-api';

export function withSystem(spec: LoadSpec, fields: Record<string, unknown>): LoadSpec {
  if (spec.kind === 'document') {
    const doc = structuredClone(spec.doc) as { system?: Record<string, unknown> };
    return { ...spec, doc: { ...doc, system: { ...doc.system, ...fields } } };
  }
  const paths = Object.keys(fields).map((k) => `system.${k}`);
  const overrides = spec.overrides.filter((o) => !paths.includes(o.path));
  return {
    ...spec,
    overrides: [
      ...overrides,
      ...Object.entries(fields).map(([k, value]) => ({ path: `system.${k}`, value })),
    ],
  };
}
