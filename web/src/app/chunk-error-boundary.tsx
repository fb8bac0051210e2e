import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * True for a failed lazy chunk: webpack-style `ChunkLoadError`, and the messages browsers give a
 * failed dynamic `import()` (Chromium, Firefox, Safari) or a failed Vite preload.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk \S+ failed/i.test(
    error.message,
  );
}

/** docs/rules/reach.md#r-16 ChunkLoadError message with a retry; shown where the failed part would be. */
function ChunkLoadMessage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="status-page status-page--inline" role="alert" data-testid="chunk-error">
      <div className="status-page__card">
        <h1>{t('chunk_load_error_title')}</h1>
        <p>{t('chunk_load_error_text')}</p>
        <button type="button" className="btn btn--primary" data-testid="chunk-error.retry" onClick={onRetry}>
          {t('retry')}
        </button>
      </div>
    </div>
  );
}

type TProps = {
  children: ReactNode;
  /** Retry: reloads the document by default (a new deploy renames chunks; only a fresh index knows the new names). */
  onRetry?: () => void;
};
type TState = { error: unknown };

/**
 * Keeps a failed lazy chunk from blanking the app (docs/rules/reach.md#r-16): around the routed content and the
 * lazy popups, so the shell (header, menus) stays. Other errors are thrown on to the next boundary.
 */
export class ChunkErrorBoundary extends Component<TProps, TState> {
  override state: TState = { error: null };

  static getDerivedStateFromError(error: unknown): TState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) console.warn('ChunkLoadError', error, info.componentStack);
  }

  private readonly retry = (): void => {
    if (this.props.onRetry) {
      this.setState({ error: null });
      this.props.onRetry();
    } else window.location.reload();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <ChunkLoadMessage onRetry={this.retry} />;
  }
}
