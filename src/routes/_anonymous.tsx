import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { peekLoginRedirect } from '@/lib/login-redirect';
import { decideRedirect } from '@/lib/route-guard';

/** Pages for visitors only (/auth, /oauth/callback): a signed-in member goes back to the page that asked for the login (`?redirect=`), else to /. */
export const Route = createFileRoute('/_anonymous')({
  beforeLoad: ({ context, location }) => {
    const search = location.search as { redirect?: unknown };
    const to = decideRedirect(context.session(), 'anonymous', {
      pathname: location.pathname,
      // the page that asked for the login: `?redirect=` on /auth, kept in sessionStorage across the OAuth round trip
      redirect: search.redirect ?? (location.pathname.startsWith('/oauth/') ? peekLoginRedirect() : undefined),
    });
    if (to) throw redirect({ href: to, replace: true });
  },
  component: Outlet,
});
