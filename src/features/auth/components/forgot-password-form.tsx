import { useState, type FormEvent } from 'react';
import { CODE_LENGTH, PASSWORD_MAX } from '@common/domain/account';
import { ko } from '@/i18n/ko';
import { toast } from '@/components/ui/feedback-store';
import { confirmPasswordReset } from '../api/confirm-password-reset';
import { requestPasswordReset } from '../api/request-password-reset';
import { genericErrorMessage } from '../messages';
import { TextField } from './text-field';

interface ForgotPasswordFormProps {
  onDone: () => void;
  onBackToLogin: () => void;
}

/** Real password reset (DESIGN.md): a code by mail, then the code and a new password. */
export function ForgotPasswordForm({ onDone, onBackToLogin }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  async function sendCode() {
    if (!email.trim()) {
      toast.error(ko.auth.enterEmailFirst);
      return;
    }
    setPending(true);
    try {
      await requestPasswordReset({ email: email.trim() });
      setSent(true);
      toast.info(ko.auth.resetSent);
    } catch (error) {
      toast.error(genericErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!sent) {
      await sendCode();
      return;
    }
    if (!code.trim() || !newPassword) {
      toast.error(ko.auth.fillAll);
      return;
    }
    setPending(true);
    try {
      await confirmPasswordReset({ email: email.trim(), code: code.trim(), newPassword });
      toast.success(ko.auth.passwordChanged);
      onDone();
    } catch (error) {
      toast.error(genericErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <h2 className="auth-form__title">{ko.auth.forgotHeading}</h2>
      <TextField
        label={ko.auth.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        readOnly={sent}
        onChange={(e) => setEmail(e.target.value)}
        action={
          <button type="button" className="btn btn--secondary" disabled={sent || pending} onClick={() => void sendCode()}>
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
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <TextField
            label={ko.auth.newPassword}
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            hint={ko.auth.passwordHint}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
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
