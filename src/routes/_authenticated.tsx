import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { decideRedirect } from '@/lib/route-guard';

/** Member pages: a visitor goes to /auth?redirect=<this page>; a new member to /profile-setup. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    // `location.href` is path + search: the visitor comes back to it after logging in (issue #14).
    const to = decideRedirect(context.session(), 'authenticated', location);
    if (to) throw redirect({ href: to, replace: true });
  },
  component: Outlet,
});
