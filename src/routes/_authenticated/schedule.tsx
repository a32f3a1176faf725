import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SchedulePage } from '@/features/schedule/components/schedule-page';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/ko';

export const Route = createFileRoute('/_authenticated/schedule')({
  staticData: { title: ko.schedule.heading },
  component: Schedule,
});

function Schedule() {
  const signedIn = useSession((s) => s.status === 'signedIn');
  const navigate = useNavigate();
  return <SchedulePage signedIn={signedIn} onLoginRequired={() => void navigate({ to: '/auth' })} />;
}
