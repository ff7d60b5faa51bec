/** Saving what an export made: a Blob URL clicked as a download, and the file names used. */

export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the browser has started the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(name: string, text: string, type: string): void {
  downloadBlob(name, new Blob([text], { type }));
}

/**
 * `<scenario>[-A|-B]-<what>-c<cycle>.<ext>`: the scenario id (already [a-z0-9-]), the side in
 * compare mode, what was exported and the cycle it shows.
 */
export function exportName(
  scenario: string,
  what: string,
  cycle: number | string,
  ext: string,
  side?: 'A' | 'B',
): string {
  const safe = (t: string) => t.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 64) || 'scenario';
  return `${safe(scenario)}${side ? `-${side}` : ''}-${safe(what)}-c${cycle}.${ext}`;
}
