import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { receivedRequestsQuery } from '@/features/activity/api/get-received-requests';
import { sentRequestsQuery } from '@/features/activity/api/get-sent-requests';
import { ActivityPage } from '@/features/activity/components/activity-page';
import { useNotifications } from '@/features/notifications/store';
import { PushPrompt } from '@/features/push/components/push-prompt';
import { useSession } from '@/lib/session/store';
import { ko } from '@/i18n/ko';

/**
 * Activity (활동 내역). Visiting it resets the unread counter (SPEC §4); the push permission
 * moment (issue #7) sits under its heading.
 */
export const Route = createFileRoute('/_authenticated/match-requests')({
  // The page renders with both lists (issue #14); a failed load shows the list's error state instead.
  loader: ({ context }) =>
    Promise.allSettled([context.queryClient.ensureQueryData(receivedRequestsQuery()), context.queryClient.ensureQueryData(sentRequestsQuery())]),
  staticData: { title: ko.activity.heading },
  component: MatchRequests,
});

function MatchRequests() {
  const clearUnread = useNotifications((s) => s.clearUnread);
  useEffect(() => clearUnread(), [clearUnread]);
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
