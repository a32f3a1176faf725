import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { ChatPage } from '@/features/chat/components/chat-page';
import { ko } from '@/i18n/ko';
import { useSession } from '@/lib/session/store';

/** 채팅 (SPEC §2): `matchId` a positive integer; the opponent from navigation state, else looked up. */
export const Route = createFileRoute('/_authenticated/chat/$matchId')({
  component: Chat,
});

function Chat() {
  const { matchId } = Route.useParams();
  const opponent = useLocation({ select: (l) => l.state.opponent ?? null });
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const id = /^[1-9][0-9]{0,9}$/.test(matchId) ? Number(matchId) : null;
  if (id === null) {
    return (
      <section className="page chat">
        <h1 className="page-heading">{ko.screens.chat}</h1>
        <p role="alert">{ko.chat.noOpponent}</p>
      </section>
    );
  }
  return <ChatPage key={id} matchId={id} user={user} opponent={opponent} onLeft={() => void navigate({ to: '/match-requests' })} />;
}
