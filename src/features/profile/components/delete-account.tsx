import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DELETE_ACCOUNT_CONFIRM_WORD } from '@common/api/account';
import type { User } from '@common/api/users';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/feedback-store';
import { FormField } from '@/components/ui/form-field';
import { ko } from '@/i18n/ko';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/store';
import { useDeleteAccount } from '../api/use-delete-account';

interface Values {
  secret: string;
}

/**
 * 회원 탈퇴 (issue #17 item 2): a red button at the end of the profile page opens a dialog that says
 * what happens, asks for the password (or, for a member who signed up with a social login,
 * the word "탈퇴"), and cannot be submitted twice. On success the session ends and the member lands
 * on the home page with a goodbye toast; a wrong password stays on the field.
 */
export function DeleteAccount({ user }: { user: Pick<User, 'hasPassword'> }) {
  const [open, setOpen] = useState(false);
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const form = useForm<Values>({ defaultValues: { secret: '' } });
  const remove = useDeleteAccount({
    onSuccess: () => {
      setOpen(false);
      signOut('logout');
      toast.info(ko.account.deleted);
      void navigate({ to: '/', replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && (error.status === 403 || error.status === 400)) form.setError('secret', { type: 'server', message: error.message }, { shouldFocus: true });
      else toast.error(ko.account.deleteFailed);
    },
  });
  const submit = form.handleSubmit((values) => {
    if (!values.secret.trim()) {
      form.setError('secret', { type: 'required', message: user.hasPassword ? ko.account.deleteEnterPassword : ko.account.deleteConfirmWord }, { shouldFocus: true });
      return;
    }
    remove.mutate(user.hasPassword ? { password: values.secret } : { confirm: values.secret.trim() });
  });
  const label = user.hasPassword ? ko.account.deletePassword : ko.account.deleteConfirmWord;

  return (
    <section className="danger-zone">
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        {ko.account.deleteTitle}
      </button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (remove.isPending) return;
          setOpen(next);
          if (!next) form.reset();
        }}
        title={ko.account.deleteTitle}
      >
        <form onSubmit={(e) => void submit(e)} noValidate className="delete-account">
          <p>
            <strong>{ko.account.deleteWarning}</strong>
          </p>
          <p className="field__hint">{ko.account.deleteDetails}</p>
          <FormField label={label} error={form.formState.errors.secret?.message}>
            {(control) => (
              <input
                {...control}
                className="input"
                type={user.hasPassword ? 'password' : 'text'}
                autoComplete={user.hasPassword ? 'current-password' : 'off'}
                placeholder={user.hasPassword ? undefined : DELETE_ACCOUNT_CONFIRM_WORD}
                {...form.register('secret')}
              />
            )}
          </FormField>
          <div className="form-actions">
            <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {ko.account.deleteCancel}
            </button>
            <button type="submit" className="btn btn--danger-solid" disabled={remove.isPending} aria-busy={remove.isPending}>
              {ko.account.deleteSubmit}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
