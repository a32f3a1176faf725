import { createFileRoute } from '@tanstack/react-router';
import { RecommendPage } from '@/features/board/components/recommend-page';

/** The recommendation screen (issue #6). */
export const Route = createFileRoute('/_authenticated/restaurant-rec')({
  component: RecommendPage,
});
