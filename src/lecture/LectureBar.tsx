/**
 * The guided lecture's bar under the time controls: previous / next step, "Step 3 of 6" with the
 * step's title and cycle, and the button that hides or shows the walkthrough notes. The note of
 * the current step is shown in the notes panel (rendered by SafeText, never as HTML).
 */
import { useEffect } from 'react';
import { bringIntoView, mainPicture } from '../shell/bring-into-view';
import { useApp } from '../state/store';
import { scenarioTextHidden, useAssignment } from '../teaching/assignment-store';
import { lecture, useActiveStep, useLecture } from './lecture-store';
import { nextStepIndex, previousStepIndex, stepCounter } from './steps';
import './lecture.css';

export function LectureBar() {
  const { steps, active } = useActiveStep();
  const embed = useLecture((s) => s.embed);
  const notesOpen = useApp((s) => s.views.includes('notes'));
  const textHidden = useAssignment(scenarioTextHidden);
  const chosen = useLecture((s) => s.chosen);
  // A step the lecturer chose: its note and the main picture in view, scrolling only as far as
  // that needs (once the simulator is at the step and the notes show it).
  useEffect(() => {
    if (chosen === null || chosen !== active) return;
    const frame = requestAnimationFrame(() =>
      bringIntoView([document.querySelector('.notes li.active'), mainPicture()]),
    );
    return () => cancelAnimationFrame(frame);
  }, [chosen, active]);
  if (steps.length === 0 || textHidden) return null;
  const step = active >= 0 ? steps[active] : undefined;
  const noPrevious = previousStepIndex(steps, active) === null;
  const noNext = nextStepIndex(steps, active) === null;
  return (
    <div className="lecture-bar" role="group" aria-label="Lecture steps" data-testid="lecture-bar">
      <button
        onClick={() => !noPrevious && lecture.previousStep()}
        aria-disabled={noPrevious}
        title="Previous lecture step (p)"
        data-testid="lecture-prev"
      >
        <span aria-hidden="true">◀</span> Previous step
      </button>
      <button
        className="lecture-next"
        onClick={() => !noNext && lecture.nextStep()}
        aria-disabled={noNext}
        title="Next lecture step (n)"
        data-testid="lecture-next"
      >
        Next step <span aria-hidden="true">▶</span>
      </button>
      <span className="lecture-counter" role="status" data-testid="lecture-counter">
        <strong>{stepCounter(active, steps.length)}</strong>
        {step ? (
          <>
            <span className="lecture-title" data-testid="lecture-title">
              {step.title}
            </span>
            <span className="muted">cycle {step.cycle}</span>
          </>
        ) : null}
      </span>
      {embed ? null : (
        <button
          className="lecture-notes-toggle"
          onClick={() => lecture.toggleNotes()}
          title="Hide or show the walkthrough notes (w)"
          data-testid="lecture-notes-toggle"
        >
          {notesOpen ? 'Hide notes' : 'Show notes'}
        </button>
      )}
    </div>
  );
}
