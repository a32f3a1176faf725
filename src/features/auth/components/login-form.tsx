import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ko } from '@/i18n/ko';
import { toast } from '@/components/ui/feedback-store';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldError } from '@/lib/forms/korean-resolver';
import { useSession } from '@/lib/session/store';
import { login } from '../api/login';
import { loginResolver, type LoginValues } from '../forms';
import { loginErrorMessage } from '../messages';
import { SocialButtons } from './social-buttons';
import { TextField } from './text-field';

interface LoginFormProps {
  onForgotPassword: () => void;
  onRegister: () => void;
}

export function LoginForm({ onForgotPassword, onRegister }: LoginFormProps) {
  const signIn = useSession((s) => s.signIn);
  const rememberId = useId();
  /** Issue #17: too many failed logins — the server's "{n}분 뒤에 다시 시도해주세요." stays on the form. */
  const [locked, setLocked] = useState<string | null>(null);
  /**
   * Issue #32 item 4: after many failed logins by anyone, a new device adds the code mailed to the
   * account — the server's "새 기기에서 로그인하려면 …" stays above the code field.
   */
  const [codeAsked, setCodeAsked] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: loginResolver, defaultValues: { email: '', password: '', remember: false } });

  /** A server 400 naming a field lands on it, focused (applyServerFieldError). */
  const onServerField = (name: never, error: { type: string; message: string }) => setError(name, error, { shouldFocus: true });

  const onSubmit = handleSubmit(async ({ email, password, remember, code }) => {
    setLocked(null);
    try {
      const { accessToken, ...user } = await login({ email: email.trim(), password, ...(codeAsked && code ? { code } : {}) });
      if (!accessToken) {
        console.error('login: the answer holds no access token');
        return;
      }
      signIn({ token: accessToken, user, remember });
    } catch (error) {
      if (isApiError(error) && error.code === 'LOGIN_CODE_REQUIRED') {
        setCodeAsked(error.serverMessage ?? ko.auth.loginCodeRequired);
        setTimeout(() => setFocus('code'), 0);
      } else if (codeAsked && isApiError(error) && error.status === 400 && error.code?.startsWith('CODE_')) {
        setError('code', { type: 'server', message: error.serverMessage ?? ko.auth.codeIncorrect }, { shouldFocus: true });
      } else if (isApiError(error) && error.status === 429) setLocked(loginErrorMessage(error));
      else if (!applyServerFieldError(error, ['email', 'password'], onServerField)) toast.error(loginErrorMessage(error));
    }
  });

  return (
    <form className="auth-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextField label={ko.auth.email} type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <TextField label={ko.auth.password} type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      {codeAsked && (
        <>
          <p className="auth-form__notice" role="status">
            {codeAsked}
          </p>
          <TextField
            label={ko.auth.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...register('code', { setValueAs: (v: string) => v.trim() || undefined })}
          />
        </>
      )}
      <div className="checkbox">
        <input id={rememberId} type="checkbox" {...register('remember')} />
        <label htmlFor={rememberId}>{ko.auth.remember}</label>
      </div>
      {locked && (
        <p className="auth-form__locked" role="alert">
          {locked}
        </p>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting} aria-busy={isSubmitting}>
        {ko.auth.login}
      </button>
      <SocialButtons />
      <div className="auth-form__links">
        <button type="button" className="btn btn--link" onClick={onForgotPassword}>
          {ko.auth.forgotPassword}
        </button>
        <button type="button" className="btn btn--link" onClick={onRegister}>
          {ko.auth.register}
        </button>
      </div>
    </form>
  );
}
