import { createFileRoute } from '@tanstack/react-router';
import { SharedMealPage } from '@/features/safety/components/shared-meal-page';
import { ko } from '@/i18n/shell';

/** 안전 공유 (issue #17 item 9): the read-only page of a shared meal, for anyone holding the link. */
export const Route = createFileRoute('/s/$token')({
  staticData: { title: ko.safety.pageTitle },
  component: SharedMeal,
});

function SharedMeal() {
  const { token } = Route.useParams();
  return <SharedMealPage token={token} />;
}
