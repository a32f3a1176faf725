/// <reference lib="webworker" />
/**
 * Update flow (registerType 'prompt'): a new worker waits until the client's update prompt
 * ("새 버전이 준비됐어요." · 새로고침) asks it, through workbox-window's
 * `messageSkipWaiting()`, to take over. The client reloads on `controlling`.
 */
declare let self: ServiceWorkerGlobalScope;

interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

function isSkipWaiting(data: unknown): data is SkipWaitingMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';
}

export function registerUpdateMessages(): void {
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    if (isSkipWaiting(event.data)) event.waitUntil(self.skipWaiting());
  });
}
