/**
 * Which cached queries a live notification makes stale (issue #14): one table, notification type →
 * query key roots (`./keys.ts`). The live channel and push (in front) call
 * `invalidateForNotification`; every open screen showing that data refetches without a reload.
 * It replaces the version counters of the notifications store and the per-page listeners.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@common/realtime';
import { queryRoots, type QueryRoot } from '@/lib/query/keys';

/**
 * The inbox (issue #16): every notification is stored before it is published, so each one makes the
 * bell's unread count and the inbox list stale.
 */
export const INBOX_ROOTS = ['notificationsUnread', 'notifications'] as const satisfies readonly QueryRoot[];

/**
 * SPEC §4 live notifications → the lists that show what changed (the inbox roots last, for each
 * type). Every type that changes a match list also names `match` (the one match of the chat and
 * write-review pages, issue #19): only that match when the notification carries its id.
 */
export const NOTIFICATION_INVALIDATES: Record<NotificationType, readonly QueryRoot[]> = {
  // Someone asked to join my meal: my received requests, and the seat counts others see.
  new_match_request: ['matchesReceived', 'match', ...INBOX_ROOTS],
  // The host accepted / rejected / confirmed my request: my sent list, the meal's seats, my profile tiles.
  match_accepted: ['matchesSent', 'match', 'schedules', 'me', ...INBOX_ROOTS],
  match_rejected: ['matchesSent', 'match', 'schedules', ...INBOX_ROOTS],
  match_confirmed: ['matchesReceived', 'matchesSent', 'match', 'schedules', 'me', ...INBOX_ROOTS],
  // A chat message: that chat's history (the key carries the match id).
  new_message: ['chat', ...INBOX_ROOTS],
  // Issue #15, the meal lifecycle. The other side cancelled: both lists (I may be either side), the
  // seats, and that chat (it shows "취소된 약속이에요").
  match_cancelled: ['matchesReceived', 'matchesSent', 'match', 'schedules', 'chat', ...INBOX_ROOTS],
  // The requester withdrew a PENDING request: my received list.
  match_withdrawn: ['matchesReceived', 'match', ...INBOX_ROOTS],
  // The host deleted the schedule of my request: my sent list shows 취소됨, the window loses the meal.
  schedule_cancelled: ['matchesSent', 'match', 'schedules', 'chat', ...INBOX_ROOTS],
  // The meal filled up / a seat opened: my request's 대기 중, the cards' 마감, the host's 수락.
  schedule_full: ['matchesSent', 'match', 'schedules', ...INBOX_ROOTS],
  seat_opened: ['matchesReceived', 'matchesSent', 'match', 'schedules', ...INBOX_ROOTS],
  // The partner arrived / the meal is soon: the match cards.
  partner_arrived: ['matchesReceived', 'matchesSent', 'match', ...INBOX_ROOTS],
  meal_reminder: ['matchesReceived', 'matchesSent', 'match', ...INBOX_ROOTS],
  // Issue #28: the host moved the meal (my sent card, the one match, the cards of the window); the
  // partner said I did not come (my card offers 이의 제기, my profile's 노쇼 기록 and figures).
  schedule_changed: ['matchesSent', 'match', 'schedules', ...INBOX_ROOTS],
  marked_absent: ['matchesReceived', 'matchesSent', 'match', 'absences', 'me', ...INBOX_ROOTS],
};

/**
 * The query keys to invalidate for a notification (chat and match: only that match's history / the
 * match itself when its id is known).
 * `inbox: false` leaves the inbox roots out (a message of the chat in view is marked read first).
 */
export function keysForNotification(type: string, matchId?: number, options: { inbox?: boolean } = {}): readonly (readonly unknown[])[] {
  const all = (NOTIFICATION_INVALIDATES as Record<string, readonly QueryRoot[] | undefined>)[type];
  if (!all) return [];
  const roots = options.inbox === false ? all.filter((root) => !(INBOX_ROOTS as readonly QueryRoot[]).includes(root)) : all;
  return roots.map((root) => ((root === 'chat' || root === 'match') && typeof matchId === 'number' ? [...queryRoots[root], matchId] : queryRoots[root]));
}

/** Invalidates what a notification concerns; unknown types invalidate nothing. Answers the keys used. */
export function invalidateForNotification(
  client: QueryClient,
  notification: { type: string; matchId?: number },
  options: { inbox?: boolean } = {},
): readonly (readonly unknown[])[] {
  const keys = keysForNotification(notification.type, notification.matchId, options);
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  return keys;
}
