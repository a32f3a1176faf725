import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@common/api/reports';
import { ko } from '@/i18n/ko';

// Issue #33 item 1: the dialog and its form (react-hook-form) load when a report is first opened.
const ReportDialog = lazy(() => import('./report-dialog-content').then((m) => ({ default: m.ReportDialog })));

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: number;
  /** Accessible name when the button sits among several (e.g. "댓글 신고하기"); default "신고하기". */
  label?: string;
  /**
   * The visible text (default "신고하기"); where two report buttons sit side by side they must read
   * differently ("회원 신고하기", "일정 신고하기"; issue #31 item 5). `label` must contain it.
   */
  text?: string;
  className?: string;
  /** After a report was sent (201) or had been sent before (409). */
  onReported?: () => void;
}

/**
 * "신고하기" (issue #17 item 5) next to someone else's content: opens the shared report dialog. One
 * component for every kind of target so the reasons and messages are the same everywhere.
 */
export function ReportButton({ targetType, targetId, label, text = ko.reports.report, className = 'btn btn--ghost btn--small', onReported }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on and kept, so closing keeps the dialog's exit and focus return.
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-label={label} data-report={`${targetType}:${targetId}`}>
        {text}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} targetType={targetType} targetId={targetId} onReported={onReported} />
        </Suspense>
      )}
    </>
  );
}

