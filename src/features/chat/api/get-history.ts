import { queryOptions } from '@tanstack/react-query';
import type { ChatMessage } from '@common/realtime';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** How many messages the first history page holds (the server's default `limit`). */
export const HISTORY_PAGE = 100;
/** How many older messages one scroll to the top loads (`before` cursor, issue #16 item 7). */
export const OLDER_PAGE = 50;

/**
 * `GET /api/chat/{matchId}/history` (oldest first): the newest 100, with `after` the messages
 * after that id (catching up after a reconnect), or with `before` the newest `OLDER_PAGE` before
 * that id (loading upward as the member scrolls to the top). A non-array counts as empty.
 */
export async function getChatHistory(
  matchId: number,
  options: { after?: number; before?: number; signal?: AbortSignal } = {},
): Promise<ChatMessage[]> {
  const query = options.after ? `?after=${options.after}&limit=200` : options.before ? `?before=${options.before}&limit=${OLDER_PAGE}` : '';
  const answer = await api.get<unknown>(`/api/chat/${matchId}/history${query}`, { signal: options.signal });
  return Array.isArray(answer) ? (answer as ChatMessage[]) : [];
}

/** Merges `incoming` into `current` by id, oldest first, without duplicates. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A chat's query key: `['chat', matchId]` (a `new_message` notification and a replayed chat write invalidate it). */
export const chatKey = (matchId: number) => [...queryRoots.chat, matchId] as const;

/**
 * A chat's history as a query (issue #14). Live messages are appended to this cache entry by the
 * chat page (`appendMessages`); a refetch answers the server's newest 100 plus any live message
 * that arrived after them while it ran, and keeps the older messages loaded by scrolling up.
 */
export const chatHistoryQuery = (matchId: number) =>
  queryOptions({
    queryKey: chatKey(matchId),
    queryFn: async ({ signal, client }) => {
      const fresh = await getChatHistory(matchId, { signal });
      const newest = fresh.length ? fresh[fresh.length - 1]!.id : 0;
      const oldest = fresh.length ? fresh[0]!.id : 0;
      const kept = (client.getQueryData<ChatMessage[]>(chatKey(matchId)) ?? []).filter((m) => m.id > newest || (fresh.length >= HISTORY_PAGE && m.id < oldest));
      return mergeMessages(fresh, kept);
    },
  });
