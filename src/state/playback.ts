/**
 * Play mode: on every animation frame, ask for the cycles that the speed and the elapsed time are
 * worth — and only when no request is in flight, so the UI receives at most one frame per
 * animation frame and a slow frame never builds a backlog.
 */
import { useEffect } from 'react';
import { actions, useApp } from './store';

export function usePlayback(): void {
  const playing = useApp((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    let last = performance.now();
    let owed = 0;
    const frame = (now: number) => {
      owed += ((now - last) / 1000) * useApp.getState().speed;
      last = now;
      const whole = Math.floor(owed);
      if (whole >= 1) {
        owed -= whole;
        void actions.advance(whole);
      }
      raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(raf);
  }, [playing]);
}
