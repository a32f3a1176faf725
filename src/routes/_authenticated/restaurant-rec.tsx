import { createFileRoute } from '@tanstack/react-router';
import { RecommendPage } from '@/features/board/components/recommend-page';
import { ko } from '@/i18n/ko';

/** The recommendation screen (issue #6). */
export const Route = createFileRoute('/_authenticated/restaurant-rec')({
  staticData: { title: ko.screens.recommend },
  component: RecommendPage,
});
