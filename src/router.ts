import { createRouter } from '@tanstack/react-router';
import { sessionSnapshot } from '@/lib/session/store';
import { routeTree } from './routeTree.gen';

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { session: () => sessionSnapshot() },
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
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
