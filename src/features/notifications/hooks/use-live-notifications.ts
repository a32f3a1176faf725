/**
 * Subscribes the signed-in member to `/topic/user/{id}/notifications` over the live channel and
 * feeds each notification to the store (count, refetch signals) and to a toast (issue #4). Also
 * listens on the session's `/user/queue/errors` (issue #16): a chat message the server refused
 * (blank, too long, a cancelled match) is said in an error toast while the connection stays.
 * After every (re)connect the bell's count and the inbox are fetched again: a notification sent
 * while no subscription was up (offline, a dropped connection, the moment before the first
 * connect) is counted from the server instead of being lost until a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { USER_ERRORS_DESTINATION, userNotificationsTopic } from '@common/realtime';
import { toast } from '@/components/ui/feedback-store';
import { useInstallPrompt } from '@/lib/install-prompt';
import { queryRoots } from '@/lib/query/keys';
import { liveSubscribe, onLiveConnect } from '@/lib/stomp-client';
import { receiveNotification } from '../store';

/** The Korean `message` of a `/user/queue/errors` body, or null when it has none. */
function refusalMessage(payload: unknown): string | null {
  const message = (payload as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** Keeps the subscriptions while `userId` is set. */
export function useLiveNotifications(userId: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const stopNotifications = liveSubscribe(userNotificationsTopic(userId), (payload) => {
      // Issue #18 item 7: the first confirmed meal is a moment to offer the install prompt.
      if ((payload as { type?: unknown } | null)?.type === 'match_confirmed') useInstallPrompt.getState().noteMealConfirmed();
      const text = receiveNotification(payload);
      if (text) toast.info(text);
    });
    const stopErrors = liveSubscribe(USER_ERRORS_DESTINATION, (payload) => {
      const text = refusalMessage(payload);
      if (text) toast.error(text);
    });
    const stopCatchUp = onLiveConnect(() => {
      void client.invalidateQueries({ queryKey: queryRoots.notificationsUnread });
      void client.invalidateQueries({ queryKey: queryRoots.notifications });
    });
    return () => {
      stopNotifications();
      stopErrors();
      stopCatchUp();
    };
  }, [client, userId]);
}
