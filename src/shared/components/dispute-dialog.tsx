import { useForm, useWatch } from 'react-hook-form';
import { Type, type TSchema } from 'typebox';
import { DisputeBody } from '@common/api/matches';
import { DISPUTE_NOTE_MAX } from '@common/domain/match-status';
import { format, ko } from '@/i18n/ko';
import { useDisputeAbsence } from '@/shared/api/absences';
import { errorMessage } from '@/lib/api-client';
import { koreanResolver } from '@/lib/forms/korean-resolver';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';

interface NoteValues {
  note: string;
}

/** The words of a note dialog (the `ko.dispute` section's shape). */
export interface NoteDialogText {
  title: string;
  notice: string;
  hint: string;
  note: string;
  noteName: string;
  counter: string;
  submit: string;
  keep: string;
  done: string;
  error: string;
  /** The submit button's label while sending (default: `submit`). */
  sending?: string;
}

interface NoteDialogProps {
  /** Whether it is open; `formKey` gives each subject a fresh form. */
  open: boolean;
  formKey: string | number;
  text: NoteDialogText;
  /** The server's schema of the note (its limits are the form's); `max` is shown by the counter. */
  schema: TSchema;
  max: number;
  /** Sends the trimmed note (`undefined` when blank and optional); answers the server's confirmation. */
  send: (note: string | undefined) => Promise<string | void>;
  pending: boolean;
  /** Issue #32 item 1: a refused send shows the server's Korean text on the note field (else a toast). */
  errorsOnField?: boolean;
  onClose: () => void;
}

/**
 * A dialog that asks for a note and sends it (the 이의 제기 of an absence mark, issue #28 item 1, and
 * of hidden content, issue #32 item 1): a notice, a hint, a textarea with a counter checked against
 * the server's schema, one submit at a time (disabled while sending), a toast when it was received.
 */
export function NoteDialog({ open, formKey, text, onClose, ...form }: NoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={text.title}>
      {open && <NoteForm key={formKey} text={text} onClose={onClose} {...form} />}
    </Dialog>
  );
}

function NoteForm({ text, schema, max, send, pending, errorsOnField, onClose }: Omit<NoteDialogProps, 'open' | 'formKey'>) {
  const resolver = koreanResolver<NoteValues>(Type.Object({ note: schema }), { note: text.noteName });
  const { register, handleSubmit, control, formState, setError } = useForm<NoteValues>({
    resolver: (values, context, options) => resolver({ note: values.note.trim() }, context, options),
    defaultValues: { note: '' },
  });
  const note = useWatch({ control, name: 'note' });
  const length = [...(note ?? '').trim()].length;

  const submit = async (values: NoteValues) => {
    if (pending) return;
    const trimmed = values.note.trim();
    try {
      const answer = await send(trimmed || undefined);
      toast.success(answer || text.done);
      onClose();
    } catch (error) {
      if (errorsOnField) setError('note', { message: errorMessage(error, text.error) }, { shouldFocus: true });
      else toast.error(errorMessage(error, text.error));
    }
  };

  return (
    <form className="form-stack" noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
      <p className="dialog-message">
        <strong>{text.notice}</strong>
      </p>
      <p className="field__hint">{text.hint}</p>
      <FormField label={text.note} error={formState.errors.note?.message} hint={format(text.counter, { n: length, max })}>
        {(field) => <textarea className="input" rows={3} {...field} {...register('note')} />}
      </FormField>
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {text.keep}
        </button>
        <button type="submit" className="btn btn--primary" disabled={pending} aria-busy={pending}>
          {pending ? (text.sending ?? text.submit) : text.submit}
        </button>
      </div>
    </form>
  );
}

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
  const dispute = useDisputeAbsence();
  return (
    <NoteDialog
      open={matchId !== null}
      formKey={matchId ?? 0}
      text={ko.dispute}
      schema={DisputeBody.properties.note}
      max={DISPUTE_NOTE_MAX}
      send={(note) => dispute.mutateAsync({ matchId: matchId!, note })}
      pending={dispute.isPending}
      onClose={onClose}
    />
  );
}
