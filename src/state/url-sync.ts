/**
 * Keeps the address bar's fragment equal to the share link of the current state (scenario, seed,
 * cycle, open panels), so a reload or a copied URL returns to the same step. Uses replaceState:
 * stepping does not flood the browser history.
 */
import { useEffect } from 'react';
import { currentLink, useApp } from './store';

export function useUrlSync(): void {
  const cycle = useApp((s) => s.view?.cycle);
  const spec = useApp((s) => s.spec);
  const views = useApp((s) => s.views);
  const playing = useApp((s) => s.playing);
  useEffect(() => {
    if (playing || cycle === undefined) return;
    const hash = currentLink();
    if (hash !== null && hash !== location.hash) history.replaceState(null, '', hash);
  }, [cycle, spec, views, playing]);
}
