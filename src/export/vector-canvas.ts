/**
 * Canvases that can also draw themselves as SVG. A view that paints on a canvas for speed (the
 * torus) registers a vector painter here, so its SVG export holds paths and text rather than a
 * bitmap; a canvas without one is exported as a PNG image inside the SVG.
 */
const painters = new WeakMap<HTMLCanvasElement, () => string>();

/** `paint` returns SVG elements in the canvas box's CSS pixels, (0, 0) at its top left. */
export function registerVectorCanvas(canvas: HTMLCanvasElement, paint: () => string): void {
  painters.set(canvas, paint);
}

export function vectorOf(canvas: HTMLCanvasElement): string | null {
  const paint = painters.get(canvas);
  return paint ? paint() : null;
}
