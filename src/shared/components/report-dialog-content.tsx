/**
 * The report dialog (issue #17 item 5): a reason (required), an optional detail, 신고하기. Its own
 * module, loaded when a report is first opened (issue #33 item 1: react-hook-form and the form stay
 * out of the pages that only show a 신고하기 button); `ReportButton` (./report-dialog.tsx) loads it.
 */
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { REPORT_DETAIL_MAX, REPORT_REASONS, type ReportReason, type ReportTargetType } from '@common/api/reports';
import { format, ko } from '@/i18n/ko';
import { isApiError } from '@/lib/api-client';
import { useReport } from '@/shared/api/reports';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/feedback-store';
import './report-dialog.css';

export interface ReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: number;
  onReported?: () => void;
}

/** The report dialog: a reason (required), an optional detail (≤ 500, with a counter), 신고하기. */
export function ReportDialog({ open, onOpenChange, targetType, targetId, onReported }: ReportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={ko.reports.title}>
      {open && (
        <ReportForm
          targetType={targetType}
          targetId={targetId}
          onClose={() => onOpenChange(false)}
          onReported={() => {
            onOpenChange(false);
            onReported?.();
          }}
        />
      )}
    </Dialog>
  );
}

interface ReportValues {
  reason: ReportReason | '';
  detail: string;
}

function ReportForm({ targetType, targetId, onClose, onReported }: { targetType: ReportTargetType; targetId: number; onClose: () => void; onReported: () => void }) {
  const legendId = useId();
  const reasonErrorId = useId();
  const report = useReport();
  const { register, handleSubmit, control, formState } = useForm<ReportValues>({ defaultValues: { reason: '', detail: '' } });
  const detail = useWatch({ control, name: 'detail' });
  const length = [...(detail ?? '')].length;

  const submit = async (values: ReportValues) => {
    if (!values.reason) return;
    const text = values.detail.trim();
    try {
      await report.mutateAsync({ targetType, targetId, reason: values.reason, ...(text ? { detail: text } : {}) });
      toast.success(ko.reports.done);
      onReported();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        toast.info(ko.reports.duplicate);
        onReported();
        return;
      }
      toast.error(isApiError(error) && error.status >= 400 && error.status < 500 && error.message ? error.message : ko.reports.failed);
    }
  };

  const reasonError = formState.errors.reason?.message;
  const detailError = formState.errors.detail?.message;
  return (
    <form className="form-stack report-dialog" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
      <p className="dialog-message">{ko.reports.notice}</p>
      <fieldset className="report-dialog__reasons" aria-labelledby={legendId} aria-describedby={reasonError ? reasonErrorId : undefined}>
        <legend id={legendId} className="field__label">
          {ko.reports.reason}
        </legend>
        {REPORT_REASONS.map((reason) => (
          <label key={reason} className="report-dialog__reason">
            <input type="radio" value={reason} {...register('reason', { required: ko.reports.reasonRequired })} />
            <span>{ko.reports.reasons[reason]}</span>
          </label>
        ))}
        {reasonError && (
          <p id={reasonErrorId} className="field__error">
            {reasonError}
          </p>
        )}
      </fieldset>
      <FormField label={ko.reports.detail} error={detailError} hint={format(ko.reports.counter, { n: length, max: REPORT_DETAIL_MAX })}>
        {(field) => (
          <textarea
            className="input"
            rows={3}
            maxLength={REPORT_DETAIL_MAX}
            {...field}
            {...register('detail', { validate: (v) => [...v].length <= REPORT_DETAIL_MAX || format(ko.reports.detailMax, { max: REPORT_DETAIL_MAX }) })}
          />
        )}
      </FormField>
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {ko.reports.cancel}
        </button>
        <button type="submit" className="btn btn--danger-solid" disabled={report.isPending} aria-busy={report.isPending}>
          {report.isPending ? ko.reports.sending : ko.reports.submit}
        </button>
      </div>
    </form>
  );
}
