import { useEffect, useRef } from 'react';
import { ko } from '@/i18n/ko';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** The button's accessible name (default 더 보기). */
  label?: string;
}

/**
 * "Load more on scroll" (issue #19): an IntersectionObserver sentinel asks for the next page when
 * it comes near the viewport, and a visible 더 보기 button does the same for keyboard and
 * screen-reader users. Nothing when there is no next page.
 */
export function LoadMore({ hasMore, loading, onMore, label = ko.matching.more }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef({ hasMore, loading, onMore });
  useEffect(() => {
    latest.current = { hasMore, loading, onMore };
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const { hasMore: more, loading: busy, onMore: load } = latest.current;
        if (more && !busy && entries.some((e) => e.isIntersecting)) load();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore]);
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <div ref={sentinel} className="load-more__sentinel" aria-hidden="true" />
      <button type="button" className="btn btn--ghost load-more__button" aria-disabled={loading} onClick={() => !loading && onMore()}>
        {loading ? ko.matching.loadingMore : label}
      </button>
    </div>
  );
}
