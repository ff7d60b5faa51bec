/** The keyboard-shortcut help (press ?), a modal dialog. */
import { useRef } from 'react';
import { actions, useApp } from '../state/store';
import { ModalDialog } from './ModalDialog';
import { keyLabel, shortcuts } from './shortcuts';

export function HelpOverlay() {
  const open = useApp((s) => s.helpOpen);
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={open}
      onClose={() => actions.setHelp(false)}
      labelledBy="help-title"
      initialFocus={closeRef}
      testId="help-dialog"
    >
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
    </ModalDialog>
  );
}
