/**
 * The offline banner (UI-TEXT.md, issue #7): shown while the browser is offline or the screen
 * shows answers served from the offline mirror, with when they were saved ("{M월 d일 HH:mm} 저장",
 * KST), how many writes wait in the outbox, and the writes the server refused for good — each
 * with a dismiss button, so a failed write is never dropped silently.
 */
import { format, ko } from '@/i18n/shell';
import { dismissOutboxFailure, failureText, useOutbox } from '@/lib/outbox';
import { savedAtLabel } from '@/lib/saved-at-label';
import { oldestSavedAt, useSavedAt } from '@/lib/saved-at-store';
import { useOfflineSupport } from '../hooks/use-offline-support';
import { useOnlineStatus } from '../hooks/use-online-status';
import './offline.css';

export function OfflineBanner() {
  useOfflineSupport();
  const online = useOnlineStatus();
  const savedAt = useSavedAt((s) => oldestSavedAt(s.byPath));
  const entries = useOutbox((s) => s.entries);
  const pending = entries.filter((e) => !e.failure).length;
  const failures = entries.filter((e) => e.failure);
  const offline = !online || savedAt !== null;
  return (
    <div className="offline-banner-region">
      <div role="status">
        {offline && (
          <p className="offline-banner">
            {ko.app.offline}
            {savedAt && (
              <span className="offline-banner__saved" data-testid="offline-saved-at">
                {savedAtLabel(savedAt)}
              </span>
            )}
          </p>
        )}
        {pending > 0 && (
          <p className="offline-banner offline-banner--pending" data-testid="outbox-pending">
            {format(ko.offlineUi.pendingCount, { n: pending })}
          </p>
        )}
      </div>
      {failures.length > 0 && (
        <section className="outbox-failures" aria-label={ko.offlineUi.failuresTitle}>
          <h2 className="outbox-failures__title">{ko.offlineUi.failuresTitle}</h2>
          <ul>
            {failures.map((entry) => (
              <li key={entry.key} className="outbox-failures__item">
                <span role="alert">{failureText(entry)}</span>
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  aria-label={format(ko.offlineUi.dismissOne, { label: entry.label })}
                  onClick={() => void dismissOutboxFailure(entry.key)}
                >
                  {ko.offlineUi.dismiss}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
