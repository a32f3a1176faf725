import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ko } from '@/i18n/shell';

interface Props {
  children: ReactNode;
  /** Changing this value resets the boundary (e.g. the current path). */
  resetKey?: unknown;
}
interface State {
  error: Error | null;
  resetKey: unknown;
}

/** One per region: a Korean fallback instead of a blank screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <ErrorFallback onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}

export function ErrorFallback({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="error-fallback" role="alert">
      <p>{ko.app.errorFallback}</p>
      {onRetry && (
        <button type="button" className="btn btn--ghost" onClick={onRetry}>
          {ko.app.errorRetry}
        </button>
      )}
    </div>
  );
}
