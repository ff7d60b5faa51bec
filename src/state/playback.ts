/**
 * Play mode: on every animation frame, ask for the cycles that the speed and the elapsed time are
 * worth — and only when no request is in flight, so a slow frame never builds a backlog.
 *
 * When a reply comes back a frame's time or more after its request, the next request goes at once
 * rather than at the next animation frame: the worker then simulates the next picture while the
 * page draws this one, instead of the two taking turns (which halves the pictures per second of a
 * large torus whose replay takes most of a frame). Faster replies wait for the animation frame, so
 * the page never draws more pictures than the display shows.
 *
 * Cycles owed while a request is in flight are kept for the next one (the worker replays them all
 * and sends only the last frame), so run mode keeps the speed asked for whenever the worker and
 * the page can. A stride of a keyframe interval or more is cut to end on a keyframe: the worker
 * then restores that keyframe instead of replaying, so a long stride costs no more than a short
 * one. What is owed is capped at a quarter of a second's worth, so a stall (a slow frame, a
 * garbage collection) costs at most that much of the run rather than turning into a long jump.
 */
import { useEffect } from 'react';
import { DEFAULT_KEYFRAME_EVERY } from '../../sim-core/index';
import { actions, useApp } from './store';

/** At most this many seconds' worth of cycles in one request. */
const MAX_OWED_SECONDS = 0.25;
/** One animation frame at 60 Hz: a reply slower than this sends the next request at once. */
const FRAME_MS = 1000 / 60;

export function usePlayback(): void {
  const playing = useApp((s) => s.playing);
  useEffect(() => {
    if (!playing) return;
    let raf = 0;
    let last = performance.now();
    let owed = 0;
    let pending = false;
    let stopped = false;
    let sentAt = 0;
    const request = (now: number) => {
      const speed = useApp.getState().speed;
      owed = Math.min(owed + ((now - last) / 1000) * speed, Math.max(1, speed * MAX_OWED_SECONDS));
      last = now;
      let whole = Math.floor(owed);
      if (whole < 1 || pending || stopped) return;
      // A stride of a keyframe interval or more ends on a keyframe (see above).
      const cycle = useApp.getState().view?.cycle ?? 0;
      const keyed = Math.floor((cycle + whole) / DEFAULT_KEYFRAME_EVERY) * DEFAULT_KEYFRAME_EVERY;
      if (whole >= DEFAULT_KEYFRAME_EVERY && keyed > cycle) whole = keyed - cycle;
      owed -= whole;
      pending = true;
      sentAt = now;
      void actions.advance(whole).finally(() => {
        pending = false;
        const back = performance.now();
        if (back - sentAt >= FRAME_MS) request(back);
      });
    };
    const frame = (now: number) => {
      request(now);
      if (!stopped) raf = requestAnimationFrame(frame);
    };
    raf = requestAnimationFrame(frame);
    return () => {
      stopped = true;
      cancelAnimationFrame(raf);
    };
  }, [playing]);
}
