import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { decideRedirect } from '@/lib/route-guard';

/** Pages for visitors only (/auth, /oauth/callback): a signed-in member goes to /. */
export const Route = createFileRoute('/_anonymous')({
  beforeLoad: ({ context, location }) => {
    const to = decideRedirect(context.session(), 'anonymous', location.pathname);
    if (to) throw redirect({ to, replace: true });
  },
  component: Outlet,
});
