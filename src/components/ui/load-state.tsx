import { ko } from '@/i18n/ko';

interface QueryStateProps {
  /** The list's query (TanStack Query). */
  query: { status: 'pending' | 'error' | 'success'; isFetching: boolean; isRefetchError: boolean; refetch: () => Promise<unknown> };
  /** SPEC empty text, shown when the query succeeded and `isEmpty`. */
  empty?: string;
  isEmpty?: boolean;
  /** Skeleton rows while loading (default 3). */
  rows?: number;
}

/**
 * A list's three states, never confused with each other (issue #14):
 * - loading: skeleton rows (`aria-busy`, "불러오는 중..." for screen readers);
 * - error without data: "불러오지 못했어요" with 다시 시도 (the button is disabled while retrying);
 * - empty: the SPEC empty text.
 * A failed refetch over data already shown says so above the data. Nothing when there is content.
 * Offline, the service worker answers from the member's mirror, so "error" means nothing was saved.
 */
export function QueryState({ query, empty, isEmpty, rows = 3 }: QueryStateProps) {
  if (query.status === 'pending') {
    return (
      <div className="skeleton-list" aria-busy="true">
        <span className="visually-hidden" role="status">
          {ko.lists.loading}
        </span>
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="skeleton-row" aria-hidden="true" />
        ))}
      </div>
    );
  }
  if (query.status === 'error') {
    return (
      <div className="load-error" role="alert">
        <p>
          <strong>{ko.lists.loadFailed}</strong> {ko.lists.loadFailedHint}
        </p>
        <button type="button" className="btn btn--ghost btn--small" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {ko.lists.retry}
        </button>
      </div>
    );
  }
  if (query.isRefetchError) {
    return (
      <p className="load-stale" role="status">
        {ko.lists.staleFailed}{' '}
        <button type="button" className="link-button" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {ko.lists.retry}
        </button>
      </p>
    );
  }
  if (isEmpty && empty) return <p className="empty-state">{empty}</p>;
  return null;
}
