/**
 * "공유하기" (issue #18 item 6) for a schedule or a post: the system share sheet, KakaoTalk when
 * keyed, or the link copied with the toast "링크를 복사했어요" (src/lib/share.ts).
 */
import { useState } from 'react';
import { ko } from '@/i18n/ko';
import { shareLink, type ShareData } from '@/lib/share';
import { toast } from './feedback-store';

interface ShareButtonProps extends ShareData {
  className?: string;
  /** An accessible name naming what is shared, when "공유하기" alone is ambiguous. */
  label?: string;
}

export function ShareButton({ title, text, url, className = 'btn btn--ghost btn--small', label }: ShareButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await shareLink({ title, text, url });
      if (outcome === 'copied') toast.success(ko.share.copied);
      else if (outcome === 'failed') toast.error(ko.share.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} onClick={() => void onClick()} aria-busy={busy} aria-label={label}>
      {ko.share.button}
    </button>
  );
}
