/**
 * A lecture opens at its top: leaving the start page (scrolled down to a card) or switching to
 * another scenario shows the new page from its title, not at the scroll position of the last.
 */
import { useLayoutEffect } from 'react';
import { useLecture } from '../lecture/lecture-store';
import { useApp } from '../state/store';

export function useOpenAtTop(): void {
  const scenario = useApp((s) => s.scenario?.id ?? null);
  const startOpen = useLecture((s) => s.startOpen);
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [scenario, startOpen]);
}
