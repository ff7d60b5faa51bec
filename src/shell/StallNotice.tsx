/**
 * A model's progress watchdog reported a stall (a `sim.stall` event): from its cycle on, one line
 * under the narration says what stopped and where the work waits, as the torus view's banner does
 * for a deadlock. A stall never clears by itself, so the line stays while the run goes on.
 */
import { useApp } from '../state/store';

export function StallNotice() {
  // The run's stalls are the summary the page keeps of the worker's log.
  const stall = useApp((s) => s.stalls.find((e) => e.kind === 'sim.stall'));
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  if (!stall || stall.kind !== 'sim.stall' || cycle < stall.cycle) return null;
  return (
    <div className="stall-notice" role="status" data-testid="stall-notice">
      <strong>Stalled since cycle {stall.cycle}:</strong> {stall.progress} for {stall.quietCycles}{' '}
      cycles, with work outstanding. {stall.waiting}.
    </div>
  );
}
