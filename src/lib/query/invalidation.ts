/**
 * Which cached queries a live notification makes stale (issue #14): one table, notification type →
 * query key roots (`./keys.ts`). The live channel and push (in front) call
 * `invalidateForNotification`; every open screen showing that data refetches without a reload.
 * It replaces the version counters of the notifications store and the per-page listeners.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@common/realtime';
import { queryRoots, type QueryRoot } from './keys';

/** SPEC §4 live notifications → the lists that show what changed. */
export const NOTIFICATION_INVALIDATES: Record<NotificationType, readonly QueryRoot[]> = {
  // Someone asked to join my meal: my received requests, and the seat counts others see.
  new_match_request: ['matchesReceived'],
  // The host accepted / rejected / confirmed my request: my sent list, the meal's seats, my profile tiles.
  match_accepted: ['matchesSent', 'schedules', 'me'],
  match_rejected: ['matchesSent', 'schedules'],
  match_confirmed: ['matchesReceived', 'matchesSent', 'schedules', 'me'],
  // A chat message: that chat's history (the key carries the match id).
  new_message: ['chat'],
  // The host deleted the schedule of my request: my sent list drops it, the window loses the meal.
  schedule_deleted: ['matchesSent', 'schedules'],
};

/** The query keys to invalidate for a notification (chat: only that match's history when known). */
export function keysForNotification(type: string, matchId?: number): readonly (readonly unknown[])[] {
  const roots = (NOTIFICATION_INVALIDATES as Record<string, readonly QueryRoot[] | undefined>)[type];
  if (!roots) return [];
  return roots.map((root) => (root === 'chat' && typeof matchId === 'number' ? [...queryRoots.chat, matchId] : queryRoots[root]));
}

/** Invalidates what a notification concerns; unknown types invalidate nothing. Answers the keys used. */
export function invalidateForNotification(client: QueryClient, notification: { type: string; matchId?: number }): readonly (readonly unknown[])[] {
  const keys = keysForNotification(notification.type, notification.matchId);
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  return keys;
}
