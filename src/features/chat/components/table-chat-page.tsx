/**
 * 모임 채팅 /table/{scheduleId} (issue #30 items 2, 5): the one conversation of a meal's host and
 * its accepted and confirmed guests, on the shared messenger screen. The header says
 * "{place} 모임 (N명)" and the meal, shows the faces (tap: the public profile) and the ⋯ menu:
 * 약속 보기, 신고하기 (the meal), and for a guest 나가기 — the confirm says it cancels their place
 * (with the late-cancel warning when it applies). A member who left or was removed gets 403 from
 * the history: the screen says so and has no input.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MatchRequest } from '@common/api/matches';
import { listSentMatches as listSentMatchesOp } from '@common/api/matches';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { MembersRow } from '@/shared/components/members-row';
import { format, ko } from '@/i18n/ko';
import { callPage, errorMessage, isApiError } from '@/lib/api-client';
import { whenLabel } from '@/lib/dates';
import { membersQuery } from '@/lib/query/members';
import { chatsQuery } from '../api/chats';
import { historyQuery } from '../api/conversation';
import { useDeleteMatch } from '../api/use-delete-match';
import { chatTitle } from '../lib/chat-row';
import { ChatHeader } from './chat-header';
import { ChatRoom } from './chat-room';
import { leaveMessage } from './chat-page';

interface TableChatPageProps {
  scheduleId: number;
  me: { id: number; name: string } | null;
  onBack: () => void;
  onViewMeal: () => void;
  onLeft: () => void;
}

/** My live request on this meal (for 나가기): from `GET /api/matches/sent`, ACCEPTED or CONFIRMED. */
async function myMatchOn(scheduleId: number): Promise<MatchRequest | null> {
  const page = await callPage(listSentMatchesOp, null, { query: { limit: 100 } });
  return page.items.find((m) => m.schedule.id === scheduleId && (m.status === 'ACCEPTED' || m.status === 'CONFIRMED')) ?? null;
}

export function TableChatPage({ scheduleId, me, onBack, onViewMeal, onLeft }: TableChatPageProps) {
  const conversation = { kind: 'table' as const, id: scheduleId };
  const members = useQuery(membersQuery(scheduleId));
  const history = useInfiniteQuery(historyQuery(conversation));
  const notMember = history.isError && isApiError(history.error) && history.error.status === 403;
  const chats = useInfiniteQuery(chatsQuery());
  const summary = chats.data?.pages.flatMap((p) => p.items).find((c) => c.kind === 'table' && c.id === scheduleId);
  const list = members.data?.visible ? members.data.members : [];
  const count = list.length || summary?.memberCount || 0;
  const title = summary ? chatTitle({ ...summary, memberCount: count || summary.memberCount }) : ko.chatView.tableTitle;
  const subtitle = summary?.date && typeof summary.time === 'number' ? whenLabel(summary.date, summary.time) : count ? format(ko.table.count, { n: count }) : undefined;
  const host = list.find((m) => m.role === 'host');
  const iAmHost = host !== undefined && host.id === me?.id;

  const leave = useDeleteMatch(conversation, {
    onSuccess: () => {
      toast.success(ko.chat.left);
      onLeft();
    },
    onError: (error) => toast.error(errorMessage(error, ko.chatView.leaveError)),
  });

  async function askLeave() {
    if (leave.isPending) return;
    const match = await myMatchOn(scheduleId).catch(() => null);
    if (!match) return toast.error(ko.chatView.leaveNotFound);
    const consequence = leaveMessage(match).replace(ko.chat.leaveCancels, ko.chatView.tableLeave);
    if (!(await confirmDialog(consequence, { danger: true, confirmLabel: ko.chat.leave }))) return;
    leave.mutate(match.id);
  }

  const header = (
    <ChatHeader
      title={title}
      subtitle={subtitle}
      faces={<MembersRow scheduleId={scheduleId} size={32} max={4} className="chat__faces" />}
      onBack={onBack}
      onViewMeal={onViewMeal}
      onLeave={iAmHost ? undefined : () => void askLeave()}
      report={{ targetType: 'schedule', targetId: scheduleId }}
    />
  );
  return (
    <ChatRoom
      conversation={conversation}
      me={me}
      header={header}
      empty={ko.chatView.tableEmpty}
      closed={notMember ? ko.chatView.notMember : summary?.readOnly ? ko.chatView.readOnly : null}
      status={(h) => !notMember && <QueryState query={h} rows={3} />}
    />
  );
}
