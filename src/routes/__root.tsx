import { createRootRouteWithContext, Outlet, redirect, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ConfirmHost } from '@/components/ui/confirm-dialog';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { Toasts } from '@/components/ui/toasts';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useLiveNotifications } from '@/features/notifications/hooks/use-live-notifications';
import { usePush } from '@/features/push/hooks/use-push';
import { startLiveChannel } from '@/lib/stomp-client';
import { OfflineBanner } from '@/features/shell/components/offline-banner';
import { TopBar } from '@/features/shell/components/top-bar';
import { SiteFooter } from '@/features/shell/components/site-footer';
import { usePageTitleAndFocus } from '@/features/shell/hooks/use-page-title-and-focus';
import { UpdatePrompt } from '@/features/shell/components/update-prompt';
import { InstallPrompt } from '@/features/shell/components/install-prompt';
import { ko } from '@/i18n/ko';
import { decideRedirect } from '@/lib/route-guard';
import { useSession, type SessionSnapshot } from '@/lib/session/store';

export interface RouterContext {
  /** The current session, read at navigation time (guards). */
  session: () => SessionSnapshot;
  /** Server state (issue #14): loaders `ensureQueryData` the queries their page shows. */
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // A new member may only be on /profile-setup, whatever the path (SPEC §2).
  beforeLoad: ({ context, location }) => {
    const to = decideRedirect(context.session(), 'public', location);
    if (to) throw redirect({ href: to, replace: true });
  },
  component: RootLayout,
});

function RootLayout() {
  const user = useSession((s) => (s.status === 'signedIn' ? s.user : null));
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  // document.title per route and focus on the new page's h1 after a navigation (issue #14).
  usePageTitleAndFocus();
  // The live channel follows the session (issue #4); notifications refresh the bell and toast while signed in.
  useEffect(() => startLiveChannel(), []);
  useLiveNotifications(user?.id ?? null);
  // Push (issue #7): token follows the session; a push in front shows an in-app toast.
  usePush(user?.id ?? null);

  const logout = useCallback(() => {
    signOut('logout');
    void navigate({ to: '/' });
  }, [signOut, navigate]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {ko.app.skipToContent}
      </a>
      {/* Before the page: the toast region subscribes before any page effect raises a toast. */}
      <Toasts />
      <ErrorBoundary>
        <TopBar user={user} bell={<NotificationBell />} onLogout={logout} />
      </ErrorBoundary>
      <OfflineBanner />
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <SiteFooter />
      <ConfirmHost />
      <ErrorBoundary>
        <UpdatePrompt />
      </ErrorBoundary>
      <ErrorBoundary>
        <InstallPrompt />
      </ErrorBoundary>
    </div>
  );
}
