import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { queryClient } from '@/lib/query/query-client';
import { sessionSnapshot } from '@/lib/session/store';
import { routeTree } from './routeTree.gen';

/**
 * The app's router on the browser's history; the build's prerender (src/prerender.tsx) passes a
 * memory history instead, and no scroll restoration (its script would be sent inside `#root`).
 */
export function createAppRouter(prerenderHistory?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(prerenderHistory ? { history: prerenderHistory } : {}),
    // Loaders call `context.queryClient.ensureQueryData(...)` so a page renders with its data (issue #14).
    context: { session: () => sessionSnapshot(), queryClient },
    defaultPreload: 'intent',
    // TanStack Query decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: !prerenderHistory,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  /** `staticData.title`: the page's name for `document.title` ("<title> · 밥상친구", src/lib/page-title.ts). */
  interface StaticDataRouteOption {
    title?: string;
  }
  interface HistoryState {
    /** /auth: the sub-screen to open (SPEC §2). */
    mode?: string;
    /** /chat/{matchId} and /write-review: the other member (SPEC §2, §3 Opponent). */
    opponent?: { opponentId: number; opponentName: string; opponentProfileImage: string | null };
    /** /write-review: the match being reviewed. */
    matchId?: number;
  }
}
