import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { mySchedulesQuery } from '@/features/schedule/api/get-my-schedules';
import { SchedulePage } from '@/features/schedule/components/schedule-page';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/shell';

export const Route = createFileRoute('/_authenticated/schedule')({
  staticData: { title: ko.schedule.heading },
  // The calendar renders with my schedules (issue #14); a failed load shows the page's error state.
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(mySchedulesQuery()).catch(() => undefined),
  component: Schedule,
});

function Schedule() {
  const signedIn = useSession((s) => s.status === 'signedIn');
  const navigate = useNavigate();
  return <SchedulePage signedIn={signedIn} onLoginRequired={() => void navigate({ to: '/auth' })} />;
}
