/**
 * The width of an element, kept current with a ResizeObserver, for the D3 views that lay out
 * to their panel. `mounted` re-attaches the observer when the element appears (after a frame).
 */
import { useEffect, useRef, useState } from 'react';

export function useElementWidth<T extends HTMLElement>(mounted = true) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!mounted || !el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [mounted]);
  return [ref, width] as const;
}
