import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OAuthCallback } from '@/features/auth/components/oauth-callback';

export interface CallbackSearch {
  token?: string;
  error?: string;
}

export const Route = createFileRoute('/_anonymous/oauth/callback')({
  validateSearch: (search: Record<string, unknown>): CallbackSearch => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    error: search.error !== undefined && search.error !== null && search.error !== '' ? String(search.error) : undefined,
  }),
  component: CallbackRoute,
});

function CallbackRoute() {
  const { token, error } = Route.useSearch();
  const navigate = useNavigate();
  const onFinish = useCallback((to: '/' | '/auth') => void navigate({ to, replace: true }), [navigate]);
  return <OAuthCallback token={token} error={error} onFinish={onFinish} />;
}
