import { useState } from 'react';
import type { Review } from '@common/api/reviews';
import { Avatar } from '@/components/ui/avatar';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { Spinner } from '@/components/ui/spinner';
import { Stars } from '@/components/ui/stars';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { useResource } from '@/lib/use-resource';
import { deleteReview, getMyReviews } from '../api/reviews';
import './reviews.css';

const NONE: Review[] = [];
const DATE = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Seoul' });

/** A review's date as Korean calendar text (KST), e.g. "2026년 11월 22일". */
export function reviewDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : DATE.format(d);
}

/**
 * 내가 받은 리뷰 (SPEC §2 My reviews, §4 Reviews list, §5 Delete review): spinner, error, the
 * cards (avatar, name, date, delete, five stars, comment) or the empty text. Deleting asks first
 * and then removes the card locally.
 */
export function MyReviewsPage() {
  const resource = useResource(getMyReviews, NONE);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const reviews = resource.data.filter((r) => !removed.has(r.id));

  async function remove(review: Review) {
    if (busy !== null) return;
    if (!(await confirmDialog(ko.reviews.confirmDelete))) return;
    setBusy(review.id);
    try {
      await deleteReview(review.id);
      setRemoved((s) => new Set(s).add(review.id));
    } catch (error) {
      toast.error(errorMessage(error, ko.reviews.deleteError));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="page review-page">
      <h1 className="page-heading">{ko.reviews.myHeading}</h1>
      {resource.status === 'loading' ? (
        <Spinner label={ko.reviewForm.loading} />
      ) : resource.status === 'error' ? (
        <div className="load-error" role="alert">
          <p>{ko.reviews.loadError}</p>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void resource.reload()}>
            {ko.reviewForm.retry}
          </button>
        </div>
      ) : reviews.length === 0 ? (
        <p className="empty-state">{ko.reviews.empty}</p>
      ) : (
        <ul className="review-list" aria-label={ko.reviewForm.list}>
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
                  disabled={busy === r.id}
                  onClick={() => void remove(r)}
                >
                  {ko.reviewForm.delete}
                </button>
              </div>
              <Stars rating={r.rating} />
              {r.comment && <p className="received-review__comment">{r.comment}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
