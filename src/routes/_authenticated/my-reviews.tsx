import { createFileRoute } from '@tanstack/react-router';
import { MyReviewsPage } from '@/features/reviews/components/my-reviews-page';
import { ko } from '@/i18n/ko';

/** 내가 받은 리뷰 (SPEC §2 My reviews). */
export const Route = createFileRoute('/_authenticated/my-reviews')({
  staticData: { title: ko.reviews.myHeading },
  component: MyReviewsPage,
});
