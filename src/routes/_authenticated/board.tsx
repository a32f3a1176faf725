import { createFileRoute } from '@tanstack/react-router';
import { postsQuery } from '@/features/board/api/board-api';
import { BoardPage } from '@/features/board/components/board-page';
import { ko } from '@/i18n/shell';

/** The board screen (issue #6). */
export const Route = createFileRoute('/_authenticated/board')({
  staticData: { title: ko.board.heading },
  // The page renders with the list (issue #14); a failed load shows the page's error state (다시 시도) instead.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(postsQuery()).catch(() => undefined),
  component: BoardPage,
});
