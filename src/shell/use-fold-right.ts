/**
 * Presentation mode's narrow layout: on a projector, zoomed, three columns leave the main picture
 * about 500 px and the fixed-width pictures (FLASH's MAGIC, EDT's VIA steps) shrink their text to
 * 8–10 px. Below this width (in the page's own, zoomed, pixels) the right column's panels go under
 * the main picture, which then takes the width of both.
 */
import { useSyncExternalStore } from 'react';

const FOLD_BELOW = 1280;

const subscribeResize = (change: () => void) => {
  window.addEventListener('resize', change);
  return () => window.removeEventListener('resize', change);
};

export function useFoldRight(present: boolean, zoom: number): boolean {
  const width = useSyncExternalStore(subscribeResize, () => window.innerWidth);
  return present && width / zoom < FOLD_BELOW;
}
