/**
 * "Load more on scroll" for a paged list (issue #19): an invisible sentinel after the list asks for
 * the next page when it comes near the viewport (IntersectionObserver), and a visible 더 보기 button
 * does the same for keyboard and screen-reader users (and where there is no IntersectionObserver).
 */
import { useEffect, useRef } from 'react';
import { boardPaging } from '../board-text';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isError?: boolean;
  fetchNextPage: () => unknown;
  label?: string;
  /** Load on scroll (off for lists inside a dialog, where the button is enough). */
  auto?: boolean;
}

export function LoadMore({ hasNextPage, isFetchingNextPage, isError = false, fetchNextPage, label = boardPaging.more, auto = true }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The latest state for the observer's callback, without re-observing on every render.
  const state = useRef({ hasNextPage, isFetchingNextPage, isError, fetchNextPage });
  useEffect(() => {
    state.current = { hasNextPage, isFetchingNextPage, isError, fetchNextPage };
  });

  useEffect(() => {
    const el = sentinel.current;
    if (!auto || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const s = state.current;
        // After a failed page the button retries; scrolling does not hammer the server.
        if (entries.some((e) => e.isIntersecting) && s.hasNextPage && !s.isFetchingNextPage && !s.isError) void s.fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto]);

  if (!hasNextPage) return null;
  return (
    <div className="load-more">
      <div ref={sentinel} aria-hidden="true" className="load-more__sentinel" />
      {isError && (
        <p className="field__error" role="alert">
          {boardPaging.loadMoreFailed}
        </p>
      )}
      <button type="button" className="btn btn--secondary btn--small" disabled={isFetchingNextPage} aria-busy={isFetchingNextPage || undefined} onClick={() => void fetchNextPage()}>
        {isFetchingNextPage ? boardPaging.loadingMore : label}
      </button>
    </div>
  );
}
