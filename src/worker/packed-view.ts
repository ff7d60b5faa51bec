/**
 * Navigation replies as they cross from the worker to the page: JSON text when JSON carries the
 * view exactly (cheaper for the page to parse than a structured clone), with a torus in its
 * compact wire form (network-wire.ts). Light: the page unpacks without loading the simulator.
 */
import type { SessionView } from '../../sim-core/index';
import { fromWire, toWire, type WireView } from './network-wire';
import type { PackedView } from './sim-api';

/** Whether JSON.parse(JSON.stringify(value)) gives back exactly `value` (a plain-data check). */
function jsonExact(value: unknown): boolean {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'string':
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!jsonExact(value[i])) return false;
        return true;
      }
      if (Object.getPrototypeOf(value) !== Object.prototype) return false;
      for (const key in value)
        if (!jsonExact((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * The view as JSON text when JSON.parse will give back exactly the same data — no NaN, ±Infinity,
 * -0, undefined, bigint or non-plain object anywhere in it — else the view itself, for structured
 * clone to carry. A torus in the text is in its compact wire form (network-wire.ts).
 */
export function packView(view: SessionView): PackedView {
  // Checked on the wire form: the torus's flat number arrays are far quicker to walk than its
  // objects (2.8 → about 0.7 ms a picture on a saturated 16×16 torus).
  const wire = toWire(view);
  return jsonExact(wire) ? JSON.stringify(wire) : view;
}

export function unpackView(packed: PackedView): SessionView {
  return typeof packed === 'string' ? fromWire(JSON.parse(packed) as WireView) : packed;
}
