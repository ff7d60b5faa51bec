/**
 * Title, summary and learning goals of the loaded scenario. The summary is open while the scenario
 * sits at cycle 0 (the goals are read before starting); it folds away at the first step so the
 * machine fits a projector screen, and the title line stays as a reminder (in presentation mode
 * the slim bar above carries it). Either way a button toggles it.
 */
import { create } from 'zustand';
import { SafeText } from './SafeText';
import { faceOf, ownScenario, type Scenario } from '../../sim-core/index';
import { uiOf } from '../models/index';
import { useApp } from '../state/store';
import { scenarioTextHidden, useAssignment } from '../teaching/assignment-store';

/**
 * One line naming the model and the machine, in the model's words (the CLI prints the same
 * description): "Snooping bus: 3 processors · MOESI · …".
 */
function describeSystem(scenario: Scenario): string {
  const kind = scenario.system.kind;
  return `${uiOf(kind).label}: ${faceOf(kind).describe(ownScenario(scenario))}`;
}

/** The user's choice to open or fold the summary, per scenario (null: follow the cycle). */
const useIntroChoice = create<{ id: string; open: boolean } | null>(() => null);

/** Whether the summary shows, and the button's toggle. */
export function useIntroOpen(): { open: boolean; toggle: () => void; hasText: boolean } {
  const scenario = useApp((s) => s.scenario);
  const atStart = useApp((s) => (s.view?.cycle ?? 0) === 0);
  const choice = useIntroChoice();
  // An assignment brings its own instructions; the lecture's text may give its answers away.
  const textHidden = useAssignment(scenarioTextHidden);
  const id = scenario?.id ?? '';
  const open = (choice?.id === id ? choice.open : null) ?? atStart;
  const hasText =
    !!scenario && !textHidden && (scenario.summary !== '' || scenario.learningGoals.length > 0);
  return {
    open: open && hasText,
    hasText,
    toggle: () => useIntroChoice.setState({ id, open: !open }, true),
  };
}

export function IntroToggle() {
  const { open, toggle, hasText } = useIntroOpen();
  if (!hasText) return null;
  return (
    <button
      type="button"
      className="intro-toggle"
      aria-expanded={open}
      aria-controls="scenario-about"
      onClick={toggle}
      data-testid="intro-toggle"
    >
      {open ? 'Hide the summary' : 'Summary and goals'}
    </button>
  );
}

/** `head`: the title line (presentation mode's bar carries it instead). */
export function ScenarioIntro({ head = true }: { head?: boolean }) {
  const scenario = useApp((s) => s.scenario);
  const { open } = useIntroOpen();
  if (!scenario || (!head && !open)) return null;
  return (
    <section className="intro" aria-labelledby={head ? 'scenario-title' : undefined}>
      {head ? (
        <div className="intro-head">
          <h2 id="scenario-title" className="intro-title" data-testid="scenario-title">
            {scenario.title}
          </h2>
          <span className="intro-meta">{describeSystem(scenario)}</span>
          <IntroToggle />
        </div>
      ) : null}
      {open ? (
        <div id="scenario-about" data-testid="scenario-about">
          {scenario.summary ? <SafeText text={scenario.summary} /> : null}
          {scenario.learningGoals.length > 0 ? (
            <>
              <h3>You will learn to</h3>
              <ul>
                {scenario.learningGoals.map((g, i) => (
                  <li key={i}>
                    <SafeText text={g} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
