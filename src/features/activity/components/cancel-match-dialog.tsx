import { CancelReasonDialog, isLateCancel } from '@/shared/components/cancel-reason-dialog';
import { ko } from '@/i18n/ko';

interface CancelMatchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The match's `lateCancelFrom` (issue #28 item 3): from then the cancellation is recorded as late; null never. */
  lateCancelFrom: string | null;
  now: Date;
  /** The cancel request is running: the submit button is disabled. */
  pending: boolean;
  onSubmit: (reason: string | undefined) => void;
}

/**
 * "약속을 취소할까요?" (issue #15, UI-TEXT.md "Cancel dialog"): the partner is told; an optional
 * reason, and — when it will be recorded as late — "지금 취소하면 늦은 취소로 기록돼요." first.
 */
export function CancelMatchDialog({ open, onOpenChange, lateCancelFrom, now, pending, onSubmit }: CancelMatchDialogProps) {
  return (
    <CancelReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ko.cancelMatch.title}
      notice={ko.cancelMatch.notice}
      late={isLateCancel(lateCancelFrom, now)}
      submitLabel={ko.cancelMatch.submit}
      pending={pending}
      onSubmit={onSubmit}
    />
  );
}
