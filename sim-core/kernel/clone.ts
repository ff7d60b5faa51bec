/**
 * Deep copy of plain data (objects, arrays, numbers, strings, booleans, null).
 *
 * Simulation state is kept as plain data on purpose: a snapshot is a copy, it crosses the worker
 * boundary with structured clone, and nothing in it can hide behaviour (no classes, no closures).
 * The copy recurses at most MAX_CLONE_DEPTH levels: user documents are measured against much
 * smaller limits (bounds.ts) before they get here, so deeper data is a defect, reported as one
 * rather than as a stack overflow.
 */
export type Plain =
  null | boolean | number | string | readonly Plain[] | { readonly [k: string]: Plain };

export const MAX_CLONE_DEPTH = 256;

export function clonePlain<T>(value: T): T {
  return copy(value, 0);
}

function copy<T>(value: T, depth: number): T {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_CLONE_DEPTH)
    throw new RangeError(`clonePlain: data nested deeper than ${MAX_CLONE_DEPTH} levels`);
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i], depth + 1);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key], depth + 1);
    // An own "__proto__" key (JSON.parse makes one) must stay data, not become the prototype.
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = item;
  }
  return out as T;
}
