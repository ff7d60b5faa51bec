/**
 * The tab's title names what is open — "Write invalidation · NI Lab", "Lecture scenarios · NI Lab"
 * — so a lecturer with several tabs (and the browser's history) can tell them apart.
 */
import { useEffect } from 'react';
import { useLecture } from '../lecture/lecture-store';
import { useApp } from '../state/store';

export const APP_NAME = 'NI Lab';

export function tabTitle(startOpen: boolean, scenario: string | null): string {
  if (startOpen) return `Lecture scenarios · ${APP_NAME}`;
  return scenario ? `${scenario} · ${APP_NAME}` : APP_NAME;
}

export function useTabTitle(): void {
  const startOpen = useLecture((s) => s.startOpen);
  const scenario = useApp((s) => s.scenario?.title ?? null);
  useEffect(() => {
    document.title = tabTitle(startOpen, scenario);
  }, [startOpen, scenario]);
}
