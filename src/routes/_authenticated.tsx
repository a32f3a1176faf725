import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { decideRedirect } from '@/lib/route-guard';

/** Member pages: a visitor goes to /auth; a new member to /profile-setup. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => {
    const to = decideRedirect(context.session(), 'authenticated', location.pathname);
    if (to) throw redirect({ to, replace: true });
  },
  component: Outlet,
});
