import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Type } from 'typebox';
import { MatchCancelBody } from '@common/api/matches';
import { CANCEL_REASONS } from '@common/domain/match-status';
import { ko } from '@/i18n/ko';
import { koreanResolver } from '@/lib/forms/korean-resolver';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import './cancel-reason-dialog.css';

/** The radio value of "직접 입력". */
const CUSTOM = 'custom';

export interface CancelValues {
  choice: string;
  custom: string;
}

/** The reason chooser's schema: the written reason obeys the server's limit (`MatchCancelBody.reason`, ≤ 200). */
const CancelSchema = Type.Object({ choice: Type.String(), custom: MatchCancelBody.properties.reason });
const resolver = koreanResolver<CancelValues>(CancelSchema, { custom: ko.cancelMatch.reasonName });

/** The reason sent for the chosen values: a listed reason, the written one (trimmed), or none. */
export function cancelReasonOf(values: CancelValues): string | undefined {
  if (values.choice === CUSTOM) return values.custom.trim() || undefined;
  return values.choice || undefined;
}

/** Whether a cancellation now would be recorded as late (issue #28 item 3): `now ≥ lateCancelFrom`, never when it is null. */
export function isLateCancel(lateCancelFrom: string | null | undefined, now: Date): boolean {
  if (!lateCancelFrom) return false;
  const from = Date.parse(lateCancelFrom);
  return Number.isFinite(from) && now.getTime() >= from;
}

interface CancelReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What happens (e.g. "상대방에게 취소 알림이 가요."). */
  notice: string;
  /** The cancellation will be recorded as late: says so before the member confirms (issue #28 item 3). */
  late: boolean;
  submitLabel: string;
  /** The request is running: the submit button is disabled. */
  pending: boolean;
  onSubmit: (reason: string | undefined) => void;
}

/**
 * The cancel-reason chooser (issue #15, UI-TEXT.md "Cancel dialog"), shared by 약속 취소 and the host's
 * delete of a meal with seated guests (issue #28 item 3): an optional reason from `CANCEL_REASONS` or
 * "직접 입력" (≤ 200 characters), the late-cancel warning when it applies, then the submit button.
 */
export function CancelReasonDialog({ open, onOpenChange, title, ...form }: CancelReasonDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {open && <CancelReasonForm {...form} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type FormProps = Omit<CancelReasonDialogProps, 'open' | 'onOpenChange' | 'title'> & { onClose: () => void };

function CancelReasonForm({ notice, late, submitLabel, pending, onSubmit, onClose }: FormProps) {
  const legendId = useId();
  const { register, handleSubmit, control, formState } = useForm<CancelValues>({
    // The written reason counts only when "직접 입력" is chosen; the server trims it.
    resolver: (values, context, options) => resolver({ ...values, custom: values.choice === CUSTOM ? values.custom.trim() : '' }, context, options),
    defaultValues: { choice: '', custom: '' },
  });
  const choice = useWatch({ control, name: 'choice' });
  const custom = choice === CUSTOM;
  const customError = custom ? formState.errors.custom?.message : undefined;

  return (
    <form className="form-stack cancel-dialog" noValidate onSubmit={(e) => void handleSubmit((values) => onSubmit(cancelReasonOf(values)))(e)}>
      <p className="dialog-message">{notice}</p>
      {late && (
        <p className="cancel-dialog__late" role="note">
          {ko.cancelMatch.lateWarning}
        </p>
      )}
      <fieldset className="cancel-dialog__reasons" aria-labelledby={legendId}>
        <legend id={legendId} className="field__label">
          {ko.cancelMatch.reason}
        </legend>
        {CANCEL_REASONS.map((reason) => (
          <label key={reason} className="cancel-dialog__reason">
            <input type="radio" value={reason} {...register('choice')} />
            <span>{reason}</span>
          </label>
        ))}
        <label className="cancel-dialog__reason">
          <input type="radio" value={CUSTOM} {...register('choice')} />
          <span>{ko.cancelMatch.custom}</span>
        </label>
      </fieldset>
      {custom && (
        <FormField label={ko.cancelMatch.customLabel} error={customError}>
          {(field) => <textarea className="input" rows={3} {...field} {...register('custom')} />}
        </FormField>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {ko.cancelMatch.keep}
        </button>
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
