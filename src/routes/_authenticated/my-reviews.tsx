import { createFileRoute } from '@tanstack/react-router';
import { myReviewsQuery } from '@/features/reviews/api/reviews';
import { MyReviewsPage } from '@/features/reviews/components/my-reviews-page';
import { ko } from '@/i18n/shell';

/** 내가 받은 리뷰 (SPEC §2 My reviews). */
export const Route = createFileRoute('/_authenticated/my-reviews')({
  // The page renders with the reviews (issue #14); a failed load shows the list's error state.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(myReviewsQuery()).then(() => undefined, () => undefined),
  staticData: { title: ko.reviews.myHeading },
  component: MyReviewsPage,
});
