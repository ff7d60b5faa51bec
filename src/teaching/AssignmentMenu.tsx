/**
 * "Assignment…" in the header: a dialog listing the built-in assignments (each a link,
 * `#v1?a=<id>`) and a button to open an assignment file the lecturer handed out.
 */
import { useEffect, useRef, useState } from 'react';
import { ASSIGNMENT_CATALOGUE } from 'virtual:ni-lab/catalogue';
import { assignmentActions, useAssignment } from './assignment-store';
import './teaching.css';

export function AssignmentMenu() {
  const [open, setOpen] = useState(false);
  const active = useAssignment((s) => s.assignment !== null);
  const fileInput = useRef<HTMLInputElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) closeRef.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <>
      <button
        ref={opener}
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
      {open ? (
        <div
          className="overlay"
          role="dialog"
          aria-modal="true"
          aria-labelledby="assignment-menu-title"
          onClick={close}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <div className="dialog assignment-menu" onClick={(e) => e.stopPropagation()}>
            <h2 id="assignment-menu-title">Open an assignment</h2>
            {active ? (
              <p className="muted">
                An assignment is open; opening another keeps its answers saved in this browser.
              </p>
            ) : null}
            <p>
              Your lecturer gives you a link or a file. The ready-made assignments of this course:
            </p>
            <ul className="assignment-list">
              {ASSIGNMENT_CATALOGUE.map((a) => (
                <li key={a.id}>
                  <a href={`#v1?a=${a.id}`} onClick={() => setOpen(false)}>
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
          </div>
        </div>
      ) : null}
    </>
  );
}
