import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ko } from '@/i18n/ko';
import { prefersReducedMotion } from '../hooks/use-reduced-motion';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './auth.css';

export type AuthMode = 'login' | 'register' | 'forgotPassword' | 'profileSetup';
export const AUTH_MODES: readonly AuthMode[] = ['login', 'register', 'forgotPassword', 'profileSetup'];

/** The exit animation played before a mode switch (SPEC §9: 0.5 s). */
export const AUTH_EXIT_MS = 500;

interface AuthCardProps {
  initialMode?: AuthMode;
  /** The session ended by expiry: show the marker message. */
  expired?: boolean;
  /** The account ended (suspended or deleted, issue #31 item 6): the server's text, shown instead of the expiry message. */
  notice?: string | null;
  /** What profileSetup mode shows (the route composes the setup wizard in). */
  profileSetup?: ReactNode;
  /** After a successful sign-up (the new member continues with profile setup). */
  onRegistered?: () => void;
}

export function AuthCard({ initialMode = 'login', expired, notice, profileSetup, onRegistered }: AuthCardProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [leaving, setLeaving] = useState(false);
  // The body fades in after a switch only: on the first render it is already there (the server
  // sent the login form prerendered, issue #33 item 2), and fading it in again would blink it.
  const [switched, setSwitched] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function switchTo(next: AuthMode) {
    if (next === mode || leaving) return;
    setSwitched(true);
    if (prefersReducedMotion()) {
      setMode(next);
      return;
    }
    setLeaving(true);
    timer.current = setTimeout(() => {
      timer.current = null;
      setLeaving(false);
      setMode(next);
    }, AUTH_EXIT_MS);
  }

  const showTabs = mode === 'login' || mode === 'register';

  return (
    <section className="auth-card" aria-label={ko.app.name}>
      {(notice || expired) && (
        <p className="auth-card__notice" role="alert">
          {notice || ko.app.sessionExpired}
        </p>
      )}
      {showTabs && (
        <div className="auth-tabs" role="tablist" aria-label={ko.auth.modeTabs}>
          {(['login', 'register'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className="auth-tabs__tab"
              onClick={() => switchTo(m)}
            >
              {m === 'login' ? ko.auth.login : ko.auth.register}
            </button>
          ))}
        </div>
      )}
      <div className={`auth-card__body${switched ? ' auth-card__body--enter' : ''}${leaving ? ' is-leaving' : ''}`} aria-busy={leaving}>
        {mode === 'login' && <LoginForm onForgotPassword={() => switchTo('forgotPassword')} onRegister={() => switchTo('register')} />}
        {mode === 'register' && (
          <RegisterForm
            onBackToLogin={() => switchTo('login')}
            onRegistered={() => {
              switchTo('profileSetup');
              onRegistered?.();
            }}
          />
        )}
        {mode === 'forgotPassword' && <ForgotPasswordForm onDone={() => switchTo('login')} onBackToLogin={() => switchTo('login')} />}
        {mode === 'profileSetup' && profileSetup}
      </div>
    </section>
  );
}
