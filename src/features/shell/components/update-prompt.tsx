import { useRegisterSW } from 'virtual:pwa-register/react';
import { ko } from '@/i18n/shell';

/** "새 버전이 준비됐어요." with "새로고침" once a new service worker is waiting. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.warn('service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{ko.app.updateReady}</span>
      <button type="button" className="btn btn--primary btn--small" onClick={() => void updateServiceWorker(true)}>
        {ko.app.updateReload}
      </button>
    </div>
  );
}
