import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '@tp/shared';

/** The generic fallback screen (docs/product/ui-layer.md#error-boundary): "Something went wrong" and its text. */
export function ErrorFallback({ onRetry }: { onRetry?: () => void }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-12 text-center">
      <AlertTriangle aria-hidden="true" className="size-8 text-warning" />
      <h2 className="text-xl font-semibold">{MESSAGES.fallbackTitle}</h2>
      <p className="text-muted">{MESSAGES.fallbackText}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex min-h-11 items-center rounded-md bg-accent px-4 font-medium text-accent-fg hover:opacity-90"
          >
            Try again
          </button>
        )}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex min-h-11 items-center rounded-md border border-border px-4 font-medium hover:bg-surface-2"
        >
          Refresh the page
        </button>
      </div>
    </div>
  );
}

interface Props {
  children: ReactNode;
  /** A custom fallback; the default is ErrorFallback with a retry. */
  fallback?: (reset: () => void, error: Error) => ReactNode;
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface State {
  error: Error | null;
}

/** Catches a widget's rendering error so the rest of the page keeps working; the error is logged. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A component failed to render:', error, info.componentStack);
    this.props.onError?.(error, info);
  }

  reset = (): void => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.reset, error) : <ErrorFallback onRetry={this.reset} />;
  }
}
