/**
 * Push in the running app (issue #7), mounted once by the root layout:
 * - the FCM token follows the session (deleted on sign-out; fetched again for a member signed in
 *   on a browser that already allowed notifications — never a permission prompt here);
 * - a push that arrives while a page is in front shows the in-app toast
 *   "[새 메시지] {title}: {body}" (the service worker shows the system notification as well),
 *   unless the live channel's toast of the same notification is still up; a push that arrived
 *   while the app was starting (../early-messages.ts) shows when this hook mounts.
 */
import { useEffect } from 'react';
import { toast, useFeedback } from '@/components/ui/feedback-store';
import { installPushSignOut, syncPushToken } from '@/lib/fcm';
import { takeEarlyMessages } from '../early-messages';
import { foregroundToastText } from '../foreground';

/** Keeps the push wiring while mounted; `userId` is the signed-in member or null. */
export function usePush(userId: number | null): void {
  useEffect(() => installPushSignOut(), []);

  useEffect(() => {
    if (userId !== null) void syncPushToken(userId);
  }, [userId]);

  useEffect(() => {
    const container = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
    if (!container) return;
    const show = (data: unknown) => {
      const shown = useFeedback.getState().toasts.map((t) => t.text);
      const text = foregroundToastText(data, document.visibilityState, shown);
      if (text) toast.info(text);
    };
    const onMessage = (event: MessageEvent) => show(event.data);
    // What arrived while the app was starting, then what arrives from now on.
    for (const data of takeEarlyMessages()) show(data);
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, []);
}
