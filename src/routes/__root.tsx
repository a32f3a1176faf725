import { createRootRouteWithContext, Outlet, redirect, useLocation, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { ConfirmHost } from '@/components/ui/confirm-dialog';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { Toasts } from '@/components/ui/toasts';
import { TopBar } from '@/features/shell/components/top-bar';
import { SiteFooter } from '@/features/shell/components/site-footer';
import { usePageTitleAndFocus } from '@/features/shell/hooks/use-page-title-and-focus';
import { ko } from '@/i18n/shell';
import { isNewMember } from '@common/domain/account';
import { afterPaintShown } from '@/lib/after-paint';
import { markFirstPageShown } from '@/lib/first-page-shown';
import { decideRedirect } from '@/lib/route-guard';
import { useSession, type SessionSnapshot } from '@/lib/session/store';

// Issue #18 item 8: what the first paint does not need loads right after it.
const LiveServices = lazy(() => import('./-live-services'));
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })));
const UpdatePrompt = lazy(() => import('@/features/shell/components/update-prompt').then((m) => ({ default: m.UpdatePrompt })));
// The offline banner also starts the outbox and the offline mirror (issue #7), with IndexedDB.
const OfflineBanner = lazy(() => import('@/features/shell/components/offline-banner').then((m) => ({ default: m.OfflineBanner })));
// Issue #31 item 1: the phone's bottom tab bar, for members only (visitors never download it).
const TabBar = lazy(() => import('./-tab-bar'));
const InstallPrompt = lazy(() => import('@/features/shell/components/install-prompt').then((m) => ({ default: m.InstallPrompt })));

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

/**
 * True once the app's first page has loaded (its chunks and its loader's data: the router resolved
 * a location) and the browser has painted it and put it on screen (`afterPaintShown`), and ever after. The shell's extras (live services,
 * bell, tab bar, the install prompt, and the update prompt, which registers the service worker and
 * so starts its precache of every asset) wait for it (issue #33 item 2): on a slow phone their code
 * and requests would otherwise share the network and the main thread with the page's own chunks and
 * list request, and the page's content would paint later; they follow it instead. So does the
 * stored session's `me` check (`markFirstPageShown`, src/main.tsx).
 */
function useFirstPageShown(): boolean {
  // The router never forgets a resolved location: once true, this stays true.
  const resolved = useRouterState({ select: (s) => s.resolvedLocation !== undefined });
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!resolved || shown) return;
    return afterPaintShown(() => {
      markFirstPageShown();
      setShown(true);
    });
  }, [resolved, shown]);
  return shown;
}

/** The pages with the footer (이용약관 · 개인정보 처리방침; issue #31 item 1). */
const FOOTER_PATHS = new Set(['/', '/terms', '/privacy']);

function RootLayout() {
  const user = useSession((s) => (s.status === 'signedIn' ? s.user : null));
  const verifying = useSession((s) => s.verifying);
  const signOut = useSession((s) => s.signOut);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const extras = useFirstPageShown();
  // document.title per route and focus on the new page's h1 after a navigation (issue #14).
  usePageTitleAndFocus();

  const logout = useCallback(() => {
    signOut('logout');
    void navigate({ to: '/' });
  }, [signOut, navigate]);

  // Issue #31 item 1: the tab bar for members past the setup and consent, except inside a chat (1:1 or table)
  // (its input sits at the bottom, as in KakaoTalk's rooms); the footer on home and the legal pages only.
  const settingUp = isNewMember(user) || user?.consentRequired === true;
  const tabs = user !== null && !settingUp && !pathname.startsWith('/chat/') && !pathname.startsWith('/table/');
  const footer = FOOTER_PATHS.has(pathname.replace(/\/+$/, '') || '/');

  return (
    <div className={tabs ? 'app app--tabs' : 'app'}>
      <a className="skip-link" href="#main">
        {ko.app.skipToContent}
      </a>
      {/* Before the page: the toast region subscribes before any page effect raises a toast. */}
      <Toasts />
      <ErrorBoundary>
        <TopBar
          user={user}
          bell={
            extras && (
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
            )
          }
          onLogout={logout}
        />
      </ErrorBoundary>
      {/* Not deferred: it registers the sign-out cleanups (query cache, offline mirror) and starts
          the outbox, and its chunk is the one every page's query hooks load anyway. */}
      <Suspense fallback={null}>
        <OfflineBanner />
      </Suspense>
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      {footer && <SiteFooter />}
      {tabs && extras && (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <TabBar />
          </Suspense>
        </ErrorBoundary>
      )}
      <ConfirmHost />
      {/* The live channel, notifications and push (issues #4, #7, #16): members only, so a visitor
          never downloads the STOMP client, the notification hooks or push (issue #33 item 1); only
          once `me` confirmed a restored session, never on an unverified token (item 2); and after
          the first page shows, with the extras (item 2: on a slow phone the STOMP client's chunk
          and socket otherwise share the network with the page). A page's live updates lose
          nothing by it: its subscriptions wait in src/lib/stomp-client.ts, and its catch-up
          (`onLiveConnect`) runs once the server has confirmed them. */}
      {user && !verifying && extras && (
        <Suspense fallback={null}>
          <LiveServices userId={user.id} />
        </Suspense>
      )}
      {extras && (
        <>
          <ErrorBoundary>
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          </ErrorBoundary>
          <ErrorBoundary>
            <Suspense fallback={null}>
              <InstallPrompt />
            </Suspense>
          </ErrorBoundary>
        </>
      )}
    </div>
  );
}
