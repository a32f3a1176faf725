/**
 * `PUT /api/chats/{kind}/{id}/mute {muted}` (issue #30 item 4, 알림 끄기 / 알림 켜기): silences push and
 * toasts of one conversation (its counts stay); answers the mute as stored.
 */
import { useQueryClient } from '@tanstack/react-query';
import { muteChat } from '@common/api/table';
import { call } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import { useWrite, type Invalidates } from '@/lib/query/writes';
import { patchChat, type ChatKind, type ChatSummary, type ChatsData } from './chats';

/** Nothing to refetch: the row's `muted` is written into the cached chat list at once and put back when refused. */
export const invalidates = [] as const satisfies Invalidates;

export function setChatMuted(kind: ChatKind, id: number, muted: boolean): Promise<{ muted: boolean }> {
  return call(muteChat, { params: { kind, id }, body: { muted } });
}

/**
 * Toggles the mute of the conversation passed to `mutate` (its row as listed: `!muted` is sent).
 * The cached list shows the new state at once and the old one again on failure; `options` add the
 * screen's toasts.
 */
export function useMuteChat(options: Parameters<typeof useWrite<{ muted: boolean }, ChatSummary>>[1] = {}) {
  const client = useQueryClient();
  return useWrite(
    { mutationFn: (c: ChatSummary) => setChatMuted(c.kind, c.id, !c.muted), invalidates },
    {
      ...options,
      onMutate: (c, ...rest) => {
        client.setQueryData<ChatsData>(queryRoots.chats, (d) => patchChat(d, c, { muted: !c.muted }));
        return options.onMutate?.(c, ...rest);
      },
      onError: (error, c, ...rest) => {
        client.setQueryData<ChatsData>(queryRoots.chats, (d) => patchChat(d, c, { muted: c.muted }));
        return options.onError?.(error, c, ...rest);
      },
    },
  );
}
