import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { AUTH_MODES, AuthCard, type AuthMode } from '@/features/auth/components/auth-card';
import { SetupWizard } from '@/features/profile/components/setup-wizard';
import { hasExpiredMarker } from '@/lib/token-storage';

export interface AuthSearch {
  /** `?mode=forgotPassword` is the password-reset link of the "already has an account" mail (issue #13). */
  mode?: 'register' | 'forgotPassword';
}

function isAuthMode(value: unknown): value is AuthMode {
  return typeof value === 'string' && (AUTH_MODES as readonly string[]).includes(value);
}

export const Route = createFileRoute('/_anonymous/auth')({
  validateSearch: (search: Record<string, unknown>): AuthSearch =>
    search.mode === 'register' || search.mode === 'forgotPassword' ? { mode: search.mode } : {},
  component: AuthRoute,
});

function AuthRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  // Navigation state `mode` picks the sub-screen; `?mode=register` and `?mode=forgotPassword` work for plain links.
  const { stateMode, navKey } = useLocation({
    select: (l) => ({ stateMode: l.state.mode, navKey: l.state.__TSR_key ?? l.href }),
  });
  const initialMode: AuthMode = isAuthMode(stateMode) && stateMode !== 'profileSetup' ? stateMode : (search.mode ?? 'login');

  return (
    <div className="auth-page">
      <AuthCard
        key={`${navKey}:${initialMode}`}
        initialMode={initialMode}
        expired={hasExpiredMarker()}
        profileSetup={<SetupWizard onDone={() => void navigate({ to: '/' })} />}
        onRegistered={() => void navigate({ to: '/profile-setup', replace: true })}
      />
    </div>
  );
}
