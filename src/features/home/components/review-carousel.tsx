import { useState, type CSSProperties } from 'react';
import type { FeaturedReview } from '@common/api/featured';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { Stars } from '@/components/ui/stars';
import { ko } from '@/i18n/home';

/** SPEC §9: each card is 300 px wide with a 20 px margin; the loop takes 5 s per review. */
export const CARD_WIDTH_PX = 300;
export const CARD_MARGIN_PX = 20;
export const SECONDS_PER_REVIEW = 5;

/** The list twice over, so the track can slide by half its length and start again seamlessly. */
export function doubled<T>(items: readonly T[]): T[] {
  return [...items, ...items];
}

export function carouselDuration(count: number): string {
  return `${count * SECONDS_PER_REVIEW}s`;
}

interface ReviewCarouselProps {
  reviews: FeaturedReview[] | null;
}

/** Whether the visitor asked the system for less motion (the carousel then starts paused). */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * The looping carousel of featured member reviews (SPEC §1, §9). Accessible (issue #14): a visible
 * 일시정지/재생 button; it also pauses on hover and while focus is inside; it starts paused when
 * the system asks for reduced motion. The region takes keyboard focus (axe
 * `scrollable-region-focusable`), and once paused it is an ordinary horizontal scroller without
 * the looping copies, so arrow keys move through the reviews.
 */
export function ReviewCarousel({ reviews }: ReviewCarouselProps) {
  const [paused, setPaused] = useState(prefersReducedMotion);
  if (reviews === null) return <Spinner label={ko.home.reviewsLoading} />;
  if (reviews.length === 0) return <p className="carousel-empty">{ko.home.reviewsEmpty}</p>;

  const track = doubled(reviews);
  const style = {
    '--carousel-duration': carouselDuration(reviews.length),
    '--card-width': `${CARD_WIDTH_PX}px`,
    '--card-margin': `${CARD_MARGIN_PX}px`,
  } as CSSProperties;

  return (
    <div className="carousel-wrap">
      <button type="button" className="btn btn--secondary btn--small carousel__toggle" onClick={() => setPaused((p) => !p)}>
        <span aria-hidden="true" className="carousel__toggle-icon">
          {paused ? '▶' : '❚❚'}
        </span>
        {paused ? ko.home.carouselPlay : ko.home.carouselPause}
      </button>
      <div className="carousel" role="region" aria-label={ko.home.reviewsRegion} tabIndex={0} data-paused={paused} style={style}>
        <ul className="carousel__track" data-testid="carousel-track">
          {track.map((review, index) => {
            const copy = index >= reviews.length;
            return (
              <li key={index} className="review-card" aria-hidden={copy || undefined}>
                <div className="review-card__head">
                  <Avatar src={review.reviewerProfileImage} alt="" size={44} />
                  <span className="review-card__name">{review.reviewerName}</span>
                </div>
                <Stars rating={review.rating} />
                <p className="review-card__comment">{review.comment}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
