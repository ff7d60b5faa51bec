/**
 * Compare mode from the URL: `&vs=system.protocol%3DMESI` after a share link opens side-by-side
 * mode with B = A plus that override (one `vs` per override). Read when the app starts and when
 * the fragment changes (a pasted or clicked link); url-sync writes `vs` back while comparing.
 * A malformed `vs` is reported like any bad link, and the app stays in its normal mode.
 */
import { useEffect } from 'react';
import { actions } from '../state/store';
import { compare, useCompare } from './compare-store';
import { readVs } from './vs';

function fromUrl(initial: boolean): void {
  const reading = readVs(location.hash);
  if (reading.kind === 'bad') {
    actions.showProblem({
      context: 'The comparison in this link could not be read; it opens without it.',
      issues: [reading.issue],
    });
    if (useCompare.getState().vs) compare.close();
    return;
  }
  if (reading.kind === 'vs') compare.open(reading.overrides);
  // A link without `vs` that the user opened leaves compare mode (not the first read: nothing open).
  else if (!initial && useCompare.getState().vs && !location.hash.startsWith('#start'))
    compare.close();
}

export function useCompareUrl(): void {
  useEffect(() => {
    fromUrl(true);
    const onHash = () => fromUrl(false);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
}
