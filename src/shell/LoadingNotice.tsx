/**
 * A scenario that takes a while to load (a bench lecture measures every NI's message first) says
 * so under the time controls, instead of leaving the previous run on screen as if nothing
 * happened; the views are dimmed meanwhile (styles.css, `aria-busy`). Both appear only after a
 * moment (a CSS delay), so a quick load does not flash them. A lecture step asked for meanwhile is taken once the new
 * scenario is in (lecture-store.ts, pendingSteps), and the line says it will be.
 */
import { useLecture } from '../lecture/lecture-store';
import { useApp } from '../state/store';

export function LoadingNotice() {
  const loading = useApp((s) => s.loading);
  const pending = useLecture((s) => s.pendingSteps);
  if (!loading) return null;
  const steps = Math.abs(pending);
  return (
    <div className="loading-notice" role="status" data-testid="loading-notice">
      <span className="loading-spinner" aria-hidden="true" />
      <strong>Loading…</strong> the views show the previous run until the new one is ready
      {steps > 0
        ? `; ${steps === 1 ? 'the step' : `the ${steps} steps`} you chose will be taken then`
        : ''}
      .
    </div>
  );
}
