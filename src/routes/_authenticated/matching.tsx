import { createFileRoute, useNavigate, useRouterState } from '@tanstack/react-router';
import { MatchingPage } from '@/features/matching/components/matching-page';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/shell';

export const Route = createFileRoute('/_authenticated/matching')({
  staticData: { title: ko.matching.heading },
  // Issue #19 item 3: the page asks the server for what it shows (the calendar's dots and the
  // chosen day's first page) once it knows the member's position, so the route loads nothing ahead.
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
