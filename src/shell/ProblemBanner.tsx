/** Shows coded problems with user input; the app stays usable underneath. */
import { formatIssue, ISSUE_CODES } from '../../sim-core/index';
import { actions, useApp } from '../state/store';

export function ProblemBanner() {
  const problem = useApp((s) => s.problem);
  if (!problem) return null;
  return (
    <div className="problem" role="alert" data-testid="problem">
      <div>
        <strong>{problem.context}</strong>
        <ul>
          {problem.issues.slice(0, 8).map((issue, i) => (
            <li key={i}>
              <code>{formatIssue(issue)}</code>{' '}
              <span className="issue-kind">({ISSUE_CODES[issue.code]})</span>
            </li>
          ))}
          {problem.issues.length > 8 ? <li>… and {problem.issues.length - 8} more</li> : null}
        </ul>
      </div>
      <button onClick={() => actions.dismissProblem()} aria-label="Dismiss the message">
        ✕
      </button>
    </div>
  );
}
