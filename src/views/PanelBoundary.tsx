/**
 * A panel's error boundary: when a panel throws while drawing, it shows a coded message in its
 * place (APP001, docs/errors.md) and every other panel, the time controls and the rest of the app
 * keep working. The panel tries again by itself when the scenario changes, or at "Try again".
 */
import { Component, type ReactNode } from 'react';
import { APP_ISSUE_CODES } from '../shell/app-issues';

interface Props {
  /** The panel's title, for the message. */
  title: string;
  /** A change of this value (another scenario) clears the failure. */
  resetKey: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

export class PanelBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    // Kept for whoever opens the console; the panel itself shows the code and the message.
    console.error(`APP001 panel "${this.props.title}"`, error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="panel-failed" role="alert" data-testid="panel-failed">
        <p>
          <code>APP001</code> {APP_ISSUE_CODES.APP001}: “{this.props.title}” stopped with{' '}
          <q>{error.message.slice(0, 200)}</q>. The other panels and the time controls still work.
        </p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
