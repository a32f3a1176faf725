import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { historyQuery } from '@/features/chat/api/conversation';
import { TableChatPage } from '@/features/chat/components/table-chat-page';
import { ko } from '@/i18n/shell';
import { membersQuery } from '@/lib/query/members';
import { useSession } from '@/lib/session/store';

const ID = /^[1-9][0-9]{0,9}$/;

/** 모임 채팅 (issue #30 items 2, 5): the table chat of meal `scheduleId`. */
export const Route = createFileRoute('/_authenticated/table/$scheduleId')({
  // The page renders with its history and faces; a failed load shows the page's own states.
  loader: ({ context, params }) => {
    if (!ID.test(params.scheduleId)) return;
    const id = Number(params.scheduleId);
    return Promise.allSettled([
      context.queryClient.ensureInfiniteQueryData(historyQuery({ kind: 'table', id })),
      context.queryClient.ensureQueryData(membersQuery(id)),
    ]).then(() => undefined);
  },
  staticData: { title: ko.screens.chat },
  component: TableChat,
});

function TableChat() {
  const { scheduleId } = Route.useParams();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  if (!ID.test(scheduleId)) {
    return (
      <section className="page chat">
        <h1 className="page-heading">{ko.screens.chat}</h1>
        <p role="alert">{ko.chat.noOpponent}</p>
      </section>
    );
  }
  const id = Number(scheduleId);
  return (
    <TableChatPage
      key={id}
      scheduleId={id}
      me={user}
      onBack={() => (window.history.length > 1 ? window.history.back() : void navigate({ to: '/chats' }))}
      onViewMeal={() => void navigate({ to: '/match-requests' })}
      onLeft={() => void navigate({ to: '/chats' })}
    />
  );
}
