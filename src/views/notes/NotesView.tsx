/**
 * The scenario's walkthrough: its notes bound to cycles, the note of the current step shown in
 * full. Clicking a note moves the simulator to its cycle. Notes are rendered by SafeText, so
 * nothing in them ever runs.
 */
import { SafeText } from '../../shell/SafeText';
import { actions, useApp } from '../../state/store';

export function NotesView() {
  const walkthrough = useApp((s) => s.scenario?.walkthrough ?? []);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  if (walkthrough.length === 0)
    return <p className="muted">This scenario has no walkthrough notes.</p>;
  // The active note is the last one whose cycle has been reached.
  let active = -1;
  walkthrough.forEach((note, i) => {
    if (note.cycle <= cycle) active = i;
  });
  return (
    <ol className="notes" data-testid="notes">
      {walkthrough.map((note, i) => (
        <li
          key={i}
          className={i === active ? 'active' : note.cycle > cycle ? 'ahead' : 'past'}
          aria-current={i === active ? 'step' : undefined}
        >
          <button
            className="note-jump"
            onClick={() => void actions.seek(note.cycle)}
            title={`Go to cycle ${note.cycle}`}
          >
            <span className="note-cycle">cycle {note.cycle}</span> {note.title || `Step ${i + 1}`}
          </button>
          {i === active ? (
            <div className="note-body">
              <SafeText text={note.note} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
