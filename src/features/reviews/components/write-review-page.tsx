import { useEffect, useState } from 'react';
import { REVIEW_COMMENT_MAX } from '@common/api/reviews';
import { Avatar } from '@/components/ui/avatar';
import { toast } from '@/components/ui/feedback-store';
import { Spinner } from '@/components/ui/spinner';
import { ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { usePendingWrites } from '@/lib/outbox';
import { createReview, findReviewTarget, type ReviewTarget } from '../api/reviews';
import { StarRatingInput } from './star-rating-input';
import './reviews.css';

interface WriteReviewPageProps {
  /** From navigation state (activity's "리뷰 쓰기"), when both are there. */
  target: ReviewTarget | null;
  /** `?matchId=` of a reload or deep link: looked up on the server when `target` is missing. */
  lookupMatchId: number | undefined;
  /** After a successful post (the route goes to /match-requests, which reloads its lists). */
  onDone: () => void;
}

type Lookup = { status: 'ready'; target: ReviewTarget | null } | { status: 'loading' };

/**
 * 리뷰 작성 (SPEC §2 Write review, §5, §8): the opponent's avatar and name, 1–5 stars (default
 * 3), a 4-row comment and "등록". Without an opponent it shows UI-TEXT.md's message. Offline the
 * review waits in the outbox (issue #7): the page says so and leaves; while one waits for this
 * match the form shows "전송 대기 중" and cannot be sent again.
 */
export function WriteReviewPage({ target, lookupMatchId, onDone }: WriteReviewPageProps) {
  const [lookup, setLookup] = useState<Lookup>(() => (target || lookupMatchId === undefined ? { status: 'ready', target } : { status: 'loading' }));
  const [rating, setRating] = useState(3);
  const [comment, setComment] = useState('');
  const [posting, setPosting] = useState(false);

  useEffect(() => {
    if (target || lookupMatchId === undefined) return;
    const c = new AbortController();
    findReviewTarget(lookupMatchId, c.signal)
      .then((found) => setLookup({ status: 'ready', target: found }))
      .catch(() => {
        if (!c.signal.aborted) setLookup({ status: 'ready', target: null });
      });
    return () => c.abort();
  }, [target, lookupMatchId]);

  const current = lookup.status === 'ready' ? lookup.target : null;
  const waiting = usePendingWrites('review', String(current?.matchId ?? target?.matchId ?? lookupMatchId ?? '')).length > 0;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (posting || waiting) return;
    if (!current?.opponent || !current.matchId) {
      toast.error(ko.reviews.missingInfo);
      return;
    }
    setPosting(true);
    try {
      const body = { matchId: current.matchId, revieweeId: current.opponent.opponentId, rating, comment: comment.trim() };
      const result = await createReview(body, comment.trim() || current.opponent.opponentName);
      if (result.queued) toast.info(ko.offlineUi.queued);
      else toast.success(ko.reviews.done);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error, ko.reviews.submitError));
      setPosting(false);
    }
  }

  return (
    <div className="page review-page">
      <h1 className="page-heading">{ko.reviews.write}</h1>
      {lookup.status === 'loading' ? (
        <Spinner label={ko.reviewForm.looking} />
      ) : !current ? (
        <p className="review-missing" role="alert">
          {ko.reviews.noOpponent}
        </p>
      ) : (
        <form className="review-form card" onSubmit={(e) => void submit(e)} aria-label={ko.reviews.write}>
          <div className="review-opponent" aria-label={ko.reviewForm.opponent} role="group">
            <Avatar src={current.opponent.opponentProfileImage} alt="" size={72} />
            <strong className="review-opponent__name">{current.opponent.opponentName}</strong>
          </div>
          <div className="review-field">
            <span className="review-field__label">
              {ko.reviews.rating}
            </span>
            <StarRatingInput value={rating} onChange={setRating} label={ko.reviews.rating} disabled={posting} />
          </div>
          <label className="review-field">
            <span className="review-field__label">{ko.reviews.comment}</span>
            <textarea
              className="input review-comment"
              rows={4}
              maxLength={REVIEW_COMMENT_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              disabled={posting}
            />
          </label>
          {waiting && (
            <p className="pending-write__label" role="status">
              {ko.offlineUi.pending}
            </p>
          )}
          <button type="submit" className="btn btn--primary review-submit" disabled={posting || waiting}>
            {ko.reviews.submit}
          </button>
        </form>
      )}
    </div>
  );
}
