import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CODE_LENGTH, PASSWORD_MAX } from '@common/domain/account';
import { ko } from '@/i18n/ko';
import { toast } from '@/components/ui/feedback-store';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldError } from '@/lib/forms/korean-resolver';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { requestPasswordReset } from '../api/request-password-reset';
import { resetResolver, type ResetValues } from '../forms';
import { genericErrorMessage } from '../messages';
import { TextField } from './text-field';

interface ForgotPasswordFormProps {
  onDone: () => void;
  onBackToLogin: () => void;
}

const FIELDS = ['email', 'code', 'newPassword'] as const;

/** Real password reset (DESIGN.md): a code by mail, then the code and a new password. */
export function ForgotPasswordForm({ onDone, onBackToLogin }: ForgotPasswordFormProps) {
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ resolver: resetResolver, defaultValues: { email: '', code: '', newPassword: '' } });

  /** A server 400 naming a field lands on it, focused (applyServerFieldError). */
  const onServerField = (name: never, error: { type: string; message: string }) => setError(name, error, { shouldFocus: true });

  async function sendCode() {
    if (sending) return;
    if (!(await trigger('email', { shouldFocus: true }))) return;
    setSending(true);
    try {
      await requestPasswordReset({ email: getValues('email').trim() });
      setSent(true);
      toast.info(ko.auth.resetSent);
    } catch (error) {
      if (!applyServerFieldError(error, ['email'], onServerField)) toast.error(genericErrorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const change = handleSubmit(async ({ email, code, newPassword }) => {
    try {
      await confirmPasswordReset({ email: email.trim(), code: code.trim(), newPassword });
      toast.success(ko.auth.passwordChanged);
      onDone();
    } catch (error) {
      if (isApiError(error) && (error.code === 'CODE_MISMATCH' || error.code === 'CODE_LOCKED') && error.serverMessage) {
        setError('code', { type: 'server', message: error.serverMessage }, { shouldFocus: true });
      } else if (!applyServerFieldError(error, FIELDS, onServerField)) {
        toast.error(genericErrorMessage(error));
      }
    }
  });

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        if (sent) {
          void change(e);
          return;
        }
        e.preventDefault();
        void sendCode();
      }}
    >
      <h2 className="auth-form__title">{ko.auth.forgotHeading}</h2>
      <TextField
        label={ko.auth.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={sent}
        error={errors.email?.message}
        {...register('email')}
        action={
          <button type="button" className="btn btn--secondary" disabled={sent || sending} aria-busy={sending} onClick={() => void sendCode()}>
            {ko.auth.sendResetCode}
          </button>
        }
      />
      {sent && (
        <>
          <TextField
            label={ko.auth.resetCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            error={errors.code?.message}
            {...register('code', { setValueAs: (v: string) => v.replace(/\D/g, '') })}
          />
          <TextField
            label={ko.auth.newPassword}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            hint={ko.auth.passwordHint}
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting} aria-busy={isSubmitting}>
            {ko.auth.changePassword}
          </button>
        </>
      )}
      <div className="auth-form__links">
        <button type="button" className="btn btn--link" onClick={onBackToLogin}>
          {ko.auth.backToLogin}
        </button>
      </div>
    </form>
  );
}
