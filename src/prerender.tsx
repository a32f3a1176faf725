/**
 * Build-time prerender of the visitor's pages (issue #33 item 2), run by scripts/prerender.mjs
 * after `vite build`, never in a browser: the markup a visitor's first render of `/` and `/auth`
 * makes, so the server can send it inside `#root` and a phone paints the hero or the login form
 * with the HTML and CSS, before the first chunk has downloaded and run.
 *
 * The client does not hydrate it: `createRoot` (main.tsx) replaces it with the same markup on its
 * first commit. Until then it is inert and its fields read-only, so a tap or a keystroke waits for
 * the app instead of landing in markup about to be replaced. What is not in it: anything the first
 * render leaves to a lazy chunk or a request (the bell, the offline banner, the preview's cards:
 * its skeleton row is, at the cards' height).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { queryClient } from '@/lib/query/query-client';
import { titleOfMatches } from '@/lib/page-title';
import type { User } from '@common/api/users';
import { useSession } from '@/lib/session/store';
import { createAppRouter } from './router';

/** One prerendered page: the markup of `#root` (wrapped, inert) and the document title. */
export interface Prerendered {
  html: string;
  title: string;
}

/**
 * The member a member page's frame is loaded for (the route guards let it through): nobody, past the
 * setup and consent. The render itself shows no member (see below).
 */
const FRAME_MEMBER: User = {
  id: 0,
  name: '',
  email: '',
  age: null,
  bio: null,
  profileImage: null,
  preferences: {},
  neighbourhood: null,
  reviewCount: 0,
  averageRating: 0,
  isNewUser: false,
  hasPassword: true,
  safetyGuideSeen: true,
  consentRequired: false,
};

/**
 * Renders `url` (a path with an optional query, e.g. `/auth`) as it reads on the first render: for
 * a visitor (`/`, `/auth`), or, with `audience` 'member', as a member page's frame (매칭: the top bar,
 * heading, filters, the location notice and the list's loading state; common/prerender.ts
 * `PreloadedPage.frame`), which holds nothing of any member. Rejects when the route redirects or
 * fails to load (the build then fails: a page that cannot be prerendered must not be sent as if it were).
 */
export async function prerender(url: string, audience: 'visitor' | 'member' = 'visitor'): Promise<Prerendered> {
  if (audience === 'member') useSession.setState({ status: 'signedIn', token: 'prerender', expiresAt: null, user: FRAME_MEMBER, verifying: false });
  else useSession.setState({ status: 'signedOut', token: null, expiresAt: null, user: null, verifying: false });
  queryClient.clear();
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  const { status, location, matches } = router.state;
  if (location.href !== url) throw new Error(`prerender: ${url} redirects to ${location.href}`);
  if (status !== 'idle' || matches.some((m) => m.status !== 'success')) throw new Error(`prerender: ${url} did not load (${matches.map((m) => `${m.routeId}: ${m.status}`).join(', ')})`);
  // The route guards read the session set above; components read a Zustand store's server snapshot,
  // its initial state (nobody signed in): the member's frame has the visitor's top bar actions, which
  // it hides (src/styles/global.css), and no member's figures anywhere.
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  // No query the render made may keep a timer (gcTime, a retry) running in the build's process, nor
  // one a loader started without waiting for it (매칭's first list, after its permission check).
  await new Promise((resolve) => setTimeout(resolve, 0));
  await queryClient.cancelQueries();
  queryClient.clear();
  // Nothing typed before the app runs may be lost when its first render replaces the markup, and
  // no form may submit natively (a GET with the password in the address): the whole markup is
  // `inert` (no focus, no taps) and its fields read-only. `prerendered` lays it out as the app's
  // own (`display: contents`) and is what the guard hides for a member (src/styles/global.css).
  const guarded = html.replace(/<(input|textarea)(?=[\s>])/g, '<$1 readonly=""');
  useSession.setState({ status: 'signedOut', token: null, expiresAt: null, user: null, verifying: false });
  const classes = audience === 'member' ? 'prerendered prerendered--member' : 'prerendered';
  return { html: `<div class="${classes}" inert>${guarded}</div>`, title: titleOfMatches(matches) };
}
