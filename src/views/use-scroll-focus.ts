/**
 * A box that scrolls must be reachable by keyboard (axe: scrollable-region-focusable): while its
 * content is wider or taller than it (a wide table in a narrow panel, a zoomed presentation), it
 * joins the tab order so the arrow keys scroll it; when everything fits, it leaves it again.
 */
import { useEffect, type RefObject } from 'react';
import { useLecture } from '../lecture/lecture-store';

/** What has a width of its own, wider than the box it sits in when it does not fit. */
const INTRINSIC = 'table, svg, canvas, pre, img';

/** `mounted`: the box is on the page (a view that draws nothing before its first frame). */
export function useScrollFocus(ref: RefObject<HTMLElement | null>, mounted = true): void {
  // Presentation mode and its zoom lay the page out again at another scale, which a box out of
  // view does not report as a change of size: checked afresh when either changes.
  const scale = useLecture((s) => (s.present ? s.zoom : 0));
  useEffect(() => {
    const el = ref.current;
    if (!mounted || !el) return;
    const check = () => {
      // Out of view, a panel's content is not laid out (content-visibility) and its widths are
      // stale: it stays reachable until it is seen and measured.
      if (el.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) === false) {
        if (el.tabIndex < 0) el.tabIndex = 0;
        return;
      }
      const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      if (scrolls && el.tabIndex < 0) el.tabIndex = 0;
      else if (!scrolls && el.hasAttribute('tabindex')) el.removeAttribute('tabindex');
    };
    check();
    const again = requestAnimationFrame(check);
    // Its own size, its children's and that of whatever sets a width of its own deeper down (a
    // table, a drawing). Content can also overflow with no watched box changing size (a wider
    // number in a card of a fixed-width column): a change of the content checks again, at most
    // once a frame, and elements added or removed are watched.
    const observer = new ResizeObserver(check);
    const watch = () => {
      observer.disconnect();
      observer.observe(el);
      for (const child of el.children) observer.observe(child);
      for (const wide of el.querySelectorAll(INTRINSIC)) observer.observe(wide);
    };
    watch();
    let pending = 0;
    let added = false;
    const mutations = new MutationObserver((records) => {
      added ||= records.some((r) => r.type === 'childList');
      if (pending === 0)
        pending = requestAnimationFrame(() => {
          pending = 0;
          if (added) watch();
          added = false;
          check();
        });
    });
    mutations.observe(el, { childList: true, subtree: true, characterData: true });
    // A panel out of view is not laid out (content-visibility): it is checked again as it comes in.
    el.addEventListener('contentvisibilityautostatechange', check);
    return () => {
      observer.disconnect();
      mutations.disconnect();
      cancelAnimationFrame(pending);
      cancelAnimationFrame(again);
      el.removeEventListener('contentvisibilityautostatechange', check);
    };
  }, [ref, mounted, scale]);
}
