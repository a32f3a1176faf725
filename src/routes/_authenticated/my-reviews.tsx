import { createFileRoute } from '@tanstack/react-router';
import { ko } from '@/i18n/ko';

/** Built by a later issue: only the screen's name for now. */
export const Route = createFileRoute('/_authenticated/my-reviews')({
  component: () => <h1 className="page-title">{ko.screens.myReviews}</h1>,
});
