import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { keepEarlyMessages } from './features/push/early-messages';
import { yieldToBrowser } from './lib/after-paint';
import { firstPageShown } from './lib/first-page-shown';
import { startInstallPrompt } from './lib/install-prompt';
import { useSession } from './lib/session/store';
import { createAppRouter, type AppRouter } from './router';
import './styles/global.css';

/** Settles once `promise` has settled (never rejects) or after `ms` milliseconds, whichever comes first. */
function atMost(promise: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Development checks every API answer against its schema (src/lib/answer-check.ts); a production
// build never does, and does not carry the checker (issue #33 item 1).
if (import.meta.env.DEV) await import('./lib/answer-check');

// Before the first render: Chromium may fire `beforeinstallprompt` early (issue #18 item 7).
startInstallPrompt();
// Before the first render: a push the service worker posts while the app starts waits for the
// push hook, which mounts with the live services after the first paint.
keepEarlyMessages();

// Before the first render: a session stored with its member is signed in at once, so the first
// render is the page, not the full-screen "준비하고 있어요" wait for `me` (issue #33 item 2). The
// `me` check itself goes once that page has painted (or after 5 s if it never does): on a slow
// phone it would otherwise take a round trip on the page's way to its first paint.
void useSession.getState().restore({ checkAfter: atMost(firstPageShown, 5000) });

/**
 * The router's load, then the first render. The start-up's steps run in tasks of their own (issue
 * #33 item 2): the modules' evaluation with the steps above, building the router, and the router's
 * load each take 10–20 ms on a fast machine and 40–80 ms on a 4× slower phone; in one task they
 * held its main thread for 230–250 ms. (An async function, not top-level await: an entry module
 * with top-level await is merged into the `app` chunk, which the build's prerender reads as the
 * entry's.)
 */
async function boot(container: HTMLElement) {
  await yieldToBrowser();
  const router = createAppRouter();
  await yieldToBrowser();
  // Before the first render (issue #33 item 2): the router loads the page (its route chunks and its
  // loader's request, e.g. the board's list) and React's first render, a transition, draws the page
  // with its data. Rendering first and loading beside it drew a pending page and then the loaded
  // one in a second render that TanStack Router's store (useSyncExternalStore) makes synchronous:
  // one long task of 250–330 ms on a 4× slower phone. The page the HTML brought (prerendered,
  // rendered by the server, or the shell's spinner) stays on screen meanwhile; after 3 s without an
  // answer the app renders anyway and the load goes on inside it.
  // Not while a stored token waits for `me` without its member (the guards cannot decide yet).
  if (useSession.getState().status !== 'loading') {
    await atMost(router.load(), 3000);
  }
  start(container, router);
}

/**
 * The first render is a transition (issue #33 item 2): React renders it in slices and lets the
 * browser paint and answer input in between, instead of one long task on a slow phone (TBT).
 */
function start(container: HTMLElement, router: AppRouter) {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}

// A page the server sent prerendered (`/`, `/auth`: scripts/prerender.mjs) is already on screen:
// its HTML adds this script only once the browser has reported its first contentful paint
// (common/prerender.ts BOOT_AFTER_PAINT_SCRIPT), so the app's first render replaces a page the
// member has seen.
void boot(root);
