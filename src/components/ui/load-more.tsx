/**
 * "Load more" for a paged list (issue #19 item 1; `useInfiniteQuery` over `callPage`): an invisible
 * sentinel below the list fetches the next page when it scrolls into view (IntersectionObserver),
 * and a visible 더 보기 button does the same for keyboard and screen-reader users (and where
 * IntersectionObserver is missing). Nothing on the last page. A failed page says so, with 다시 시도.
 */
import { useEffect, useRef } from 'react';
import { ko } from '@/i18n/ko';

/** Korean copy (the catalogue's `ko.lists`). */
export const LOAD_MORE_TEXT = {
  more: ko.lists.more,
  loading: ko.lists.loadingMore,
  failed: ko.lists.moreFailed,
  retry: ko.lists.retry,
} as const;

interface LoadMoreProps {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError?: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** Extra class on the wrapper. */
  className?: string;
  /** The button's text (default 더 보기), e.g. 댓글 더 보기. */
  label?: string;
  /** Load on scroll (default); off for lists inside a dialog or a carousel, where the button is enough. */
  auto?: boolean;
}

export function LoadMore({ query, className, label = LOAD_MORE_TEXT.more, auto = true }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  // A new observer after every page: its first report says whether the sentinel is still in view
  // (a short page), so the list keeps filling the screen. After a failure only the button retries
  // (no loop of failing requests while the sentinel stays in view).
  useEffect(() => {
    const node = sentinel.current;
    if (!auto || !node || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void fetchNextPage();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div className={['load-more', className].filter(Boolean).join(' ')}>
      <div ref={sentinel} aria-hidden="true" className="load-more__sentinel" />
      {isFetchNextPageError && (
        <p role="alert" className="load-error">
          {LOAD_MORE_TEXT.failed}
        </p>
      )}
      <button type="button" className="btn btn--ghost" disabled={isFetchingNextPage} aria-busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {isFetchingNextPage ? LOAD_MORE_TEXT.loading : isFetchNextPageError ? LOAD_MORE_TEXT.retry : label}
      </button>
    </div>
  );
}
