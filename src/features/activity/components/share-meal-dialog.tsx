import { useState } from 'react';
import type { MatchRequest } from '@common/api/matches';
import type { MatchSide } from '@common/domain/match-status';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { whenLabel } from '@/lib/dates';
import { useCreateShareLink } from '../api/use-create-share-link';
import { useRevokeShareLinks } from '../api/use-revoke-share-links';
import { opponentOf } from './match-request-item';

interface ShareMealDialogProps {
  /** The match to share, or null when closed. */
  target: { request: MatchRequest; side: MatchSide } | null;
  onClose: () => void;
}

/**
 * 안전 공유 (issue #17 item 9): makes a read-only link to the meal for a trusted person without an
 * account, sends it with the Web Share API where the phone has it, else copies it; 공유 끝내기
 * revokes every link the member made for this meal. Buttons cannot be pressed twice.
 */
export function ShareMealDialog({ target, onClose }: ShareMealDialogProps) {
  const [url, setUrl] = useState<string | null>(null);
  const make = useCreateShareLink({
    onSuccess: (link) => setUrl(link.url),
    onError: (error) => toast.error(errorMessage(error, ko.safety.shareFailed)),
  });
  const stop = useRevokeShareLinks({
    onSuccess: () => {
      setUrl(null);
      toast.info(ko.safety.shareStopped);
    },
    onError: (error) => toast.error(errorMessage(error, ko.safety.shareFailed)),
  });
  const close = () => {
    setUrl(null);
    onClose();
  };

  async function send(link: string) {
    if (!target) return;
    const { request, side } = target;
    const text = format(ko.safety.shareText, {
      partner: opponentOf(request, side).name,
      when: whenLabel(request.schedule.date, request.schedule.time),
      place: request.schedule.placeName,
    });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: ko.safety.shareTitle, text, url: link });
        return;
      } catch (error) {
        // Cancelled by the member: nothing to do. Anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      toast.success(ko.safety.shareCopied);
    } catch {
      // No clipboard permission: the link is selectable in the field below.
      document.getElementById('share-link')?.focus();
    }
  }

  const busy = make.isPending || stop.isPending;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()} title={ko.safety.share}>
      <p>{ko.safety.shareLead}</p>
      <p className="field__hint">{ko.safety.shareValid}</p>
      {url ? (
        <div className="field">
          <label htmlFor="share-link" className="field__label">
            {ko.safety.shareLinkLabel}
          </label>
          <input id="share-link" className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
      <div className="form-actions">
        {target && (
          <button type="button" className="btn btn--ghost btn--danger" disabled={busy} aria-busy={stop.isPending} onClick={() => stop.mutate(target.request.id)}>
            {ko.safety.shareStop}
          </button>
        )}
        {url ? (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void send(url)}>
            {ko.safety.shareSend}
          </button>
        ) : (
          target && (
            <button type="button" className="btn btn--primary" disabled={busy} aria-busy={make.isPending} onClick={() => make.mutate(target.request.id)}>
              {ko.safety.shareMake}
            </button>
          )
        )}
      </div>
    </Dialog>
  );
}
