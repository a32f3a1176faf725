/**
 * Subscribes the signed-in member to `/topic/user/{id}/notifications` over the live channel and
 * feeds each notification to the store (count, refetch signals) and to a toast (issue #4).
 */
import { useEffect } from 'react';
import { userNotificationsTopic } from '@common/realtime';
import { toast } from '@/components/ui/feedback-store';
import { liveSubscribe } from '@/lib/stomp-client';
import { receiveNotification } from '../store';

/** Keeps the subscription while `userId` is set. */
export function useLiveNotifications(userId: number | null): void {
  useEffect(() => {
    if (userId === null) return;
    return liveSubscribe(userNotificationsTopic(userId), (payload) => {
      const text = receiveNotification(payload);
      if (text) toast.info(text);
    });
  }, [userId]);
}
