import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { firstUpcomingQuery } from '@/features/matching/api/get-schedules';
import { MatchingPage } from '@/features/matching/components/matching-page';
import { positionShared } from '@/lib/geolocation';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/shell';

export const Route = createFileRoute('/_authenticated/matching')({
  staticData: { title: ko.matching.heading },
  // Issue #19 item 3: the page asks the server for what it shows once it knows the member's
  // position. Issue #33 item 2: when no position is shared, that is the first list around the
  // member's 동네 (or 서울시청), which the loader starts with the page's chunks without waiting for
  // it (the page paints its heading and notice at once, and its query finds the request in flight);
  // a member who shares their position, and a shared link's day on the calendar, wait for the page.
  loader: ({ context, location }) => {
    if ((location.search as Record<string, unknown>).date !== undefined) return;
    void positionShared().then((shared) => {
      if (!shared) void context.queryClient.prefetchInfiniteQuery(firstUpcomingQuery(useSession.getState().user?.neighbourhood));
    });
  },
  component: Matching,
});

function Matching() {
  const myId = useSession((s) => s.user?.id ?? null);
  // Issue #31 item 2: distance is measured from the 동네 of 내 정보 when no position is shared.
  const neighbourhood = useSession((s) => s.user?.neighbourhood ?? null);
  const navigate = useNavigate();
  // A shared link `/matching?schedule=12&date=2026-12-01` (issue #18 item 6) selects that schedule on that day.
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> });
  const shared = search.schedule;
  const date = search.date;
  return (
    <MatchingPage
      myId={myId}
      sharedScheduleId={typeof shared === 'number' || typeof shared === 'string' ? String(shared) : undefined}
      sharedDate={typeof date === 'string' ? date : undefined}
      neighbourhood={neighbourhood}
      onOpenProfile={() => void navigate({ to: '/profile' })}
    />
  );
}
