/**
 * Deep copy of plain data (objects, arrays, numbers, strings, booleans, null).
 *
 * Simulation state is kept as plain data on purpose: a snapshot is a copy, it crosses the worker
 * boundary with structured clone, and nothing in it can hide behaviour (no classes, no closures).
 */
export type Plain =
  null | boolean | number | string | readonly Plain[] | { readonly [k: string]: Plain };

export function clonePlain<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clonePlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = clonePlain((value as Record<string, unknown>)[key]);
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
