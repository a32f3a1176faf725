import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { matchQueryOptions } from '@/features/chat/api/find-opponent';
import { historyQuery } from '@/features/chat/api/conversation';
import { ChatPage } from '@/features/chat/components/chat-page';
import { useMarkChatNotificationsRead } from '@/features/notifications/hooks/use-mark-chat-read';
import { ko } from '@/i18n/shell';
import { useSession } from '@/lib/session/store';

/** 채팅 (SPEC §2): `matchId` a positive integer; the opponent from navigation state, else looked up. */
export const Route = createFileRoute('/_authenticated/chat/$matchId')({
  // The page renders with its history (and, without navigation state, its match: GET /api/matches/{id}, issue #19); a failed load shows the page's error state (issue #14).
  loader: ({ context, params, location }) => {
    if (!/^[1-9][0-9]{0,9}$/.test(params.matchId)) return;
    const id = Number(params.matchId);
    const lookups = location.state.opponent ? [] : [context.queryClient.ensureQueryData(matchQueryOptions(id))];
    return Promise.allSettled([...lookups, context.queryClient.ensureInfiniteQueryData(historyQuery({ kind: 'match', id }))]).then(() => undefined);
  },
  staticData: { title: ko.screens.chat },
  component: Chat,
});

function Chat() {
  const { matchId } = Route.useParams();
  const opponent = useLocation({ select: (l) => l.state.opponent ?? null });
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const id = /^[1-9][0-9]{0,9}$/.test(matchId) ? Number(matchId) : null;
  // Opening the chat reads its message notifications (issue #16 item 5).
  useMarkChatNotificationsRead(id);
  if (id === null) {
    return (
      <section className="page chat">
        <h1 className="page-heading">{ko.screens.chat}</h1>
        <p role="alert">{ko.chat.noOpponent}</p>
      </section>
    );
  }
  return (
    <ChatPage
      key={id}
      matchId={id}
      user={user}
      opponent={opponent}
      onLeft={() => void navigate({ to: '/match-requests' })}
      onBack={() => (window.history.length > 1 ? window.history.back() : void navigate({ to: '/chats' }))}
      onViewMeal={() => void navigate({ to: '/match-requests' })}
    />
  );
}
