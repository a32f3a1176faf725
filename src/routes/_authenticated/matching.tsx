import { createFileRoute } from '@tanstack/react-router';
import { ko } from '@/i18n/ko';

/** Built by a later issue: only the screen's name for now. */
export const Route = createFileRoute('/_authenticated/matching')({
  component: () => <h1 className="page-title">{ko.screens.matching}</h1>,
});
