import { createFileRoute } from '@tanstack/react-router';
import { chatsQuery } from '@/features/chat/api/chats';
import { ChatsPage } from '@/features/chat/components/chats-page';
import { ko } from '@/i18n/shell';

/** 채팅 (issue #30 item 4): every 1:1 and table conversation of the member, newest activity first. */
export const Route = createFileRoute('/_authenticated/chats')({
  // The page renders with its first page (issue #14); a failed load shows the list's error state.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(chatsQuery()).then(() => undefined, () => undefined),
  staticData: { title: ko.screens.chats },
  component: ChatsPage,
});
