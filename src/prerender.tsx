/**
 * The app's pages rendered to markup outside a browser (issue #33 item 2): at build time
 * (scripts/prerender.mjs, after `vite build`) the markup a visitor's first render of `/` and `/auth`
 * makes and 매칭's frame, so the server can send it inside `#root` and a phone paints the hero or
 * the login form with the HTML and CSS, before the first chunk has downloaded and run; and at
 * request time, bundled into the server's build (build/ssr/prerender.js), a member's 게시판 or 채팅
 * with their data (`renderMemberPage`, server/plugins/member-pages.ts).
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
import { setRequestSender } from '@/lib/api-client';
import { queryClient } from '@/lib/query/query-client';
import { titleOfMatches } from '@/lib/page-title';
import type { User } from '@common/api/users';
import { useSession, type SessionState } from '@/lib/session/store';
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

/** The session a render runs under (the route guards read it). */
type RenderSession = Pick<SessionState, 'status' | 'token' | 'expiresAt' | 'user' | 'verifying'>;

const SIGNED_OUT: RenderSession = { status: 'signedOut', token: null, expiresAt: null, user: null, verifying: false };

/**
 * Renders `url` through the app's router under `session` and returns the markup of `#root` (wrapped
 * in an inert `<div class="…">` of `classes`) and the document title. Rejects when the route
 * redirects or fails to load. With `withData` (a member's page at request time), its requests are
 * not retried and one that failed rejects too (the page would show its error state); a build-time
 * render has no server to ask, and shows the lists' loading states.
 */
async function render(url: string, session: RenderSession, classes: string, withData = false): Promise<Prerendered> {
  useSession.setState(session);
  queryClient.clear();
  const defaults = queryClient.getDefaultOptions();
  if (withData) queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  try {
    const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
    await router.load();
    const { status, location, matches } = router.state;
    if (location.href !== url) throw new Error(`prerender: ${url} redirects to ${location.href}`);
    if (status !== 'idle' || matches.some((m) => m.status !== 'success')) throw new Error(`prerender: ${url} did not load (${matches.map((m) => `${m.routeId}: ${m.status}`).join(', ')})`);
    // Loaders that catch their query's failure let the page render its error state (다시 시도).
    if (withData && queryClient.getQueryCache().getAll().some((q) => q.state.status === 'error')) throw new Error(`prerender: a request of ${url} failed`);
    // The route guards read the session set above; components read a Zustand store's server snapshot,
    // its initial state (nobody signed in): a member page has the visitor's top bar actions, which
    // it hides (src/styles/global.css), and no member's figures in its frame.
    const html = renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
    // Nothing typed before the app runs may be lost when its first render replaces the markup, and
    // no form may submit natively (a GET with the password in the address): the whole markup is
    // `inert` (no focus, no taps) and its fields read-only. `prerendered` lays it out as the app's
    // own (`display: contents`) and is what the guard hides for a member (src/styles/global.css).
    const guarded = html.replace(/<(input|textarea)(?=[\s>])/g, '<$1 readonly=""');
    return { html: `<div class="${classes}" inert>${guarded}</div>`, title: titleOfMatches(matches) };
  } finally {
    // No query the render made may keep a timer (gcTime, a retry) running in the process, nor one a
    // loader started without waiting for it (매칭's first list, after its permission check).
    await new Promise((resolve) => setTimeout(resolve, 0));
    await queryClient.cancelQueries();
    queryClient.clear();
    queryClient.setDefaultOptions(defaults);
    useSession.setState(SIGNED_OUT);
  }
}

/**
 * Renders `url` (a path with an optional query, e.g. `/auth`) as it reads on the first render: for
 * a visitor (`/`, `/auth`), or, with `audience` 'member', as a member page's frame (매칭: the top bar,
 * heading, filters, the location notice and the list's loading state; common/prerender.ts
 * `PreloadedPage.frame`), which holds nothing of any member. Rejects when the route redirects or
 * fails to load (the build then fails: a page that cannot be prerendered must not be sent as if it were).
 */
export function prerender(url: string, audience: 'visitor' | 'member' = 'visitor'): Promise<Prerendered> {
  if (audience === 'visitor') return render(url, SIGNED_OUT, 'prerendered');
  return render(url, { status: 'signedIn', token: 'prerender', expiresAt: null, user: FRAME_MEMBER, verifying: false }, 'prerendered prerendered--member');
}

/** The server renders one member page at a time: a render sets the app's session, query cache and request sender, which are module state. */
let rendering: Promise<unknown> = Promise.resolve();

/**
 * Renders a member page at request time (issue #33 item 2; server/plugins/member-pages.ts): `url`
 * (a path of common/prerender.ts `PRELOADED_PAGES` with `rendered`) as `member` sees it on the app's
 * first render, with its data: every request the route's loaders make goes through `send` (the
 * server answering it for the member's bearer token, with all its checks: blocks, bans). Resolves
 * to the markup (inert, `prerendered prerendered--member`) and title, or null when the page
 * redirects or one of its requests fails (the server then sends the page without markup). Renders
 * run one after another, in the order asked.
 */
export function renderMemberPage(url: string, member: { token: string; user: User }, send: typeof fetch): Promise<Prerendered | null> {
  const run = rendering.then(async () => {
    setRequestSender(send);
    try {
      return await render(url, { status: 'signedIn', token: member.token, expiresAt: null, user: member.user, verifying: false }, 'prerendered prerendered--member', true);
    } catch {
      return null;
    } finally {
      setRequestSender(null);
    }
  });
  rendering = run;
  return run;
}
