/**
 * The root layout's background services, loaded after the first render (issue #18 item 8: the
 * STOMP client, the notification subscriptions and push stay out of the home route's JavaScript).
 * The `-` prefix keeps this file out of the route tree.
 */
import { useEffect } from 'react';
import { useLiveNotifications } from '@/features/notifications/hooks/use-live-notifications';
import { usePush } from '@/features/push/hooks/use-push';
import { startLiveChannel } from '@/lib/stomp-client';

export default function LiveServices({ userId }: { userId: number | null }) {
  // The live channel follows the session (issue #4); notifications refresh the bell and toast while signed in.
  useEffect(() => startLiveChannel(), []);
  useLiveNotifications(userId);
  // Push (issue #7): token follows the session; a push in front shows an in-app toast.
  usePush(userId);
  return null;
}
