import { ko } from '@/i18n/ko';
import { Spinner } from './spinner';

interface LoadStateProps {
  status: 'loading' | 'ready' | 'error';
  onRetry: () => void;
  /** Shown when ready and there is nothing. */
  empty?: string;
  isEmpty?: boolean;
}

/** A list's loading spinner, error with retry, or empty text; nothing when there is content. */
export function LoadState({ status, onRetry, empty, isEmpty }: LoadStateProps) {
  if (status === 'loading') return <Spinner label={ko.lists.loading} />;
  if (status === 'error') {
    return (
      <div className="load-error" role="alert">
        <p>{ko.lists.loadFailed}</p>
        <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
          {ko.lists.retry}
        </button>
      </div>
    );
  }
  if (isEmpty && empty) return <p className="empty-state">{empty}</p>;
  return null;
}
