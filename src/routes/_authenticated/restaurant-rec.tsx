import { createFileRoute } from '@tanstack/react-router';
import { recommendationsQuery } from '@/features/board/api/board-api';
import { RecommendPage } from '@/features/board/components/recommend-page';
import { ko } from '@/i18n/shell';

/** The recommendation screen (issue #6). */
export const Route = createFileRoute('/_authenticated/restaurant-rec')({
  staticData: { title: ko.screens.recommend },
  // The page renders with the recommendations (issue #14); a failed load shows the page's error state (다시 시도) instead.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(recommendationsQuery()).catch(() => undefined),
  component: RecommendPage,
});
