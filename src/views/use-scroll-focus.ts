/**
 * A box that scrolls must be reachable by keyboard (axe: scrollable-region-focusable): while its
 * content is wider or taller than it (a wide table in a narrow panel, a zoomed presentation), it
 * joins the tab order so the arrow keys scroll it; when everything fits, it leaves it again.
 */
import { useEffect, type RefObject } from 'react';

export function useScrollFocus(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (scrolls && el.tabIndex < 0) el.tabIndex = 0;
      else if (!scrolls && el.hasAttribute('tabindex')) el.removeAttribute('tabindex');
    };
    check();
    // Its own size and its children's: the content growing or shrinking (no per-picture work).
    const observer = new ResizeObserver(check);
    const watch = () => {
      observer.disconnect();
      observer.observe(el);
      for (const child of el.children) observer.observe(child);
    };
    watch();
    const mutations = new MutationObserver(watch);
    mutations.observe(el, { childList: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
}
