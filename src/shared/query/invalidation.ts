/**
 * Which cached queries a live notification makes stale (issue #14): one table, notification type →
 * query key roots (src/lib/query/keys.ts). The live channel and push (in front) call
 * `invalidateForNotification`; every open screen showing that data refetches without a reload.
 * It replaces the version counters of the notifications store and the per-page listeners.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@common/realtime';
import type { QueryRoot } from '@/lib/query/keys';
import { keysFor } from '@/lib/query/writes';
import * as cancelMatch from '@/shared/mutations/use-cancel-match';
import * as deleteSchedule from '@/shared/mutations/use-delete-schedule';
import * as hostAction from '@/shared/mutations/use-host-action';
import * as markArrived from '@/shared/mutations/use-mark-arrived';
import * as reportAttendance from '@/shared/mutations/use-report-attendance';
import * as requestMatch from '@/shared/mutations/use-request-match';
import * as sendMessage from '@/shared/mutations/send-message';
import * as updateSchedule from '@/shared/mutations/use-update-schedule';
import * as withdrawMatch from '@/shared/mutations/use-withdraw-match';

/**
 * The inbox (issue #16): every notification is stored before it is published, so each one makes the
 * bell's unread count and the inbox list stale.
 */
export const INBOX_ROOTS = ['notificationsUnread', 'notifications'] as const satisfies readonly QueryRoot[];

/**
 * SPEC §4 live notifications → the lists that show what changed (the inbox roots last, for each
 * type). A notification tells me about someone else's write, so each type takes the `invalidates`
 * that write declares with its hook (src/shared/mutations, issue #29 item 2); only the meal
 * reminder (a server timer) has its own list. Types with a match id narrow `match` and `chat` to it.
 */
export const NOTIFICATION_INVALIDATES: Record<NotificationType, readonly QueryRoot[]> = {
  new_match_request: [...requestMatch.invalidates, ...INBOX_ROOTS],
  match_accepted: [...hostAction.invalidates, ...INBOX_ROOTS],
  match_rejected: [...hostAction.invalidates, ...INBOX_ROOTS],
  match_confirmed: [...hostAction.invalidates, ...INBOX_ROOTS],
  new_message: [...sendMessage.invalidates, ...INBOX_ROOTS],
  match_cancelled: [...cancelMatch.invalidates, ...INBOX_ROOTS],
  match_withdrawn: [...withdrawMatch.invalidates, ...INBOX_ROOTS],
  schedule_cancelled: [...deleteSchedule.invalidates, ...INBOX_ROOTS],
  // The host's accept filled the meal; a cancellation opened a seat.
  schedule_full: [...hostAction.invalidates, ...INBOX_ROOTS],
  seat_opened: [...cancelMatch.invalidates, ...INBOX_ROOTS],
  partner_arrived: [...markArrived.invalidates, ...INBOX_ROOTS],
  meal_reminder: ['matchesReceived', 'matchesSent', 'match', ...INBOX_ROOTS],
  schedule_changed: [...updateSchedule.invalidates, ...INBOX_ROOTS],
  marked_absent: [...reportAttendance.invalidates, ...INBOX_ROOTS],
  // Issue #32 item 1: my content was hidden or shown again by moderation (posts, comments, meals, reviews, chats).
  content_hidden: ['board', 'schedules', 'mySchedules', 'myReviews', 'chat', ...INBOX_ROOTS],
  content_restored: ['board', 'schedules', 'mySchedules', 'myReviews', 'chat', ...INBOX_ROOTS],
  appeal_rejected: [...INBOX_ROOTS],
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
  return keysFor(roots, matchId);
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
