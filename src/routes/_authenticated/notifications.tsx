import { createFileRoute } from '@tanstack/react-router';
import { inboxQuery } from '@/features/notifications/api/notifications';
import { NotificationsPage } from '@/features/notifications/components/notifications-page';
import { ko } from '@/i18n/shell';

/** 알림 (issue #16): the inbox. */
export const Route = createFileRoute('/_authenticated/notifications')({
  // The page renders with its first page (issue #14); a failed load shows the list's error state.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(inboxQuery()).then(() => undefined, () => undefined),
  staticData: { title: ko.inbox.heading },
  component: NotificationsPage,
});
