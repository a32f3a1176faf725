import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { ko } from '@/i18n/shell';
import { useFeedback } from './feedback-store';
import { useReturnFocus } from './use-return-focus';

/** The dialog behind `ConfirmHost` (loaded on the first confirm): host of `confirmDialog(message)`: a Radix AlertDialog with "확인" / "취소"; focus returns to what opened it. */
export function ConfirmDialogHost() {
  const pending = useFeedback((s) => s.confirm);
  const settle = useFeedback((s) => s.settleConfirm);
  const returnFocus = useReturnFocus(pending !== null);
  return (
    <AlertDialog.Root open={pending !== null} onOpenChange={(open) => !open && settle(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog-content dialog-content--small" onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="dialog-title">{ko.app.name}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-message">{pending?.message}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel className="btn btn--ghost" onClick={() => settle(false)}>
              {ko.feedback.cancel}
            </AlertDialog.Cancel>
            <AlertDialog.Action className={pending?.danger ? 'btn btn--danger-solid' : 'btn btn--primary'} onClick={() => settle(true)}>
              {pending?.confirmLabel ?? ko.feedback.ok}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
