/**
 * Opening a chat marks its message notifications read (issue #16 item 5): the chat page calls
 * `useMarkChatNotificationsRead(matchId)`; on mount and each time the page becomes visible again
 * the chat's unread `new_message` item (one per chat, it collapses) is marked read, so the bell
 * goes down. Messages that arrive while the chat is in view never count (./store.ts).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unreadChatItemIds } from '../api/notifications';
import { markRead } from '../api/use-mark-notifications-read';

/** Marks the chat's unread message items read; answers the ids marked. Failures are left to the next visit. */
export async function markChatNotificationsRead(client: QueryClient, matchId: number): Promise<number[]> {
  try {
    const ids = await unreadChatItemIds(client, matchId);
    if (ids.length > 0) await markRead(client, { ids });
    return ids;
  } catch {
    return [];
  }
}

/** While mounted with a `matchId`: marks that chat's message notifications read when it is visible. */
export function useMarkChatNotificationsRead(matchId: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (matchId === null) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void markChatNotificationsRead(client, matchId);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [client, matchId]);
}
