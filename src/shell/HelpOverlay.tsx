/** The keyboard-shortcut overlay (press ?). */
import { useEffect, useRef } from 'react';
import { actions, useApp } from '../state/store';
import { keyLabel, shortcuts } from './shortcuts';

export function HelpOverlay() {
  const open = useApp((s) => s.helpOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div
      className="overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="help-title"
      onClick={() => actions.setHelp(false)}
    >
      <div className="dialog" onClick={(e) => e.stopPropagation()}>
        <h2 id="help-title">Keyboard shortcuts</h2>
        <table>
          <tbody>
            {shortcuts.map((s) => (
              <tr key={s.label}>
                <td>
                  {s.keys.map((k) => (
                    <kbd key={k}>{keyLabel(k)}</kbd>
                  ))}
                </td>
                <td>{s.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Click a row of the event log to jump to its cycle. Click a walkthrough note to go to its
          step.
        </p>
        <button ref={closeRef} onClick={() => actions.setHelp(false)}>
          Close
        </button>
      </div>
    </div>
  );
}
