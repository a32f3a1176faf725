import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OAuthCallback } from '@/features/auth/components/oauth-callback';
import { ko } from '@/i18n/shell';
import { peekLoginRedirect, takeLoginRedirect } from '@/lib/login-redirect';

export interface CallbackSearch {
  token?: string;
  error?: string;
}

export const Route = createFileRoute('/_anonymous/oauth/callback')({
  validateSearch: (search: Record<string, unknown>): CallbackSearch => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    error: search.error !== undefined && search.error !== null && search.error !== '' ? String(search.error) : undefined,
  }),
  staticData: { title: ko.auth.login },
  component: CallbackRoute,
});

function CallbackRoute() {
  const { token, error } = Route.useSearch();
  const navigate = useNavigate();
  // Back to the page that asked for the login before the provider round trip (issue #14), else home;
  // a failed login returns to /auth still carrying that page.
  const onFinish = useCallback(
    (to: '/' | '/auth') => {
      if (to === '/') {
        void navigate({ href: takeLoginRedirect() ?? '/', replace: true });
        return;
      }
      const redirect = peekLoginRedirect();
      void navigate({ to: '/auth', search: redirect ? { redirect } : {}, replace: true });
    },
    [navigate],
  );
  return <OAuthCallback token={token} error={error} onFinish={onFinish} />;
}
