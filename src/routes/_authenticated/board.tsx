import { createFileRoute } from '@tanstack/react-router';
import { postsQuery } from '@/features/board/api/posts-query';
import { BoardPage } from '@/features/board/components/board-page';
import { ko } from '@/i18n/shell';

/** The board screen (issue #6). */
export const Route = createFileRoute('/_authenticated/board')({
  staticData: { title: ko.board.heading },
  // The page renders with the list (issue #14); a failed load shows the page's error state (다시 시도) instead.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(postsQuery()).catch(() => undefined),
  // The loader stays with the route tree (not in a chunk of its own, as vite.config.ts splits the
  // other routes' loaders): the list's request starts as soon as the app runs, beside the page's
  // chunks, instead of after a chunk round trip (issue #33 item 2: a tab's first paint).
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  component: BoardPage,
});
