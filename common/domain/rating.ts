import { ko } from '../i18n/ko.ts';

/** SPEC §5/§9: an average rating is shown only from this many reviews on. */
export const MIN_REVIEWS_FOR_AVERAGE = 5;

/**
 * The rating a member sees for another member (SPEC §5 "Rating display"):
 * the average to one decimal when `reviewCount` ≥ 5, otherwise "아직 없어요" (UI-TEXT "No rating yet"; issue #31).
 *
 * @example formatAverageRating(4.26, 5) === '4.3'; formatAverageRating(5, 4) === '아직 없어요'
 */
export function formatAverageRating(averageRating: number | null | undefined, reviewCount: number | null | undefined): string {
  if (reviewCount == null || reviewCount < MIN_REVIEWS_FOR_AVERAGE || averageRating == null || !Number.isFinite(averageRating)) {
    return ko.vocabulary.ratingNA;
  }
  return averageRating.toFixed(1);
}
