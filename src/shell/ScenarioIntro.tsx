/**
 * Title, summary and learning goals of the loaded scenario. Open while the scenario sits at cycle
 * 0 (the goals are read before starting); it folds away at the first step so the machine fits a
 * projector screen, and the title line stays as a reminder. Either way a click toggles it.
 */
import { useState } from 'react';
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

export function ScenarioIntro() {
  const scenario = useApp((s) => s.scenario);
  // An assignment brings its own instructions; the lecture's text may give its answers away.
  const textHidden = useAssignment(scenarioTextHidden);
  const atStart = useApp((s) => (s.view?.cycle ?? 0) === 0);
  const [userChoice, setUserChoice] = useState<{ id: string; open: boolean } | null>(null);
  if (!scenario) return null;
  const chosen = userChoice?.id === scenario.id ? userChoice.open : null;
  const open = chosen ?? atStart;
  return (
    <details
      className="intro"
      open={open}
      onToggle={(e) => {
        const nowOpen = (e.currentTarget as HTMLDetailsElement).open;
        if (nowOpen !== open) setUserChoice({ id: scenario.id, open: nowOpen });
      }}
    >
      <summary>
        <span className="intro-title" data-testid="scenario-title">
          {scenario.title}
        </span>
        <span className="intro-meta">{describeSystem(scenario)}</span>
      </summary>
      {scenario.summary && !textHidden ? <SafeText text={scenario.summary} /> : null}
      {scenario.learningGoals.length > 0 && !textHidden ? (
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
    </details>
  );
}
