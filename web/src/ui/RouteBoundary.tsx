// Error boundary around every route: a render error shows the fallback, Try again re-renders.
import { Component, createContext, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

interface Props {
  children: ReactNode;
  /** Changing this (e.g. the location) clears a previous error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
  /** How many times Try again was pressed (exposed so test hooks can throw only on the first render). */
  retries: number;
}

export const RetryCountContext = createContext(0);

export class RouteBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey, retries: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey, retries: 0 };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[route] render error:', error.message, info.componentStack?.split('\n')[1]?.trim() ?? '');
  }

  override render() {
    if (this.state.error) return <ErrorFallback onRetry={() => this.setState((s) => ({ error: null, retries: s.retries + 1 }))} />;
    return <RetryCountContext.Provider value={this.state.retries}>{this.props.children}</RetryCountContext.Provider>;
  }
}
