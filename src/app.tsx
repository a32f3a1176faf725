import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ko } from '@/i18n/shell';
import { queryClient } from '@/lib/query/query-client';
import { sessionSnapshot, useSession } from '@/lib/session/store';
import type { AppRouter } from './router';

/**
 * Shows the full-screen message while a stored session without its member waits for `me`
 * (main.tsx starts the restore before the first render; a stored member shows at once, issue
 * #33 item 2), then renders the router inside the app's
 * TanStack Query client (server state, issue #14). Whenever who is
 * signed in (or whether they are new) changes, the guards run again.
 */
export function App({ router }: { router: AppRouter }) {
  const loading = useSession((s) => s.status === 'loading');

  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        const now = sessionSnapshot(state);
        const before = sessionSnapshot(previous);
        if (now.signedIn !== before.signedIn || now.isNew !== before.isNew || now.needsConsent !== before.needsConsent) void router.invalidate();
      }),
    [router],
  );

  if (loading) return <Spinner label={ko.app.loading} fullScreen />;
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
