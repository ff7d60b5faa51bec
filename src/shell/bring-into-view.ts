/**
 * Scrolls the page only as far as it must to show some elements below the pinned controls: not
 * at all when they are in view; by the least amount that shows them whole when they fit; else so
 * that their top comes just under the controls (as much of them as the screen holds).
 */

/** The band of the window the page's content shows in: below the pinned controls. */
function band(): { top: number; bottom: number } {
  const pinned = document.querySelector('.sticky-controls');
  const top = pinned ? pinned.getBoundingClientRect().height : 0;
  return { top, bottom: window.innerHeight };
}

/**
 * `first`, when given, is shown whatever else does not fit (a verdict in a tall card): the
 * others give way to it.
 */
export function bringIntoView(
  elements: readonly (Element | null | undefined)[],
  first?: Element | null,
): void {
  const rects = elements
    .filter((e): e is Element => e != null)
    .map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0);
  if (rects.length === 0) return;
  // The columns of panels start together: showing one's top shows the row's.
  const row = document.querySelector('.panels')?.getBoundingClientRect();
  const top = Math.min(...rects.map((r) => r.top), ...(row ? [row.top] : []));
  const bottom = Math.max(...rects.map((r) => r.bottom));
  const view = band();
  let delta = 0;
  if (bottom - top > view.bottom - view.top) delta = top - view.top;
  else if (top < view.top) delta = top - view.top;
  else if (bottom > view.bottom) delta = bottom - view.bottom;
  const must = first?.getBoundingClientRect();
  if (must && must.height > 0) {
    if (must.bottom - delta > view.bottom) delta = must.bottom - view.bottom;
    if (must.top - delta < view.top) delta = must.top - view.top;
  }
  if (Math.abs(delta) >= 1) window.scrollBy({ top: delta, behavior: 'instant' });
}

/** A panel by its name in the scenario format (the app's grid, or compare mode's A column). */
export const panelElement = (name: string): Element | null =>
  document.querySelector(`[data-testid="panel-${name}"], [data-testid="compare-A-${name}"]`);

/**
 * The topic's main picture: in the first panel of the centre column, the drawing its view marks
 * `data-main-picture` (the torus, the bus, the queue rings, the Cranium node), else that panel.
 */
export function mainPicture(): Element | null {
  const panel = document.querySelector('.area-centre > .panel');
  return panel?.querySelector('[data-main-picture]') ?? panel;
}
