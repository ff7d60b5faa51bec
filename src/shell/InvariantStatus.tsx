/**
 * A quiet line saying which invariants the model checks as it runs (its module's `invariants`)
 * and that they hold up to the cycle shown; a broken one is named with the cycle it broke at and
 * a button that goes there. The list with what each one means opens from the line.
 */
import { moduleOf, type SimEvent } from '../../sim-core/index';
import { cachedBy } from '../state/memo';
import { actions, useApp } from '../state/store';
import { invariantStateAt, type Violation } from './invariant-state';

const violationsOf = cachedBy((log: readonly SimEvent[]) =>
  log.filter((e): e is Violation => e.kind === 'invariant.violation'),
);

export function InvariantStatus() {
  const model = useApp((s) => s.meta?.model ?? null);
  const on = useApp((s) => s.scenario?.checks.invariants ?? false);
  const cycle = useApp((s) => s.view?.cycle ?? 0);
  const violations = useApp((s) => violationsOf(s.log));
  if (!model) return null;
  const invariants = moduleOf(model).invariants;
  if (invariants.length === 0) return null;
  if (!on)
    return (
      <p className="invariants muted" data-testid="invariants">
        Invariant checks are off in this scenario (<code>checks.invariants</code>).
      </p>
    );
  const { first, count, next, broken: rules } = invariantStateAt(violations, cycle);
  const broken = new Set(rules);
  const nameOf = (rule: string) => invariants.find((i) => i.rule === rule)?.name ?? rule;
  return (
    <div
      className={`invariants${first ? ' broken' : ''}`}
      data-testid="invariants"
      data-state={first ? 'broken' : 'hold'}
    >
      <span role="status">
        {first ? (
          <>
            <span aria-hidden="true">⚠ </span>
            <strong>
              {[...broken].map(nameOf).join(', ')} broken at cycle {first.cycle}
            </strong>
            {count > 1 ? ` (${count} violations so far)` : ''}: {first.detail}
          </>
        ) : (
          <>
            <span aria-hidden="true">✓ </span>
            Checked as it runs: {invariants.map((i) => i.name).join(' · ')}. All hold up to cycle{' '}
            {cycle}.
          </>
        )}
      </span>
      {first && first.cycle !== cycle ? (
        <button
          type="button"
          onClick={() => void actions.seek(first.cycle)}
          data-testid="invariant-first"
        >
          Go to cycle {first.cycle}, where it broke
        </button>
      ) : null}
      {next ? (
        <button
          type="button"
          onClick={() => void actions.seek(next.cycle)}
          data-testid="invariant-next"
        >
          {first ? 'Next violation' : 'A violation comes later'}: go to cycle {next.cycle}
        </button>
      ) : null}
      <details>
        <summary>What is checked</summary>
        <ul>
          {invariants.map((i) => (
            <li key={i.rule} className={broken.has(i.rule) ? 'broken' : undefined}>
              <strong>{i.name}</strong> {broken.has(i.rule) ? '(broken)' : '(holds)'}:{' '}
              {i.description}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
