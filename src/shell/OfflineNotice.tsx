/**
 * A quiet line in the window's bottom right corner, announced politely: "NI Lab now opens without
 * a network too" once the service worker has stored the app (for a few seconds), or "A new
 * version is ready" with a Reload button. Never in embed mode (the course page around the frame
 * is not the place), and gone once closed.
 */
import { useEffect } from 'react';
import { useOffline, offlineActions } from '../state/offline-store';

/** How long "Ready to work offline" stays (a new version's offer stays until answered). */
const READY_MS = 4000;

export function OfflineNotice({ embedded }: { embedded: boolean }) {
  const { ready, update, dismissed } = useOffline();
  useEffect(() => {
    if (!ready || update) return;
    const timer = setTimeout(offlineActions.dismiss, READY_MS);
    return () => clearTimeout(timer);
  }, [ready, update]);
  if (embedded || dismissed || (!ready && !update)) return null;
  return (
    <div className="offline-notice" role="status" aria-live="polite" data-testid="offline-notice">
      {update ? (
        <>
          <span>A new version of NI Lab is ready.</span>
          <button onClick={update}>Reload</button>
        </>
      ) : (
        <span>NI Lab now opens without a network too.</span>
      )}
      <button onClick={offlineActions.dismiss} aria-label="Close this notice">
        ✕
      </button>
    </div>
  );
}
