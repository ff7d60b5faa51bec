/**
 * Motion shared by the D3 renderers: short transitions when the user steps, none while playing
 * or when the system asks for reduced motion.
 */
// `interrupt` is used as a function on purpose: it pulls in d3-transition, whose side effect adds
// selection.transition(), which the d3 barrel (sideEffects: false) would otherwise tree-shake.
import { interrupt, type BaseType, type Selection } from 'd3';

/** Whether the user asked the system for reduced motion: the views then step without transitions. */
export const reducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Sets attributes now, or through a short transition when stepping. */
export function animateAttrs<E extends BaseType, D>(
  sel: Selection<E, D, BaseType, unknown>,
  ms: number,
  values: Record<string, string | number | ((d: D, i: number) => string | number)>,
): void {
  if (ms > 0) {
    const t = sel.transition().duration(ms);
    for (const [k, v] of Object.entries(values)) {
      if (typeof v === 'function') t.attr(k, v);
      else t.attr(k, v);
    }
  } else {
    sel.each(function () {
      interrupt(this);
    });
    for (const [k, v] of Object.entries(values)) {
      if (typeof v === 'function') sel.attr(k, v);
      else sel.attr(k, v);
    }
  }
}

/** A named transition, so a later move of the same element does not cut the fade short. */
export function fadeIn<E extends BaseType, D>(
  sel: Selection<E, D, BaseType, unknown>,
  ms: number,
): void {
  if (ms > 0) sel.attr('opacity', 0).transition('fade').duration(ms).attr('opacity', 1);
}
