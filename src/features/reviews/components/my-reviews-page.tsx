import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import type { Review } from '@common/api/reviews';
import { Avatar } from '@/components/ui/avatar';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { LoadMore } from '@/components/ui/load-more';
import { ReportButton } from '@/shared/components/report-dialog';
import { Stars } from '@/components/ui/stars';
import { format, ko } from '@/i18n/ko';
import { errorMessage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { useWrite } from '@/lib/query/writes';
import { deleteReview, deleteReviewInvalidates, myReviewsQuery } from '../api/reviews';
import './reviews.css';

const NONE: Review[] = [];
const DATE = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' });

/** A review's date as Korean calendar text (KST), e.g. "2026년 11월 22일". */
export function reviewDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : DATE.format(d);
}

/**
 * 내가 받은 리뷰 (SPEC §2 My reviews, §4 Reviews list, §5 Delete review): the list states
 * (skeleton, error with 다시 시도, empty text), the cards (avatar, name, date, delete, five stars,
 * comment). The reviews are a TanStack Query (issue #14); deleting asks first, one at a time, then
 * drops the card from the cache and refetches; focus moves to the next card's delete button (or
 * the heading when none is left) so a keyboard user is not dropped on the page body.
 */
export function MyReviewsPage() {
  const queryClient = useQueryClient();
  // Paged (issue #19 item 1): the next page loads on scroll or with 더 보기.
  const query = useInfiniteQuery(myReviewsQuery());
  const reviews = useMemo(() => {
    if (!query.data) return NONE;
    const seen = new Set<number>();
    return query.data.pages.flatMap((p) => p.items).filter((r) => !seen.has(r.id) && (seen.add(r.id), true));
  }, [query.data]);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusAfterDelete = useRef<number | null>(null);

  const remove = useWrite({ mutationFn: (review: Review) => deleteReview(review.id), invalidates: deleteReviewInvalidates }, {
    onSuccess: (_done, review) => {
      const index = reviews.findIndex((r) => r.id === review.id);
      queryClient.setQueryData<InfiniteData<Page<Review>, string | null>>(queryRoots.myReviews, (cur) =>
        cur ? { ...cur, pages: cur.pages.map((p) => ({ ...p, items: p.items.filter((r) => r.id !== review.id) })) } : cur,
      );
      focusAfterDelete.current = index;
    },
    onError: (error) => toast.error(errorMessage(error, ko.reviews.deleteError)),
  });

  // After a card is gone (and the buttons are enabled again): the next card's delete button, else
  // the previous one, else the heading.
  useEffect(() => {
    const index = focusAfterDelete.current;
    if (index === null || remove.isPending) return;
    focusAfterDelete.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.received-review__delete') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? heading.current)?.focus();
  }, [reviews, remove.isPending]);

  async function askRemove(review: Review) {
    if (remove.isPending) return;
    if (!(await confirmDialog(ko.reviews.confirmDelete, { danger: true, confirmLabel: ko.feedback.delete }))) return;
    remove.mutate(review);
  }

  return (
    <div className="page review-page">
      <h1 ref={heading} tabIndex={-1} className="page-heading">
        {ko.reviews.myHeading}
      </h1>
      <QueryState query={query} empty={ko.reviews.empty} isEmpty={reviews.length === 0 && !query.hasNextPage} />
      {reviews.length > 0 && (
        <ul ref={list} className="review-list" aria-label={ko.reviewForm.list}>
          {reviews.map((r) => (
            <li key={r.id} className="received-review card">
              <div className="received-review__head">
                <Avatar src={r.reviewer.profileImage} alt="" size={44} />
                <div className="received-review__who">
                  <strong className="received-review__name">{r.reviewer.name}</strong>
                  <time className="received-review__date" dateTime={r.createdAt}>
                    {reviewDate(r.createdAt)}
                  </time>
                </div>
                <button
                  type="button"
                  className="btn btn--ghost btn--small received-review__delete"
                  aria-label={format(ko.reviewForm.deleteNamed, { name: r.reviewer.name })}
                  disabled={remove.isPending}
                  onClick={() => void askRemove(r)}
                >
                  {ko.reviewForm.delete}
                </button>
                {/* Issue #17: a received review can be reported. */}
                <ReportButton targetType="review" targetId={r.id} label={format(ko.reports.reportLabel, { what: `${r.reviewer.name} ${ko.reports.targets.review}` })} />
              </div>
              <Stars rating={r.rating} />
              {r.comment && <p className="received-review__comment">{r.comment}</p>}
            </li>
          ))}
        </ul>
      )}
      {query.status === 'success' && <LoadMore query={query} />}
    </div>
  );
}
