import { ko } from '@/i18n/ko';
import { useFeedback } from './feedback-store';

/**
 * The toast live regions: success/info toasts are `role="status"`, errors `role="alert"`.
 * The containers stay mounted so screen readers announce new toasts. The `aria-live` attribute
 * ("off": each toast is its own live region) also keeps the container out of the `aria-hidden`
 * that an open Radix dialog puts on the rest of the page, so toasts raised from inside a dialog
 * are still announced (aria-hidden skips `[aria-live]` elements).
 */
export function Toasts() {
  const toasts = useFeedback((s) => s.toasts);
  const dismiss = useFeedback((s) => s.dismiss);
  return (
    <div className="toasts" aria-label={ko.feedback.notifications} aria-live="off">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__text">{t.text}</span>
          <button type="button" className="toast__close" onClick={() => dismiss(t.id)}>
            {ko.feedback.close}
          </button>
        </div>
      ))}
    </div>
  );
}
