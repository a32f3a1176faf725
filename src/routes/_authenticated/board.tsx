import { createFileRoute } from '@tanstack/react-router';
import { BoardPage } from '@/features/board/components/board-page';
import { ko } from '@/i18n/ko';

/** The board screen (issue #6). */
export const Route = createFileRoute('/_authenticated/board')({
  staticData: { title: ko.board.heading },
  component: BoardPage,
});
