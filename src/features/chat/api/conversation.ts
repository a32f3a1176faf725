/**
 * One conversation, 1:1 or table (issue #30 items 2, 3, 5): where it lives on the live channel and
 * in the API, and its history as an infinite query (newest page first, older pages as the member
 * scrolls up). A 1:1 chat is a match's (`/topic/chat/{matchId}`, `GET /api/chat/{matchId}/history`
 * with `before`/`after` ids); a table chat is a meal's (`/topic/table/{scheduleId}`,
 * `GET /api/schedules/{scheduleId}/chat?cursor=&limit=`, next page in `Link rel="next"`).
 */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { chatReadsTopic, chatSendDestination, chatTopic, tableReadsTopic, tableSendDestination, tableTopic, type ChatMessage } from '@common/realtime';
import { chatHistory } from '@common/api/chat';
import { markChatRead, tableHistory } from '@common/api/table';
import { call, callPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';
import type { ChatKind } from './chats';

export type { ChatKind };

export interface Conversation {
  kind: ChatKind;
  /** The match id (1:1) or the schedule id (table). */
  id: number;
}

/**
 * A stored message of either kind. `senderId` is null on system lines (`kind: 'system'`: joined,
 * left, changed, cancelled); `unreadCount` counts the conversation's members whose read position
 * is before it (issue #30 item 3).
 */
export interface RoomMessage extends Omit<ChatMessage, 'matchId' | 'senderId'> {
  matchId?: number;
  scheduleId?: number;
  senderId: number | null;
  kind?: 'text' | 'system';
  unreadCount?: number;
}

/** How many messages the newest page holds (the server's default). */
export const HISTORY_PAGE = 100;
/** How many older 1:1 messages one scroll to the top loads (`before` cursor, issue #16 item 7). */
export const OLDER_PAGE = 50;

export const roomTopic = (c: Conversation) => (c.kind === 'table' ? tableTopic(c.id) : chatTopic(c.id));
export const roomSendDestination = (c: Conversation) => (c.kind === 'table' ? tableSendDestination(c.id) : chatSendDestination(c.id));
/** Read positions published live (issue #30 item 3, common/realtime.ts `ReadEvent`). */
export const roomReadsTopic = (c: Conversation) => (c.kind === 'table' ? tableReadsTopic(c.id) : chatReadsTopic(c.id));
/** `['chat', matchId]` (what `new_message` and the outbox invalidate) or `['chat', 'table', scheduleId]`. */
export const roomKey = (c: Conversation) => [...(c.kind === 'table' ? queryRoots.tableChat : queryRoots.chat), c.id] as const;

export type RoomData = InfiniteData<Page<RoomMessage>, unknown>;

/** Oldest first, one per id. */
export function mergeMessages<T extends { id: number }>(current: readonly T[], incoming: readonly T[]): T[] {
  if (incoming.length === 0) return current as T[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Every loaded message, oldest first, once. */
export function roomMessages(data: RoomData | undefined): RoomMessage[] {
  if (!data) return [];
  return data.pages.reduceRight<RoomMessage[]>((all, page) => mergeMessages(all, page.items), []);
}

/** `incoming` merged into the newest page (live messages, sends, a catch-up); unchanged when nothing is loaded yet. */
export function withMessages(data: RoomData | undefined, incoming: readonly RoomMessage[]): RoomData | undefined {
  if (!data || data.pages.length === 0 || incoming.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: mergeMessages(first!.items, incoming) }, ...rest] };
}

/** Every loaded message with `patch(message)` applied (read counts). */
export function mapMessages(data: RoomData | undefined, patch: (m: RoomMessage) => RoomMessage): RoomData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(patch) })) };
}

/** One 1:1 page: the newest `HISTORY_PAGE`, or `OLDER_PAGE` before the id in `cursor`; `after` for a catch-up. */
async function matchPage(matchId: number, cursor: string | null, signal?: AbortSignal, after?: number): Promise<Page<RoomMessage>> {
  const limit = cursor ? OLDER_PAGE : HISTORY_PAGE;
  const query = after ? { after, limit: 200 } : cursor ? { before: Number(cursor), limit: OLDER_PAGE } : undefined;
  const items = mergeMessages<RoomMessage>([], await call(chatHistory, { params: { matchId }, query, signal }));
  return { items, nextCursor: !after && items.length >= limit ? String(items[0]!.id) : null };
}

/** One page of a conversation's history (oldest first within the page). */
export async function historyPage(c: Conversation, cursor: string | null, signal?: AbortSignal): Promise<Page<RoomMessage>> {
  if (c.kind === 'match') return matchPage(c.id, cursor, signal);
  const page = await callPage(tableHistory, cursor, { params: { id: c.id }, query: { limit: HISTORY_PAGE }, signal });
  return { items: mergeMessages<RoomMessage>([], page.items), nextCursor: page.nextCursor };
}

/** What came after `afterId` (a reconnect's catch-up): 1:1 by `after`, a table by its newest page. */
export async function catchUp(c: Conversation, afterId: number | undefined, signal?: AbortSignal): Promise<RoomMessage[]> {
  const page = c.kind === 'match' ? await matchPage(c.id, null, signal, afterId) : await historyPage(c, null, signal);
  return page.items;
}

/** The history as an infinite query: page 0 the newest, each next page older. */
export const historyQuery = (c: Conversation) =>
  infiniteQueryOptions({
    queryKey: roomKey(c),
    queryFn: ({ pageParam, signal }) => historyPage(c, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * A read event (`{ userId, lastReadId, previousReadId }`) applied to the loaded messages: each one
 * with `previousReadId < id <= lastReadId` not sent by `userId` has one unread member fewer.
 */
export function withRead(data: RoomData | undefined, read: { userId: number; lastReadId: number; previousReadId: number }): RoomData | undefined {
  return mapMessages(data, (m) =>
    m.id > read.previousReadId && m.id <= read.lastReadId && m.senderId !== read.userId && (m.unreadCount ?? 0) > 0 ? { ...m, unreadCount: m.unreadCount! - 1 } : m,
  );
}

/** `POST /api/chats/{kind}/{id}/read {lastReadId}` (issue #30 item 3): answers `{lastReadId, unreadCount}` as the server moved them. */
export function postReadPosition(c: Conversation, lastReadId: number): Promise<{ lastReadId: number; unreadCount: number }> {
  return call(markChatRead, { params: { kind: c.kind, id: c.id }, body: { lastReadId } });
}
