import { foregroundPushText } from '@common/push';

/** The message sw/push.ts posts to every window of ours for each push. */
interface PushReceivedMessage {
  type: 'PUSH_RECEIVED';
  title: string;
  body: string;
}

function isPushReceived(data: unknown): data is PushReceivedMessage {
  if (!data || typeof data !== 'object') return false;
  const message = data as Partial<PushReceivedMessage>;
  return message.type === 'PUSH_RECEIVED' && typeof message.title === 'string' && typeof message.body === 'string';
}

/**
 * The in-app text of a service-worker message (UI-TEXT.md "Foreground push":
 * "[새 메시지] {title}: {body}"), or null when the message is not a push, the page is not what
 * the member is looking at (a hidden tab gets only the system notification), or `shownTexts`
 * already holds its body: the live channel (issue #4) toasted the same notification moments
 * ago, and one event should not produce two toasts.
 */
export function foregroundToastText(
  data: unknown,
  visibility: DocumentVisibilityState = document.visibilityState,
  shownTexts: readonly string[] = [],
): string | null {
  if (!isPushReceived(data) || visibility !== 'visible') return null;
  if (shownTexts.includes(data.body)) return null;
  return foregroundPushText(data.title, data.body);
}
