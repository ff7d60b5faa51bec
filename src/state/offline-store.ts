/**
 * What the service worker (vite-plugin-pwa, registered at boot in main.tsx) has told the page:
 * that the app is now stored for use offline, or that a newer version is waiting. The page never
 * reloads by itself; OfflineNotice offers the reload.
 */
import { create } from 'zustand';

export interface OfflineState {
  /** Every file of the app is in the cache: the next visit needs no network. */
  ready: boolean;
  /** A newer version is installed and waits: calling this activates it and reloads. */
  update: (() => void) | null;
  /** The lecturer closed the notice. */
  dismissed: boolean;
}

export const useOffline = create<OfflineState>(() => ({
  ready: false,
  update: null,
  dismissed: false,
}));

export const offlineActions = {
  ready: () => useOffline.setState({ ready: true, dismissed: false }),
  updateWaiting: (update: () => void) => useOffline.setState({ update, dismissed: false }),
  dismiss: () => useOffline.setState({ dismissed: true }),
};
