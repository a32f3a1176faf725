import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { schedulesQuery } from '@/features/matching/api/get-schedules';
import { MatchingPage } from '@/features/matching/components/matching-page';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/shell';

export const Route = createFileRoute('/_authenticated/matching')({
  staticData: { title: ko.matching.heading },
  // The calendar renders with everyone's schedules (issue #14); a failed load shows the list's error state.
  loader: ({ context }) => context.queryClient.ensureQueryData(schedulesQuery()).catch(() => undefined),
  component: Matching,
});

function Matching() {
  const myId = useSession((s) => s.user?.id ?? null);
  // A shared link `/matching?schedule=12` (issue #18 item 6) selects that schedule.
  const shared: unknown = useRouterState({ select: (s) => (s.location.search as Record<string, unknown>).schedule });
  return <MatchingPage myId={myId} sharedScheduleId={typeof shared === 'number' || typeof shared === 'string' ? String(shared) : undefined} />;
}
