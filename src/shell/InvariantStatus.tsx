/**
 * A quiet line saying which invariants the model checks as it runs (its module's `invariants`)
 * and that they hold up to the cycle shown; a broken one is named with the cycle it broke at and
 * a button that goes there. The list with what each one means opens from the line.
 */
import { faceOf } from '../../sim-core/index';
import { useEventsOf } from '../state/log-query';
import { actions, useApp } from '../state/store';
import { invariantStateAt } from './invariant-state';

export function InvariantStatus() {
  const model = useApp((s) => s.meta?.model ?? null);
  const on = useApp((s) => s.scenario?.checks.invariants ?? false);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const violations = useEventsOf('invariant.violation');
  if (!model) return null;
  const invariants = faceOf(model).invariants;
  if (invariants.length === 0) return null;
  if (!on)
    return (
      <span className="invariants muted" data-testid="invariants" data-state="off">
        Invariant checks off (<code>checks.invariants</code>)
      </span>
    );
  const { first, count, next, broken: rules } = invariantStateAt(violations, cycle);
  const broken = new Set(rules);
  const nameOf = (rule: string) => invariants.find((i) => i.rule === rule)?.name ?? rule;
  const names = invariants.map((i) => i.name).join(' · ');
  return (
    <div
      className={`invariants${first ? ' broken' : ''}`}
      data-testid="invariants"
      data-state={first ? 'broken' : 'hold'}
    >
      <details>
        <summary title={first ? first.detail : `Checked as it runs: ${names}`}>
          {first ? (
            <>
              <span aria-hidden="true">⚠ </span>
              {[...broken].map(nameOf).join(', ')} broken at cycle {first.cycle}
            </>
          ) : (
            <>
              <span aria-hidden="true">✓ </span>
              {invariants.length === 1
                ? 'Its invariant holds'
                : `All ${invariants.length} invariants hold`}
            </>
          )}
        </summary>
        <div className="invariants-list" data-testid="invariants-list">
          <p>
            {first
              ? `${first.detail}${count > 1 ? ` (${count} violations up to cycle ${cycle})` : ''}.`
              : `Checked as it runs: ${names}. All hold up to cycle ${cycle}.`}
          </p>
          <ul>
            {invariants.map((i) => (
              <li key={i.rule} className={broken.has(i.rule) ? 'broken' : undefined}>
                <strong>{i.name}</strong> {broken.has(i.rule) ? '(broken)' : '(holds)'}:{' '}
                {i.description}
              </li>
            ))}
          </ul>
        </div>
      </details>
      {first && first.cycle !== cycle ? (
        <button
          type="button"
          onClick={() => void actions.seek(first.cycle)}
          data-testid="invariant-first"
        >
          Go to cycle {first.cycle}
        </button>
      ) : null}
      {next ? (
        <button
          type="button"
          onClick={() => void actions.seek(next.cycle)}
          data-testid="invariant-next"
        >
          {first ? 'Next violation' : 'A violation comes later'}: cycle {next.cycle}
        </button>
      ) : null}
    </div>
  );
}
