/** The one-line story of the current cycle, also announced to screen readers. */
import { useApp } from '../state/store';

export function Narration() {
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const narration = useApp((s) => s.view?.narration ?? '');
  const violations = useApp(
    (s) => s.view?.events.filter((e) => e.kind === 'invariant.violation').length ?? 0,
  );
  return (
    <div
      className={`narration${violations ? ' violation' : ''}`}
      aria-live="polite"
      aria-atomic="true"
      data-testid="narration"
    >
      <span className="cycle-badge">Cycle {cycle}</span>
      <span>{narration}</span>
    </div>
  );
}
