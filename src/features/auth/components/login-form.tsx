import { useId, useState, type FormEvent } from 'react';
import { ko } from '@/i18n/ko';
import { toast } from '@/components/ui/feedback-store';
import { useSession } from '@/lib/session/store';
import { login } from '../api/login';
import { loginErrorMessage } from '../messages';
import { SocialButtons } from './social-buttons';
import { TextField } from './text-field';

interface LoginFormProps {
  onForgotPassword: () => void;
  onRegister: () => void;
}

export function LoginForm({ onForgotPassword, onRegister }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [pending, setPending] = useState(false);
  const signIn = useSession((s) => s.signIn);
  const rememberId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!email.trim() || !password) {
      toast.error(ko.auth.enterEmailAndPassword);
      return;
    }
    setPending(true);
    try {
      const { accessToken, ...user } = await login({ email: email.trim(), password });
      if (!accessToken) {
        console.error('login: the answer holds no access token');
        return;
      }
      signIn({ token: accessToken, user, remember });
    } catch (error) {
      toast.error(loginErrorMessage(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField label={ko.auth.email} type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <TextField label={ko.auth.password} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className="checkbox">
        <input id={rememberId} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        <label htmlFor={rememberId}>{ko.auth.remember}</label>
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={pending} aria-busy={pending}>
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
