/**
 * Live notifications (SPEC §4 "Live notifications"; issues #4, #14, #16). Each notification
 * invalidates the cached queries it concerns through the one table of src/shared/query/invalidation.ts
 * — the bell's unread count and the inbox among them (the count is the server's, issue #16: it
 * survives a reload; no counter in memory). Unknown types log a warning and invalidate nothing.
 *
 * Quiet when looking (issue #16 item 6): a `new_message` of the chat that is open and visible
 * raises no toast and no unread — its inbox item is marked read instead — and does not refetch that
 * chat (issue #30 item 5: its topic already delivered the message).
 */
import { NOTIFICATION_TYPES, type LiveNotification, type NotificationType } from '@common/realtime';
import { invalidateForNotification } from '@/shared/query/invalidation';
import { queryClient } from '@/lib/query/query-client';
import { markRead } from './api/use-mark-notifications-read';

const isKnownType = (type: unknown): type is NotificationType => (NOTIFICATION_TYPES as readonly unknown[]).includes(type);

/** The path of a match's chat page. */
export const chatPath = (matchId: number): string => `/chat/${matchId}`;

/** True when the chat of `matchId` is the current page and the page is visible. */
export function isChatInView(matchId: number): boolean {
  if (typeof document === 'undefined' || document.visibilityState !== 'visible') return false;
  return window.location.pathname.replace(/\/+$/, '') === chatPath(matchId);
}

/** How many delivered notices `receiveNotification` remembers to recognise a repeat. */
const SEEN_NOTICES_MAX = 200;
/** Keys (`id@createdAt`) of the notices applied lately, oldest first. */
const seenNotices = new Set<string>();

/**
 * True when notice `n` was applied already. The live channel delivers at least once (issue #32
 * item 8): an instance killed between sending a stored notice and marking it published leaves it to
 * the outbox sweep, which sends it again with the same id. A collapsed `new_message` keeps its id
 * but gets a new `createdAt`, so the key is both. Notices without an id (older servers) are new.
 */
function isRepeat(n: Partial<LiveNotification>): boolean {
  if (typeof n.id !== 'number') return false;
  const key = `${n.id}@${n.createdAt ?? ''}`;
  if (seenNotices.has(key)) return true;
  seenNotices.add(key);
  if (seenNotices.size > SEEN_NOTICES_MAX) seenNotices.delete(seenNotices.values().next().value!);
  return false;
}

/**
 * Applies one incoming notification: invalidates the queries of its type, warns on an unknown
 * type. Answers the text to show (the payload's `message`), or null when there is none, when it
 * is a repeat of one already applied (same id and time: the outbox's redelivery), or when it is a
 * message of the chat in view (that one is marked read, the bell does not move).
 */
export function receiveNotification(payload: unknown, client = queryClient, inView: (matchId: number) => boolean = isChatInView): string | null {
  const n = (payload ?? {}) as Partial<LiveNotification>;
  if (!isKnownType(n.type)) {
    console.warn('unknown live notification', n.type);
    return null;
  }
  if (isRepeat(n)) return null;
  const matchId = typeof n.matchId === 'number' ? n.matchId : undefined;
  if (n.type === 'new_message' && matchId !== undefined && inView(matchId)) {
    // Issue #30 item 5: the open chat already has the message from its topic (one delivery): no refetch.
    if (typeof n.id === 'number') void markRead(client, { ids: [n.id] }).catch(() => undefined);
    return null;
  }
  invalidateForNotification(client, { type: n.type, matchId });
  return typeof n.message === 'string' && n.message ? n.message : null;
}
