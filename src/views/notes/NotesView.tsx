/**
 * The scenario's walkthrough: its notes as numbered lecture steps bound to cycles, the note of the
 * current step shown in full. Clicking a note moves the simulator to its step (as "next step" and
 * "previous step" do). Notes are rendered by SafeText, so nothing in them ever runs.
 */
import { SafeText } from '../../shell/SafeText';
import { lecture, useActiveStep } from '../../lecture/lecture-store';

export function NotesView() {
  const { steps, active } = useActiveStep();
  if (steps.length === 0) return <p className="muted">This scenario has no walkthrough notes.</p>;
  return (
    <ol className="notes" data-testid="notes">
      {steps.map((step, i) => (
        <li
          key={i}
          className={i === active ? 'active' : i > active ? 'ahead' : 'past'}
          aria-current={i === active ? 'step' : undefined}
        >
          <button
            className="note-jump"
            onClick={() => lecture.goToStep(i)}
            title={`Go to cycle ${step.cycle}`}
          >
            <span className="note-cycle">cycle {step.cycle}</span> {step.title}
          </button>
          {i === active ? (
            <div className="note-body" data-testid="note-body">
              <SafeText text={step.note} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
