/**
 * `POST /api/reports/appeal {targetType, targetId, note}` (issue #32 item 1) → 201 with the server's
 * Korean confirmation: the author's one 이의 제기 of their hidden content, from a `content_hidden`
 * item of the inbox. The cached items about that content show it appealed at once; the inbox and
 * the bell refetch after the answer, right or wrong.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationItem } from '@common/api/notifications';
import { appealContent as appealContentOp } from '@common/api/reports';
import type { AppealBody } from '@common/api/reports';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { useWrite, type Invalidates } from '@/lib/query/writes';
import type { InboxData } from './notifications';

/** The inbox pages and the bell's count. */
export const invalidates = ['notifications', 'notificationsUnread'] as const satisfies Invalidates;

/** Marks the cached `content_hidden` items of `target` appealed. */
export function markAppealedInCache(client: QueryClient, target: NonNullable<NotificationItem['target']>): void {
  const data = client.getQueryData<InboxData>(queryRoots.notifications);
  if (!data) return;
  const hit = (item: NotificationItem) => item.type === 'content_hidden' && item.target?.type === target.type && item.target.id === target.id;
  client.setQueryData<InboxData>(queryRoots.notifications, { ...data, pages: data.pages.map((page) => page.map((item) => (hit(item) ? { ...item, appealed: true } : item))) });
}

/** Appeals once; answers the server's Korean confirmation. */
export function useAppealContent() {
  const client = useQueryClient();
  return useWrite(
    {
      mutationFn: async (body: AppealBody) => (await call(appealContentOp, { body })).message,
      invalidates,
    },
    { onSuccess: (_message, body) => markAppealedInCache(client, { type: body.targetType, id: body.targetId }) },
  );
}
