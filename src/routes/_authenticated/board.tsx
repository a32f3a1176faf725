import { createFileRoute } from '@tanstack/react-router';
import { BoardPage } from '@/features/board/components/board-page';

/** The board screen (issue #6). */
export const Route = createFileRoute('/_authenticated/board')({
  component: BoardPage,
});
