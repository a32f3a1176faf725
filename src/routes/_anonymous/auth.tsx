import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AUTH_MODES, AuthCard, type AuthMode } from '@/features/auth/components/auth-card';
import { SetupWizard } from '@/features/profile/components/setup-wizard';
import { ko } from '@/i18n/shell';
import { rememberLoginRedirect } from '@/lib/login-redirect';
import { safeRedirect } from '@/lib/route-guard';
import { expiredNotice, hasExpiredMarker } from '@/lib/token-storage';

export interface AuthSearch {
  /** `?mode=forgotPassword` is the password-reset link of the "already has an account" mail (issue #13). */
  mode?: 'register' | 'forgotPassword';
  /** The page that asked for the login (same-origin path): the guard returns there once signed in (issue #14). */
  redirect?: string;
}

function isAuthMode(value: unknown): value is AuthMode {
  return typeof value === 'string' && (AUTH_MODES as readonly string[]).includes(value);
}

export const Route = createFileRoute('/_anonymous/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch => {
    const redirect = safeRedirect(search.redirect) ?? undefined;
    return {
      ...(search.mode === 'register' || search.mode === 'forgotPassword' ? { mode: search.mode } : {}),
      ...(redirect ? { redirect } : {}),
    };
  },
  staticData: { title: ko.auth.login },
  component: AuthRoute,
});

function AuthRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  // Navigation state `mode` picks the sub-screen; `?mode=register` and `?mode=forgotPassword` work for plain links.
  const { stateMode, navKey } = useLocation({
    select: (l) => ({ stateMode: l.state.mode, navKey: l.state.__TSR_key ?? l.href }),
  });
  // A social login leaves for the provider: the page to return to waits in sessionStorage.
  useEffect(() => rememberLoginRedirect(search.redirect), [search.redirect]);
  const initialMode: AuthMode = isAuthMode(stateMode) && stateMode !== 'profileSetup' ? stateMode : (search.mode ?? 'login');

  return (
    <div className="auth-page">
      <h1 className="visually-hidden">{ko.auth.login}</h1>
      <AuthCard
        key={`${navKey}:${initialMode}`}
        initialMode={initialMode}
        expired={hasExpiredMarker()}
        notice={expiredNotice()}
        profileSetup={<SetupWizard onDone={() => void navigate({ to: '/', replace: true })} />}
        onRegistered={() => void navigate({ to: '/profile-setup', replace: true })}
      />
    </div>
  );
}
