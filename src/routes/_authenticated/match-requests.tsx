import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { receivedRequestsQuery } from '@/shared/api/match-lists';
import { sentRequestsQuery } from '@/shared/api/match-lists';
import { ActivityPage } from '@/features/activity/components/activity-page';
import { PushPrompt } from '@/features/push/components/push-prompt';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/shell';

/**
 * Activity (활동 내역). The push permission moment (issue #7) sits under its heading; unread
 * notifications are the bell's (issue #16: the inbox marks them read, not this visit).
 */
export const Route = createFileRoute('/_authenticated/match-requests')({
  // The page renders with both lists (issue #14); a failed load shows the list's error state instead.
  loader: ({ context }) =>
    Promise.allSettled([context.queryClient.ensureInfiniteQueryData(receivedRequestsQuery()), context.queryClient.ensureInfiniteQueryData(sentRequestsQuery())]),
  staticData: { title: ko.activity.heading },
  component: MatchRequests,
});

function MatchRequests() {
  const user = useSession((s) => s.user);
  const setUser = useSession((s) => s.setUser);
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <ActivityPage
      notice={<PushPrompt userId={user.id} />}
      user={user}
      onUserRefreshed={setUser}
      onChat={(matchId, opponent) => void navigate({ to: '/chat/$matchId', params: { matchId: String(matchId) }, state: { opponent } })}
      onReview={(matchId, opponent) => void navigate({ to: '/write-review', search: { matchId }, state: { opponent, matchId } })}
    />
  );
}
