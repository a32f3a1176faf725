/**
 * 채팅 /chat/{matchId}: the 1:1 chat of a match (SPEC §2, §4 Chat; issues #4, #15, #16, #30) on
 * the shared messenger screen (`ChatRoom`, `useChatRoom`). The header names the partner and the
 * meal, shows the partner's face (tap: the public profile) and the ⋯ menu: 약속 보기, 신고하기,
 * 차단하기 / 차단 해제, 나가기 — the confirm says what leaving does (issue #15: before the meal an
 * accepted or confirmed match is cancelled and the partner told, with the late-cancel warning when
 * it applies; afterwards the chat only leaves my list). A cancelled match's chat says
 * "취소된 약속이에요" and has no input; its history stays readable when the server answers it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MatchRequest } from '@common/api/matches';
import type { User } from '@common/api/users';
import { hasMealStarted } from '@common/domain/schedule';
import { MATCH_STATUS_LABEL, normaliseStatus } from '@common/domain/match-status';
import { Avatar } from '@/components/ui/avatar';
import { isLateCancel } from '@/shared/components/cancel-reason-dialog';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { MemberProfileDialog } from '@/shared/components/member-profile-dialog';
import { MemberStatsLine } from '@/shared/components/member-stats';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { whenLabel } from '@/lib/dates';
import { matchQueryOptions, type ChatOpponent } from '../api/find-opponent';
import { useDeleteMatch } from '../api/use-delete-match';
import { useChatOpponent } from '../hooks/use-chat-opponent';
import { ChatHeader } from './chat-header';
import { ChatRoom } from './chat-room';

export { mergeMessages } from '../api/conversation';
export { SEND_TIMEOUT_MS } from '../lib/live-send';

/** "국밥집 · 11월 24일 (화) 오후 6시 · 수락됨" of the chat's match (취소됨 when it or its schedule was cancelled). */
export function mealLine(match: Pick<MatchRequest, 'status' | 'schedule'>): string {
  const status = isCancelledMatch(match) ? 'CANCELLED' : normaliseStatus(match.status);
  const { placeName, date, time } = match.schedule;
  const parts = [placeName, typeof date === 'string' && typeof time === 'number' ? whenLabel(date, time) : ''];
  if (status) parts.push(MATCH_STATUS_LABEL[status]);
  return parts.filter(Boolean).join(' · ');
}

/** Whether a match is over: cancelled by either side, or its schedule deleted by the host. */
export function isCancelledMatch(match: Pick<MatchRequest, 'status' | 'schedule'> | null | undefined): boolean {
  return Boolean(match && (normaliseStatus(match.status) === 'CANCELLED' || match.schedule.cancelled));
}

/**
 * What the leave confirm says (issue #15): before the meal's start an ACCEPTED or CONFIRMED match
 * is cancelled (the partner is told), with the late-cancel warning when it would count as late
 * (issue #28); otherwise the chat only leaves my list. Unknown match: the SPEC text.
 */
export function leaveMessage(match: (Pick<MatchRequest, 'status' | 'schedule'> & Partial<Pick<MatchRequest, 'lateCancelFrom'>>) | null | undefined, now: Date = new Date()): string {
  if (!match) return ko.chat.confirmLeave;
  const status = normaliseStatus(match.status);
  const started = hasMealStarted(match.schedule.date, match.schedule.time, now);
  const cancels = (status === 'ACCEPTED' || status === 'CONFIRMED') && !started && !match.schedule.cancelled;
  const late = cancels && isLateCancel(match.lateCancelFrom, now) ? ` ${ko.cancelMatch.lateWarning}` : '';
  return `${cancels ? ko.chat.leaveCancels : ko.chat.leaveHides}${late} ${ko.chat.leaveAsk}`;
}

interface ChatPageProps {
  matchId: number;
  user: User | null;
  /** From navigation state; looked up on the server when absent. */
  opponent: ChatOpponent | null;
  /** After leaving (the route navigates to /match-requests). */
  onLeft: () => void;
  /** ‹ and 약속 보기 (default: history back / nothing). */
  onBack?: () => void;
  onViewMeal?: () => void;
}

export function ChatPage({ matchId, user, opponent: given, onLeft, onBack = () => window.history.back(), onViewMeal = onLeft }: ChatPageProps) {
  const queryClient = useQueryClient();
  const lookup = useChatOpponent(matchId, given, user?.id);
  const [profileOpen, setProfileOpen] = useState(false);
  const opponent = lookup.status === 'success' ? lookup.opponent : null;
  const chatMatch = lookup.status === 'success' ? lookup.match : null;
  const cancelled = isCancelledMatch(chatMatch?.match);
  const partner = chatMatch ? (chatMatch.side === 'host' ? chatMatch.match.requester : chatMatch.match.schedule.member) : null;
  const conversation = { kind: 'match' as const, id: matchId };

  const leave = useDeleteMatch(conversation, {
    onSuccess: () => {
      toast.success(ko.chat.left);
      onLeft();
    },
    onError: (error) => toast.error(errorMessage(error, ko.chatView.leaveError)),
  });

  async function askLeave() {
    if (leave.isPending) return;
    // With the partner from navigation state the match may still be loading: it is awaited first (a failure leaves the SPEC text).
    const match = chatMatch?.match ?? (await queryClient.fetchQuery(matchQueryOptions(matchId)).catch(() => null));
    if (!(await confirmDialog(leaveMessage(match), { danger: true, confirmLabel: ko.chat.leave }))) return;
    leave.mutate(matchId);
  }

  if (lookup.status !== 'success' || !opponent) {
    return (
      <section className="page chat">
        <h1 className="page-heading">{ko.screens.chat}</h1>
        {lookup.status !== 'success' ? <QueryState query={lookup.query} rows={2} /> : <p role="alert" className="chat__missing">{ko.chat.noOpponent}</p>}
      </section>
    );
  }

  const face = { id: opponent.opponentId, name: opponent.opponentName, profileImage: opponent.opponentProfileImage };
  const header = (
    <ChatHeader
      title={format(ko.chatView.heading, { name: opponent.opponentName })}
      subtitle={chatMatch ? mealLine(chatMatch.match) : undefined}
      extra={partner && <MemberStatsLine member={partner} className="chat__stats" />}
      faces={
        <>
          <button type="button" className="members-row__face" aria-label={format(ko.table.openProfile, { name: face.name })} onClick={() => setProfileOpen(true)}>
            <Avatar src={face.profileImage} alt="" size={40} />
          </button>
          <MemberProfileDialog member={profileOpen ? face : null} onOpenChange={setProfileOpen} />
        </>
      }
      onBack={onBack}
      onViewMeal={onViewMeal}
      onLeave={() => void askLeave()}
      report={{ targetType: 'member', targetId: face.id }}
      partner={{ id: face.id, name: face.name }}
    />
  );
  return (
    <ChatRoom
      conversation={conversation}
      me={user}
      header={header}
      closed={cancelled ? ko.chat.cancelled : null}
      empty={ko.chatView.empty}
      // A cancelled match's history may be refused by the server: then the notice stands alone.
      status={(history) => !(cancelled && history.isError) && <QueryState query={history} rows={3} />}
    />
  );
}
