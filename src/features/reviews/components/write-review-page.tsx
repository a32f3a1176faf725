import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Type } from 'typebox';
import { ReviewCreateBody } from '@common/api/reviews';
import type { MatchSide } from '@common/domain/match-status';
import { Avatar } from '@/components/ui/avatar';
import { toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { koreanClock } from '@/lib/dates';
import { errorMessage } from '@/lib/api-client';
import { clearDraft, loadDraft, saveDraft } from '@/lib/drafts';
import { applyServerFieldError, koreanResolver } from '@/lib/forms/korean-resolver';
import { usePendingWrites } from '@/lib/outbox';
import { matchSide } from '@/shared/api/match';
import { useSession } from '@/lib/session/store';
import { useNow } from '@/lib/use-now';
import { useWrite } from '@/lib/query/writes';
import { invalidates as reportAttendanceInvalidates, reportAttendance } from '@/shared/mutations/use-report-attendance';
import { createReview, createReviewInvalidates, matchQueryOptions, reviewMealOf, reviewTargetOf, type ReviewMeal, type ReviewTarget } from '../api/reviews';
import { StarRatingInput } from './star-rating-input';
import './reviews.css';

interface WriteReviewPageProps {
  /** From navigation state (activity's "리뷰 쓰기"), when both are there. */
  target: ReviewTarget | null;
  /** `?matchId=` of a reload or deep link: looked up on the server when `target` is missing. */
  lookupMatchId: number | undefined;
  /** After a successful post (the route goes to /match-requests, which shows the match as reviewed). */
  onDone: () => void;
  /** 활동 내역으로 돌아가기 before reviews open (default: `onDone`, which goes there). */
  onBack?: () => void;
}

/** The form's part of `POST /api/reviews` (the server's schema: rating 1–5, comment ≤ 500 after trimming). */
const ReviewFormSchema = Type.Object({ rating: ReviewCreateBody.properties.rating, comment: ReviewCreateBody.properties.comment });
interface ReviewValues {
  rating: number;
  comment: string;
}
const DEFAULTS: ReviewValues = { rating: 3, comment: '' };
const FIELDS = ['rating', 'comment'] as const;
const korean = koreanResolver<ReviewValues>(ReviewFormSchema, { rating: ko.reviews.rating, comment: ko.reviews.comment });
/** The server trims the comment before its length check: so does the form. */
const resolver: Resolver<ReviewValues> = (values, context, options) => korean({ ...values, comment: values.comment.trim() }, context, options);

const isBlank = (v: ReviewValues) => v.rating === DEFAULTS.rating && v.comment.trim() === '';

/**
 * The match being reviewed: the navigation state's when given, else (a reload or deep link) looked
 * up by `GET /api/matches/{id}` (issue #19: found however old it is; offline from the service
 * worker's mirror). Issue #15: the match also says when the meal starts and whether I answered the
 * attendance question (`meal`; null when it cannot be read — the server still refuses an early
 * review). My side: the opposite of the navigation state's opponent, else from my member id.
 */
function useReviewTarget(target: ReviewTarget | null, matchId: number | undefined) {
  const id = target?.matchId ?? matchId;
  const myId = useSession((s) => s.user?.id);
  const one = useQuery({ ...matchQueryOptions(id ?? 0), enabled: id !== undefined });
  const m = one.data;
  const side: MatchSide | null = !m ? null : target ? (m.requester.id === target.opponent.opponentId ? 'host' : 'requester') : matchSide(m, myId);
  const meal = reviewMealOf(m, side);
  if (target) {
    // Navigation state: wait for the match (normally cached) to know the start; a failure leaves the server to judge.
    if (one.status === 'pending') return { status: 'pending' as const, query: one };
    return { status: 'success' as const, target, meal };
  }
  if (matchId === undefined) return { status: 'success' as const, target: null, meal: null };
  if (one.status !== 'success') return { status: one.status, query: one };
  return { status: 'success' as const, target: reviewTargetOf(m, side), meal };
}

/**
 * 리뷰 작성 (SPEC §2 Write review, §5, §8): the opponent's avatar and name, 1–5 stars (default
 * 3), a 4-row comment and "등록". Without an opponent it shows UI-TEXT.md's message.
 */
export function WriteReviewPage({ target, lookupMatchId, onDone, onBack }: WriteReviewPageProps) {
  const lookup = useReviewTarget(target, lookupMatchId);
  return (
    <div className="page review-page">
      <h1 className="page-heading">{ko.reviews.write}</h1>
      {lookup.status !== 'success' ? (
        <QueryState query={lookup.query} rows={2} />
      ) : !lookup.target ? (
        <p className="review-missing" role="alert">
          {ko.reviews.noOpponent}
        </p>
      ) : (
        <ReviewGate key={lookup.target.matchId} target={lookup.target} meal={lookup.meal} onDone={onDone} onBack={onBack ?? onDone} />
      )}
    </div>
  );
}

/**
 * Issue #15: before the meal's start, "식사가 끝난 뒤에 후기를 남길 수 있어요." instead of the form;
 * after it, "상대방이 약속 장소에 나왔나요?" first (나왔어요 / 안 나왔어요 → `POST
 * /api/matches/{id}/attendance`) unless I answered already, then the rating form.
 */
function ReviewGate({ target, meal, onDone, onBack }: { target: ReviewTarget; meal: ReviewMeal | null; onDone: () => void; onBack: () => void }) {
  const [answered, setAnswered] = useState(false);
  const now = useNow();
  const attendance = useWrite({ mutationFn: (attended: boolean) => reportAttendance(target.matchId, attended), invalidates: reportAttendanceInvalidates }, {
    onSuccess: () => setAnswered(true),
    onError: (error) => toast.error(errorMessage(error, ko.reviewForm.attendanceError)),
  });
  // Issue #28 item 6: reviews open at the meal's end; before, when they open and the way back.
  if (meal && now.getTime() < Date.parse(meal.reviewOpensAt)) {
    return (
      <div className="review-missing" role="status">
        <p>{format(ko.reviewForm.opensAt, { time: koreanClock(meal.reviewOpensAt) })}</p>
        <p>
          <a
            href="/match-requests"
            onClick={(e) => {
              e.preventDefault();
              onBack();
            }}
          >
            {ko.reviewForm.backToActivity}
          </a>
        </p>
      </div>
    );
  }
  if (meal && meal.attendance === null && !answered) {
    return (
      <div className="review-form card">
        <div className="review-opponent" aria-label={ko.reviewForm.opponent} role="group">
          <Avatar src={target.opponent.opponentProfileImage} alt="" size={72} />
          <strong className="review-opponent__name">{target.opponent.opponentName}</strong>
        </div>
        <div className="review-attendance" role="group" aria-labelledby="review-attendance-question">
          <p id="review-attendance-question" className="review-attendance__question">
            {ko.reviewForm.attendanceQuestion}
          </p>
          <div className="review-attendance__answers">
            <button type="button" className="btn btn--primary" disabled={attendance.isPending} onClick={() => attendance.mutate(true)}>
              {ko.reviewForm.attended}
            </button>
            {meal.partnerArrived ? (
              <p className="review-attendance__note">{ko.activity.partnerCheckedIn}</p>
            ) : (
              <button type="button" className="btn btn--ghost" disabled={attendance.isPending} onClick={() => attendance.mutate(false)}>
                {ko.reviewForm.absent}
              </button>
            )}
          </div>
        </div>
      </div>
    );
  }
  // Answered here: the buttons are gone, so the form takes the focus (else it falls to the page).
  return <ReviewForm target={target} onDone={onDone} focusOnShow={answered} />;
}

/**
 * The form (issue #14): react-hook-form over the server's schema, errors under their field, one
 * submit at a time. Offline the review waits in the outbox (issue #7): the page says so and
 * leaves; while one waits for this match the form shows "전송 대기 중" and cannot be sent again.
 * A half-written review is kept on this device (drafts, per member, kind 'review', id = match
 * id) through leaving the page, a reload and going offline; coming back offers 이어쓰기 / 새로 쓰기.
 * Sending or 새로 쓰기 clears it. `focusOnShow`: once the draft was looked at, focus goes to the
 * checked star (or 이어쓰기 when a draft is offered) — after the attendance answer on this page.
 */
function ReviewForm({ target, onDone, focusOnShow = false }: { target: ReviewTarget; onDone: () => void; focusOnShow?: boolean }) {
  const memberId = useSession((s) => s.user?.id ?? null);
  const waiting = usePendingWrites('review', String(target.matchId)).length > 0;
  const { control, register, handleSubmit, reset, setError, setFocus, subscribe, formState } = useForm<ReviewValues>({ resolver, defaultValues: DEFAULTS });
  const [offer, setOffer] = useState<ReviewValues | null>(null);
  /** Saving starts once the stored draft was looked at (and, when there was one, the member chose). */
  const saving = useRef(false);
  /**
   * Where focus goes once the form or the draft offer shows (only with `focusOnShow`); without a
   * member there is no draft to look at, so at once.
   */
  const [focusTarget, setFocusTarget] = useState<'rating' | 'offer' | null>(focusOnShow && memberId === null ? 'rating' : null);
  const focusWanted = useRef(focusOnShow);
  const resumeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (memberId === null) return;
    let live = true;
    void loadDraft<ReviewValues>(memberId, 'review', target.matchId).then((draft) => {
      if (!live) return;
      const offered = Boolean(draft && !isBlank(draft.values));
      if (offered && draft) setOffer(draft.values);
      else saving.current = true;
      if (focusWanted.current) {
        focusWanted.current = false;
        setFocusTarget(offered ? 'offer' : 'rating');
      }
    });
    return () => {
      live = false;
    };
  }, [memberId, target.matchId]);

  useEffect(() => {
    if (focusTarget === 'offer') resumeButton.current?.focus();
    else if (focusTarget === 'rating') setFocus('rating');
  }, [focusTarget, setFocus]);

  // Every change is kept (IndexedDB, so it survives a reload and works offline); back to blank clears it.
  useEffect(() => {
    if (memberId === null) return;
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (!saving.current) return;
        const v = { rating: Number(values.rating ?? DEFAULTS.rating), comment: String(values.comment ?? '') };
        void (isBlank(v) ? clearDraft(memberId, 'review', target.matchId) : saveDraft(memberId, 'review', target.matchId, v));
      },
    });
  }, [subscribe, memberId, target.matchId]);

  function choose(resume: boolean) {
    if (resume && offer) reset(offer);
    else if (memberId !== null) void clearDraft(memberId, 'review', target.matchId);
    setOffer(null);
    saving.current = true;
    // The form replaces the offer: focus its first field.
    setTimeout(() => setFocus('rating'), 0);
  }

  // The match then shows as reviewed on this side (a queued review invalidates when replayed).
  const post = useWrite({
    mutationFn: (values: ReviewValues) =>
      createReview({ matchId: target.matchId, revieweeId: target.opponent.opponentId, rating: values.rating, comment: values.comment.trim() }, values.comment.trim() || target.opponent.opponentName),
    invalidates: createReviewInvalidates,
    skipInvalidation: (result) => !!result?.queued,
  }, {
    onSuccess: async (result) => {
      saving.current = false;
      if (memberId !== null) await clearDraft(memberId, 'review', target.matchId);
      if (result.queued) toast.info(ko.offlineUi.queued);
      else toast.success(ko.reviews.done);
      onDone();
    },
    onError: (error) => {
      if (!applyServerFieldError(error, FIELDS, (name, e, o) => setError(name, e, { shouldFocus: o?.shouldFocus ?? true }))) toast.error(errorMessage(error, ko.reviews.submitError));
    },
  });

  const busy = formState.isSubmitting || post.isPending || post.isSuccess;

  return (
    <div className="review-form card">
      <div className="review-opponent" aria-label={ko.reviewForm.opponent} role="group">
        <Avatar src={target.opponent.opponentProfileImage} alt="" size={72} />
        <strong className="review-opponent__name">{target.opponent.opponentName}</strong>
      </div>
      {offer ? (
        <div className="review-draft" role="group" aria-labelledby="review-draft-text">
          <p id="review-draft-text" className="review-draft__text">
            {ko.reviewForm.draftFound}
          </p>
          <div className="review-draft__actions">
            <button ref={resumeButton} type="button" className="btn btn--primary" onClick={() => choose(true)}>
              {ko.reviewForm.draftResume}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => choose(false)}>
              {ko.reviewForm.draftDiscard}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="review-form__fields"
          noValidate
          aria-label={ko.reviews.write}
          onSubmit={(e) => void handleSubmit(async (values) => void (await post.mutateAsync(values).catch(() => undefined)))(e)}
        >
          <Controller
            control={control}
            name="rating"
            render={({ field, fieldState }) => (
              <div className="review-field">
                <span className="review-field__label" aria-hidden="true">
                  {ko.reviews.rating}
                </span>
                <StarRatingInput
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  label={ko.reviews.rating}
                  disabled={busy}
                  errorId={fieldState.error ? 'review-rating-error' : undefined}
                />
                {fieldState.error && (
                  <p id="review-rating-error" className="field__error">
                    {fieldState.error.message}
                  </p>
                )}
              </div>
            )}
          />
          <FormField label={ko.reviews.comment} error={formState.errors.comment?.message}>
            {(controlProps) => <textarea {...controlProps} {...register('comment')} className="input review-comment" rows={4} readOnly={busy} />}
          </FormField>
          {waiting && (
            <p className="pending-write__label" role="status">
              {ko.offlineUi.pending}
            </p>
          )}
          <button type="submit" className="btn btn--primary review-submit" disabled={busy || waiting}>
            {ko.reviews.submit}
          </button>
        </form>
      )}
    </div>
  );
}
