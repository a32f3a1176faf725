import { useForm, useWatch } from 'react-hook-form';
import { Type } from 'typebox';
import { DisputeBody } from '@common/api/matches';
import { DISPUTE_NOTE_MAX } from '@common/domain/match-status';
import { format, ko } from '@/i18n/ko';
import { useDisputeAbsence } from '@/shared/api/absences';
import { errorMessage } from '@/lib/api-client';
import { koreanResolver } from '@/lib/forms/korean-resolver';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';

interface DisputeValues {
  note: string;
}

/** The note obeys the server's limit (`DisputeBody.note`, ≤ 200 after trimming). */
const resolver = koreanResolver<DisputeValues>(Type.Object({ note: DisputeBody.properties.note }), { note: ko.dispute.noteName });

interface DisputeDialogProps {
  /** The match whose absence mark against me is disputed; null closes the dialog. */
  matchId: number | null;
  onClose: () => void;
}

/**
 * 이의 제기 (issue #28 item 1): "저는 약속 장소에 있었어요", an optional note (≤ 200 characters, with a
 * counter), then `POST /api/matches/{id}/attendance/dispute`. Shared by 활동 내역 and 내 정보.
 */
export function DisputeDialog({ matchId, onClose }: DisputeDialogProps) {
  return (
    <Dialog open={matchId !== null} onOpenChange={(open) => !open && onClose()} title={ko.dispute.title}>
      {matchId !== null && <DisputeForm key={matchId} matchId={matchId} onClose={onClose} />}
    </Dialog>
  );
}

function DisputeForm({ matchId, onClose }: { matchId: number; onClose: () => void }) {
  const dispute = useDisputeAbsence();
  const { register, handleSubmit, control, formState } = useForm<DisputeValues>({
    resolver: (values, context, options) => resolver({ note: values.note.trim() }, context, options),
    defaultValues: { note: '' },
  });
  const note = useWatch({ control, name: 'note' });
  const length = [...(note ?? '').trim()].length;

  const submit = async (values: DisputeValues) => {
    if (dispute.isPending) return;
    const text = values.note.trim();
    try {
      const answer = await dispute.mutateAsync({ matchId, note: text || undefined });
      toast.success(answer || ko.dispute.done);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, ko.dispute.error));
    }
  };

  return (
    <form className="form-stack" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
      <p className="dialog-message">
        <strong>{ko.dispute.notice}</strong>
      </p>
      <p className="field__hint">{ko.dispute.hint}</p>
      <FormField label={ko.dispute.note} error={formState.errors.note?.message} hint={format(ko.dispute.counter, { n: length, max: DISPUTE_NOTE_MAX })}>
        {(field) => <textarea className="input" rows={3} {...field} {...register('note')} />}
      </FormField>
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {ko.dispute.keep}
        </button>
        <button type="submit" className="btn btn--primary" disabled={dispute.isPending} aria-busy={dispute.isPending}>
          {ko.dispute.submit}
        </button>
      </div>
    </form>
  );
}
