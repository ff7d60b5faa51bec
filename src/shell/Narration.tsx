/**
 * The story of the current cycle, also announced to screen readers. A busy cycle's story is kept
 * to two lines on screen, so the pinned controls never bury the picture; "more" shows it all.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useApp } from '../state/store';
import { InvariantStatus } from './InvariantStatus';

export function Narration() {
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const narration = useApp((s) => s.view?.narration ?? '');
  const violations = useApp(
    (s) => s.view?.events.filter((e) => e.kind === 'invariant.violation').length ?? 0,
  );
  const text = useRef<HTMLSpanElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [clipped, setClipped] = useState(false);
  useLayoutEffect(() => {
    const el = text.current;
    if (el) setClipped(!expanded && el.scrollHeight > el.clientHeight + 1);
  }, [narration, expanded]);
  return (
    <div className={`narration${violations ? ' violation' : ''}`} data-testid="narration">
      <span className="cycle-badge">Cycle {cycle}</span>
      <span
        ref={text}
        className={`narration-text${expanded ? '' : ' clamped'}`}
        aria-live="polite"
        aria-atomic="true"
      >
        {narration}
      </span>
      {clipped || expanded ? (
        <button
          type="button"
          className="narration-more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'less' : 'more'}
        </button>
      ) : null}
      <InvariantStatus />
    </div>
  );
}
