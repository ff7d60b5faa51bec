/**
 * "Assignment…" in the header: a dialog listing the built-in assignments (each a link,
 * `#v1?a=<id>`) and a button to open an assignment file the lecturer handed out.
 */
import { useRef, useState } from 'react';
import { ASSIGNMENT_CATALOGUE } from 'virtual:ni-lab/catalogue';
import { ModalDialog } from '../shell/ModalDialog';
import { assignmentActions, useAssignment } from './assignment-store';
import './teaching.css';

export function AssignmentMenu() {
  const [open, setOpen] = useState(false);
  const active = useAssignment((s) => s.assignment !== null);
  const fileInput = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <button
        onClick={() => setOpen(true)}
        title="Open an assignment: by its link or from a file"
        data-testid="open-assignment"
        aria-haspopup="dialog"
      >
        Assignment…
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="assignment-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void assignmentActions.openFile(file);
          close();
        }}
      />
      <ModalDialog
        open={open}
        onClose={close}
        labelledBy="assignment-menu-title"
        className="assignment-menu"
        initialFocus={closeRef}
      >
        <h2 id="assignment-menu-title">Open an assignment</h2>
        {active ? (
          <p className="muted">
            An assignment is open; opening another keeps its answers saved in this browser.
          </p>
        ) : null}
        <p>Your lecturer gives you a link or a file. The ready-made assignments of this course:</p>
        <ul className="assignment-list">
          {ASSIGNMENT_CATALOGUE.map((a) => (
            <li key={a.id}>
              <a href={`#v1?a=${a.id}`} onClick={close}>
                {a.title}
              </a>
            </li>
          ))}
        </ul>
        <div className="assignment-menu-actions">
          <button onClick={() => fileInput.current?.click()} data-testid="open-assignment-file">
            Open an assignment file…
          </button>
          <button ref={closeRef} onClick={close}>
            Close
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
