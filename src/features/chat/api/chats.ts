/**
 * The member's conversations (issue #30 item 4): `GET /api/chats?cursor=&limit=` — every 1:1 (match)
 * and table conversation, most recent activity first, paged like every list (a JSON array, the next
 * page in `Link rel="next"`). `PUT /api/chats/{kind}/{id}/mute {muted}` (./use-mute-chat.ts) silences push and toasts
 * of one conversation (its counts stay). Offline the first page comes from the service worker's
 * mirror (common/offline.ts).
 */
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { listChats } from '@common/api/table';
import { callPage, type Page } from '@/lib/api-client';
import { queryRoots } from '@/lib/query/keys';

/** `match`: the seed's 1:1 chat of a match (id = match id); `table`: a meal's table chat (id = schedule id). */
export type ChatKind = 'match' | 'table';

export interface ChatFace {
  id: number;
  name: string;
  profileImage: string | null;
}

/** The newest message of a conversation (`kind: 'system'` for join / leave / change lines). */
export interface ChatLastMessage {
  id?: number;
  content: string;
  kind?: 'text' | 'system';
  senderId?: number | null;
  senderName?: string | null;
  createdAt: string;
}

/**
 * One conversation as the cached list holds it: a row of `GET /api/chats` (common/api/chat.ts
 * `ChatSummary`, which is assignable to this) as live activity rewrites it. Title pieces: the
 * meal's place, the partner (1:1) or the member count (table).
 */
export interface ChatSummary {
  kind: ChatKind;
  id: number;
  /** The meal (`schedule.id`) a conversation belongs to. */
  scheduleId?: number;
  placeName?: string;
  title?: string;
  partner?: ChatFace | null;
  memberCount?: number;
  faces?: ChatFace[];
  lastMessage?: ChatLastMessage | null;
  unreadCount: number;
  muted: boolean;
  /** ISO instant of the last activity (the last message, else when the conversation began): the list's order. */
  activityAt?: string;
  /** The meal's KST date `YYYY-MM-DD` and hour. */
  date?: string;
  time?: number;
  /** Read-only: a cancelled meal, or a table 24 h after the start. */
  readOnly?: boolean;
}

/** Conversations per page. */
export const CHATS_PAGE_SIZE = 20;

/** `GET /api/chats` pages: `['chats']`. */
export const chatsQuery = () =>
  infiniteQueryOptions({
    queryKey: queryRoots.chats,
    queryFn: ({ pageParam, signal }): Promise<Page<ChatSummary>> => callPage(listChats, pageParam, { query: { limit: CHATS_PAGE_SIZE }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export type ChatsData = InfiniteData<Page<ChatSummary>, string | null>;

/** The same conversation. */
export const sameChat = (a: Pick<ChatSummary, 'kind' | 'id'>, b: Pick<ChatSummary, 'kind' | 'id'>) => a.kind === b.kind && a.id === b.id;

/**
 * A new message in conversation `{kind, id}`, written into the cached list without a refetch (issue
 * #30 item 4): its row moves to the top with the message as its last one; its count becomes the
 * server's `unreadCount` when given, else goes up by one unless it is mine; 0 when the conversation
 * is open (`read`). Answers `undefined` (a refetch is needed) when the row is not loaded yet. A
 * message already shown (same or older id) changes nothing.
 */
export function withNewMessage(
  data: ChatsData | undefined,
  at: Pick<ChatSummary, 'kind' | 'id'>,
  message: ChatLastMessage,
  options: { mine: boolean; read: boolean; unreadCount?: number; muted?: boolean },
): ChatsData | undefined {
  if (!data) return data;
  let found: ChatSummary | undefined;
  for (const page of data.pages) found ??= page.items.find((c) => sameChat(c, at));
  if (!found) return undefined;
  if (message.id !== undefined && found.lastMessage?.id !== undefined && message.id <= found.lastMessage.id) return data;
  const bump = options.mine ? 0 : 1;
  const moved: ChatSummary = {
    ...found,
    lastMessage: message,
    activityAt: message.createdAt,
    unreadCount: options.read ? 0 : (options.unreadCount ?? found.unreadCount + bump),
    muted: options.muted ?? found.muted,
  };
  const pages = data.pages.map((page, i) => {
    const rest = page.items.filter((c) => !sameChat(c, at));
    return { ...page, items: i === 0 ? [moved, ...rest] : rest };
  });
  return { ...data, pages };
}

/** The conversation `{kind, id}` with `patch` applied (mute, read), wherever it is in the loaded pages. */
export function patchChat(data: ChatsData | undefined, at: Pick<ChatSummary, 'kind' | 'id'>, patch: Partial<ChatSummary>): ChatsData | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((c) => (sameChat(c, at) ? { ...c, ...patch } : c)) })) };
}

/** Total unread messages of the loaded conversations (the 채팅 tab's badge). */
export function totalUnread(data: ChatsData | undefined): number {
  return data ? data.pages.reduce((n, p) => n + p.items.reduce((m, c) => m + (c.unreadCount || 0), 0), 0) : 0;
}
