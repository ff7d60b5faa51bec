/**
 * The share link of the current state — the header's "Share link" and every panel's Export menu
 * use this one function: the scenario, seed, cycle and panels, and in compare mode configuration
 * B (`&vs=…`). Copied to the clipboard, and put in the address bar.
 */
import { currentLink } from '../state/store';
import { useCompare } from '../compare/compare-store';
import { withVs } from '../compare/vs';

/** The fragment to share, or null when the scenario is too long for a link. */
export function shareFragment(): string | null {
  const link = currentLink();
  return link === null ? null : withVs(link, useCompare.getState().vs);
}

/** Copies the link; returns what to tell the user. */
export async function copyShareLink(): Promise<string> {
  const hash = shareFragment();
  if (hash === null) return 'Too long for a link: use “Save scenario” and share the file.';
  const url = `${location.origin}${location.pathname}${hash}`;
  history.replaceState(null, '', hash);
  try {
    await navigator.clipboard.writeText(url);
    return 'Link copied.';
  } catch {
    return 'Link is in the address bar.';
  }
}
