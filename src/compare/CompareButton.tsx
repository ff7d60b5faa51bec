/** The header's "Compare…" control: a small disclosure with the picker for configuration B. */
import { useEffect, useId, useRef, useState } from 'react';
import { useApp } from '../state/store';
import { ComparePicker } from './ComparePicker';
import { useCompare } from './compare-store';
import './compare.css';

export function CompareButton() {
  const [open, setOpen] = useState(false);
  const ready = useApp((s) => s.scenario !== null);
  const comparing = useCompare((s) => s.vs !== null);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <div
      className="cmp-launch"
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-popover`}
        disabled={!ready}
        data-testid="compare"
        title="Run a second configuration of this scenario side by side, on the same seed"
        onClick={() => setOpen(!open)}
      >
        {comparing ? 'Compare: change B…' : 'Compare…'}
      </button>
      {open ? (
        <div className="cmp-popover" id={`${id}-popover`}>
          <p className="cmp-popover-intro">
            Run this scenario a second time with one thing changed, on the same seed, side by side
            with one time control.
          </p>
          <ComparePicker
            submitLabel={comparing ? 'Change B' : 'Compare side by side'}
            onDone={() => setOpen(false)}
          />
        </div>
      ) : null}
    </div>
  );
}
