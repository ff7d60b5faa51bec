/**
 * A box that scrolls must be reachable by keyboard (axe: scrollable-region-focusable): while its
 * content is wider or taller than it (a wide table in a narrow panel, a zoomed presentation), it
 * joins the tab order so the arrow keys scroll it; when everything fits, it leaves it again.
 */
import { useEffect, type RefObject } from 'react';

/** What has a width of its own, wider than the box it sits in when it does not fit. */
const INTRINSIC = 'table, svg, canvas, pre, img';

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
    // Its own size, its children's and that of whatever sets a width of its own deeper down (a
    // table, a drawing): a wide table inside a child of fixed width overflows the box without the
    // child changing size. Elements come and go as the content changes: watched again once per
    // frame at most (no per-picture work when nothing is added or removed).
    const observer = new ResizeObserver(check);
    const watch = () => {
      observer.disconnect();
      observer.observe(el);
      for (const child of el.children) observer.observe(child);
      for (const wide of el.querySelectorAll(INTRINSIC)) observer.observe(wide);
    };
    watch();
    let pending = 0;
    const mutations = new MutationObserver(() => {
      if (pending === 0)
        pending = requestAnimationFrame(() => {
          pending = 0;
          watch();
        });
    });
    mutations.observe(el, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
      cancelAnimationFrame(pending);
    };
  }, [ref]);
}
