/**
 * Per-message actions (issue #30 item 5): a small ⋯ button beside each message, or a long-press
 * (500 ms, or the context menu) on its bubble, opens one sheet with 복사 and, for another member's
 * message, 신고하기 (the report dialog) — instead of a 신고하기 pill beside every message. One
 * sheet and one report dialog serve the whole log.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { ReportDialog } from '@/shared/components/report-dialog-content';
import { ko } from '@/i18n/ko';

const LONG_PRESS_MS = 500;

export interface ActionTarget {
  id: number;
  content: string;
  /** Another member's message: it can be reported. */
  reportable: boolean;
}

/** The bubble with its long-press and the ⋯ button beside it. */
export function Pressable({ target, onOpen, children }: { target: ActionTarget; onOpen: (t: ActionTarget) => void; children: ReactNode }) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => clearTimeout(timer.current);
  return (
    <>
      <div
        className="chat__press"
        onPointerDown={() => {
          cancel();
          timer.current = setTimeout(() => onOpen(target), LONG_PRESS_MS);
        }}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onPointerCancel={cancel}
        onContextMenu={(e) => {
          e.preventDefault();
          cancel();
          onOpen(target);
        }}
      >
        {children}
      </div>
      <button type="button" className="chat__more" aria-label={ko.chatView.messageActions} aria-haspopup="dialog" onClick={() => onOpen(target)}>
        <span aria-hidden="true">⋯</span>
      </button>
    </>
  );
}

/** The one actions sheet of the log (`target` null: closed). */
export function MessageActionsSheet({ target, reportType, onClose }: { target: ActionTarget | null; reportType: 'message' | 'table_message'; onClose: () => void }) {
  const [reporting, setReporting] = useState<number | null>(null);
  const copy = async (content: string) => {
    onClose();
    try {
      await navigator.clipboard.writeText(content);
      toast.success(ko.chatView.copied);
    } catch {
      toast.error(ko.app.genericError);
    }
  };
  return (
    <>
      <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()} title={ko.chatView.messageActions}>
        {target && (
          <div className="chat__sheet">
            <button type="button" className="btn btn--ghost" onClick={() => void copy(target.content)}>
              {ko.chatView.copy}
            </button>
            {target.reportable && (
              <button
                type="button"
                className="btn btn--ghost btn--danger"
                onClick={() => {
                  setReporting(target.id);
                  onClose();
                }}
              >
                {ko.chatView.report}
              </button>
            )}
          </div>
        )}
      </Dialog>
      <ReportDialog open={reporting !== null} onOpenChange={(open) => !open && setReporting(null)} targetType={reportType} targetId={reporting ?? 0} />
    </>
  );
}
