/** Title, summary and learning goals of the loaded scenario (collapsible, open by default). */
import { SafeText } from './SafeText';
import { useApp } from '../state/store';

export function ScenarioIntro() {
  const scenario = useApp((s) => s.scenario);
  if (!scenario) return null;
  return (
    <details className="intro" open>
      <summary>
        <span className="intro-title" data-testid="scenario-title">
          {scenario.title}
        </span>
        <span className="intro-meta">
          {scenario.system.nodes} processors · {scenario.system.protocol} ·{' '}
          {scenario.system.cache.sizeBytes} B {scenario.system.cache.associativity}-way caches ·{' '}
          {scenario.system.cache.blockBytes} B blocks · {scenario.system.bus.preset} bus
        </span>
      </summary>
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
    </details>
  );
}
