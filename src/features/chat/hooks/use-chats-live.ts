/**
 * Keeps the cached chat list current without refetching it (issue #30 item 4): a conversation that
 * gets a message moves to the top of `['chats']` with that message as its last one and its unread
 * count bumped (`withNewMessage`). Listens on the member's chat activity queue
 * (`CHAT_ACTIVITY_DESTINATION`, one event per message of any of their conversations). A row that
 * is not loaded yet (a new conversation, or one on a page not fetched) makes the first page stale.
 * The events come on the member's `/topic/user/{id}/chats` (common/realtime.ts `ChatActivity`).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userChatsTopic } from '@common/realtime';
import { liveSubscribe, onLiveConnect } from '@/lib/stomp-client';
import { queryRoots } from '@/lib/query/keys';
import { withNewMessage, type ChatKind, type ChatLastMessage, type ChatsData } from '../api/chats';


/** Conversations open and visible on this device right now: their messages are read as they come. */
const openChats = new Set<string>();
/** Marks `{kind, id}` open while the returned function is not called (the chat screen). */
export function markChatOpen(kind: ChatKind, id: number): () => void {
  const key = `${kind}:${id}`;
  openChats.add(key);
  return () => openChats.delete(key);
}

type Activity = { kind: ChatKind; id: number; message: ChatLastMessage; unreadCount?: number; muted?: boolean };

/** Reads one `ChatActivity` (`{ kind, id, lastMessage, unreadCount, muted }`); null when it is not one. */
export function readActivity(payload: unknown): Activity | null {
  const p = (payload ?? {}) as Record<string, unknown>;
  const where = (p.conversation && typeof p.conversation === 'object' ? p.conversation : p) as Record<string, unknown>;
  const kind = where.kind;
  const id = where.id;
  const message = (p.message ?? p.lastMessage) as ChatLastMessage | undefined;
  if ((kind !== 'match' && kind !== 'table') || typeof id !== 'number' || !message || typeof message.content !== 'string') return null;
  return { kind, id, message, unreadCount: typeof p.unreadCount === 'number' ? p.unreadCount : undefined, muted: typeof p.muted === 'boolean' ? p.muted : undefined };
}

/** Writes one new message into the cached list (or marks it stale when the row is not loaded). */
export function applyActivity(client: QueryClient, event: Activity, myId: number | null): void {
  const data = client.getQueryData<ChatsData>(queryRoots.chats);
  if (!data) return;
  const mine = myId !== null && event.message.senderId === myId;
  const next = withNewMessage(data, event, event.message, { mine, read: openChats.has(`${event.kind}:${event.id}`), unreadCount: event.unreadCount, muted: event.muted });
  if (next) client.setQueryData(queryRoots.chats, next);
  else void client.invalidateQueries({ queryKey: queryRoots.chats });
}

/**
 * Subscribes while `userId` is set. After every (re)connect the list is fetched again: what came
 * while no subscription was up (the list is fetched as soon as the page shows, the live channel
 * connects only once `me` confirmed the stored session, issue #33 item 2) is not lost.
 */
export function useChatsLive(userId: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const stopLive = liveSubscribe(userChatsTopic(userId), (payload) => {
      const event = readActivity(payload);
      if (event) applyActivity(client, event, userId);
    });
    const stopCatchUp = onLiveConnect(() => void client.invalidateQueries({ queryKey: queryRoots.chats }));
    return () => {
      stopLive();
      stopCatchUp();
    };
  }, [client, userId]);
}
