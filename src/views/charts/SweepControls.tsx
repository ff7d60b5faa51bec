/**
 * Run, Cancel and progress for a sweep the worker runs: the torus load sweeps and the
 * coherent-NI Fig. 6/7 sweeps each pass their own slot of the store.
 */
import { actions } from '../../state/store';

/** What the controls need of a sweep's progress. */
export interface SweepProgress {
  running: boolean;
  cancelled: boolean;
  done: number;
  total: number;
}

export function SweepControls({
  sweep,
  canRun,
  onRun,
  started,
}: {
  sweep: SweepProgress;
  canRun: boolean;
  /** Without a handler the Run button submits the panel's form. */
  onRun?: () => void;
  /** A sweep of this panel has been started (so "Done." is about it). */
  started: boolean;
}) {
  const progressText = `${sweep.done} of ${sweep.total} points`;
  const status = sweep.running
    ? 'Running…'
    : sweep.cancelled
      ? 'Cancelled.'
      : started
        ? 'Done.'
        : '';
  return (
    <div className="sc-actions">
      <button
        type={onRun ? 'button' : 'submit'}
        className="sc-button sc-primary"
        disabled={!canRun || sweep.running}
        onClick={onRun}
        data-testid="sweep-run"
      >
        Run sweep
      </button>
      <button
        type="button"
        className="sc-button"
        disabled={!sweep.running}
        onClick={actions.cancelSweep}
        data-testid="sweep-cancel"
      >
        Cancel
      </button>
      <progress
        className="sc-progress"
        value={sweep.done}
        max={Math.max(1, sweep.total)}
        aria-label="Sweep progress"
        aria-valuetext={progressText}
        data-testid="sweep-progress"
      >
        {progressText}
      </progress>
      <span className="sc-progress-text" aria-live="polite" data-testid="sweep-status">
        {progressText} {status}
      </span>
    </div>
  );
}
