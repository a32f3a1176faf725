import { createFileRoute } from '@tanstack/react-router';
import { chatsQuery } from '@/features/chat/api/chats';
import { ChatsPage } from '@/features/chat/components/chats-page';
import { ko } from '@/i18n/shell';

/** 채팅 (issue #30 item 4): every 1:1 and table conversation of the member, newest activity first. */
export const Route = createFileRoute('/_authenticated/chats')({
  // The page renders with its first page (issue #14); a failed load shows the list's error state.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(chatsQuery()).then(() => undefined, () => undefined),
  // The loader stays with the route tree (not in a chunk of its own, as vite.config.ts splits the
  // other routes' loaders): the list's request starts as soon as the app runs, beside the page's
  // chunks, instead of after a chunk round trip (issue #33 item 2: a tab's first paint).
  codeSplitGroupings: [['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
  staticData: { title: ko.screens.chats },
  component: ChatsPage,
});
