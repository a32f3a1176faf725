/**
 * The push permission moment (issue #7: "after the first match request sent or received, or a
 * button in activity", never on first load): on the activity page
 * - a card "매칭 소식을 알림으로 받아보세요" (알림 받기 · 나중에) when push is configured, the
 *   browser has not been asked yet, the member did not put it off ("나중에", remembered in
 *   localStorage) and has at least one sent or received match request;
 * - otherwise, while the browser has not been asked, a "알림 받기" button in the header row.
 * Refusal is ignored (SPEC §8) and only said quietly under the header. Renders nothing without
 * Firebase config or web push.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/feedback-store';
import { ko } from '@/i18n/ko';
import { enablePush, isPushConfigured, pushPermission } from '@/lib/fcm';
import { hasMatchRequests } from '../api/has-match-requests';
import './push.css';

/** localStorage key remembering "나중에" on the card. */
export const PUSH_PROMPT_DISMISSED_KEY = 'bapsang.push.promptDismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(PUSH_PROMPT_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

interface PushPromptProps {
  /** The signed-in member (the token is posted for them). */
  userId: number;
}

export function PushPrompt({ userId }: PushPromptProps) {
  const configured = isPushConfigured();
  const [permission, setPermission] = useState(pushPermission);
  const [dismissed, setDismissed] = useState(readDismissed);
  /** null until the lists answered (nothing is shown meanwhile, so the area does not jump). */
  const [hasRequests, setHasRequests] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const busyRef = useRef(false);
  const titleId = useId();

  const askable = configured && permission === 'default';

  useEffect(() => {
    if (!askable || dismissed) return;
    const controller = new AbortController();
    hasMatchRequests(controller.signal)
      .then((has) => {
        if (!controller.signal.aborted) setHasRequests(has);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [askable, dismissed]);

  async function enable() {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await enablePush(userId);
      if (result === 'enabled') toast.success(ko.push.enabled);
      else if (result === 'denied') setNote(ko.push.denied);
      else if (result === 'failed') toast.error(ko.push.failed);
    } finally {
      busyRef.current = false;
      setBusy(false);
      setPermission(pushPermission());
    }
  }

  function later() {
    try {
      localStorage.setItem(PUSH_PROMPT_DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: the card only goes away for this visit.
    }
    setDismissed(true);
  }

  if (!configured) return null;
  const showCard = askable && !dismissed && hasRequests === true;
  const showButton = askable && !showCard && (dismissed || hasRequests === false);
  if (!showCard && !showButton && !note) return null;

  return (
    <div className="push-prompt">
      {showButton && (
        <div className="push-prompt__bar">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => void enable()} disabled={busy} aria-busy={busy}>
            {busy ? ko.push.enabling : ko.push.enable}
          </button>
        </div>
      )}
      {showCard && (
        <section className="card push-prompt__card" aria-labelledby={titleId}>
          <h2 id={titleId} className="push-prompt__title">
            {ko.push.promptTitle}
          </h2>
          <p className="push-prompt__text">{ko.push.promptText}</p>
          <div className="push-prompt__actions">
            <button type="button" className="btn btn--primary btn--small" onClick={() => void enable()} disabled={busy} aria-busy={busy}>
              {busy ? ko.push.enabling : ko.push.enable}
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={later} disabled={busy}>
              {ko.push.later}
            </button>
          </div>
        </section>
      )}
      <p className="push-prompt__note" role="status">
        {note}
      </p>
    </div>
  );
}
