/**
 * Presentation mode's zoom levels. The zoom is CSS `zoom` on the page, so text and SVG are laid out
 * again at the larger size (crisp on a projector), never scaled as a bitmap. Pure.
 */

export const ZOOMS = [0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
/** Presentation mode opens with large type. */
export const DEFAULT_ZOOM = 1.25;

/** The next zoom level up (dir 1) or down (dir -1) from `zoom`, staying within ZOOMS. */
export function stepZoom(zoom: number, dir: 1 | -1): number {
  if (dir > 0) return ZOOMS.find((z) => z > zoom + 1e-9) ?? ZOOMS[ZOOMS.length - 1]!;
  return [...ZOOMS].reverse().find((z) => z < zoom - 1e-9) ?? ZOOMS[0];
}

/** A stored zoom, if it is one of the levels; otherwise the default. */
export function validZoom(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && (ZOOMS as readonly number[]).includes(n) ? n : DEFAULT_ZOOM;
}

export const zoomLabel = (zoom: number): string => `${Math.round(zoom * 100)}%`;
