/**
 * The height a picture may take so that, with the page at its top, it ends above the window's
 * bottom: a lecture opens with its main picture whole. Measured from the element's place on the
 * page after each drawing while paused (a question or a note above may have moved it) and when
 * the window changes, in the page's own pixels (presentation mode zooms the page); while
 * playing, the last measure stands.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Room kept under the picture (its legend's first line, the panel's border). */
const BELOW = 16;

export function useFitHeight(
  ref: RefObject<HTMLElement | null>,
  zoom: number,
  playing: boolean,
): number {
  const [room, setRoom] = useState(0);
  const measure = () => {
    const el = ref.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY;
    setRoom(Math.floor((window.innerHeight - top - BELOW) / zoom));
  };
  useLayoutEffect(() => {
    if (!playing) measure();
  });
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return room;
}
