/**
 * 채팅 /chat/{matchId} (SPEC §2, §4 Chat, §5 chat send, §8; issue #4): the history first, then live
 * messages appended (no duplicates), scrolled to the newest; after every reconnect the messages
 * after the last id are fetched. The messages live in the TanStack Query cache under
 * `['chat', matchId]` (issue #14): the history query fills it, live STOMP messages are appended to
 * it with `setQueryData`, and a `new_message` notification or a replayed outbox message
 * invalidates it. Sending is ignored when blank or without a user. While the live channel is down
 * or the browser is offline (or earlier messages still wait), a message goes through
 * `POST /api/chat/{matchId}/messages` and the outbox (issue #7): listed as "전송 대기 중" until it
 * is posted on reconnect, then shown once like any other message.
 * "나가기" asks for confirmation, deletes the match and goes back to the activity screen. Issue
 * #15: the confirm says what leaving does — before the meal an accepted or confirmed match is
 * cancelled and the partner told; after the start the chat only leaves my list. A cancelled
 * match's chat says "취소된 약속이에요" and has no input (its history stays readable when the
 * server answers it); a match_cancelled / schedule_cancelled notification switches an open chat
 * to that state (the lists and this chat are invalidated).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { MatchRequest } from '@common/api/matches';
import type { User } from '@common/api/users';
import { hasMealStarted } from '@common/domain/schedule';
import { normaliseStatus } from '@common/domain/match-status';
import { chatSendDestination, chatTopic, type ChatMessage } from '@common/realtime';
import { Avatar } from '@/components/ui/avatar';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { MemberStatsLine } from '@/components/ui/member-stats';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { usePendingWrites } from '@/lib/outbox';
import { queryRoots } from '@/lib/query/keys';
import { livePublish, liveSubscribe, onLiveConnect, useLiveStatus } from '@/lib/stomp-client';
import type { ChatOpponent } from '../api/find-opponent';
import { chatHistoryQuery, chatKey, getChatHistory, mergeMessages } from '../api/get-history';
import { leaveChat } from '../api/leave-chat';
import { sendChatMessage } from '../api/send-message';
import { useChatOpponent } from '../hooks/use-chat-opponent';
import './chat.css';

export { mergeMessages };

interface ChatPageProps {
  matchId: number;
  user: User | null;
  /** From navigation state; looked up on the server when absent. */
  opponent: ChatOpponent | null;
  /** After leaving (the route navigates to /match-requests). */
  onLeft: () => void;
}

const NONE: ChatMessage[] = [];

/** Whether a match is over: cancelled by either side, or its schedule deleted by the host. */
export function isCancelledMatch(match: Pick<MatchRequest, 'status' | 'schedule'> | null | undefined): boolean {
  return Boolean(match && (normaliseStatus(match.status) === 'CANCELLED' || match.schedule.cancelled));
}

/**
 * What the leave confirm says (issue #15): before the meal's start an ACCEPTED or CONFIRMED match
 * is cancelled (the partner is told); otherwise the chat only leaves my list. Unknown match: the
 * SPEC text.
 */
export function leaveMessage(match: Pick<MatchRequest, 'status' | 'schedule'> | null | undefined, now: Date = new Date()): string {
  if (!match) return ko.chat.confirmLeave;
  const status = normaliseStatus(match.status);
  const started = hasMealStarted(match.schedule.date, match.schedule.time, now);
  const cancels = (status === 'ACCEPTED' || status === 'CONFIRMED') && !started && !match.schedule.cancelled;
  return `${cancels ? ko.chat.leaveCancels : ko.chat.leaveHides} ${ko.chat.leaveAsk}`;
}

export function ChatPage({ matchId, user, opponent: given, onLeft }: ChatPageProps) {
  const queryClient = useQueryClient();
  const lookup = useChatOpponent(matchId, given);
  const opponent = lookup.status === 'success' ? lookup.opponent : null;
  const chatMatch = lookup.status === 'success' ? lookup.match : null;
  const cancelled = isCancelledMatch(chatMatch?.match);
  const partner = chatMatch ? (chatMatch.side === 'host' ? chatMatch.match.requester : chatMatch.match.schedule.member) : null;
  const history = useQuery({ ...chatHistoryQuery(matchId), enabled: Boolean(opponent) });
  const messages = history.data ?? NONE;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const connected = useLiveStatus((s) => s.connected);
  const pending = usePendingWrites('chat', String(matchId));
  const logRef = useRef<HTMLDivElement>(null);

  /** Appends messages to this chat's cached history (live, posted, caught up). */
  const append = useCallback(
    (incoming: readonly ChatMessage[]) => queryClient.setQueryData<ChatMessage[]>(chatKey(matchId), (cur) => mergeMessages(cur ?? [], incoming)),
    [queryClient, matchId],
  );

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, pending.length]);

  // Live messages into the cache; after each reconnect, what was missed (after the newest id).
  const hasOpponent = Boolean(opponent);
  useEffect(() => {
    if (!hasOpponent) return;
    const c = new AbortController();
    const stopLive = liveSubscribe(chatTopic(matchId), (payload) => {
      const m = payload as ChatMessage;
      if (typeof m?.id === 'number' && m.matchId === matchId) append([m]);
    });
    const stopReconnect = onLiveConnect(() => {
      const cached = queryClient.getQueryData<ChatMessage[]>(chatKey(matchId)) ?? [];
      const after = cached.length ? cached[cached.length - 1]!.id : undefined;
      getChatHistory(matchId, { after, signal: c.signal })
        .then((list) => {
          if (!c.signal.aborted) append(list);
        })
        .catch((error: unknown) => {
          if (!c.signal.aborted) console.warn('chat catch-up failed', error);
        });
    });
    return () => {
      c.abort();
      stopLive();
      stopReconnect();
    };
  }, [matchId, hasOpponent, append, queryClient]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content || !user || sending || cancelled) return;
    const live = connected && navigator.onLine && pending.length === 0;
    if (live && livePublish(chatSendDestination(matchId), { senderId: user.id, senderName: user.name, content })) {
      setText('');
      return;
    }
    setSending(true);
    try {
      const result = await sendChatMessage(matchId, content);
      setText('');
      // Queued: listed as pending; once replayed, the query client invalidates this chat.
      if (result.queued) toast.info(ko.offlineUi.queued);
      else append([result.data]);
    } catch (error) {
      toast.error(errorMessage(error, ko.offlineUi.failedFallback));
    } finally {
      setSending(false);
    }
  }

  const leave = useMutation({
    mutationFn: () => leaveChat(matchId),
    onSuccess: () => {
      // The match is cancelled or gone from my lists: drop the history, refresh both request lists and the seats.
      queryClient.removeQueries({ queryKey: chatKey(matchId) });
      toast.success(ko.chat.left);
      onLeft();
    },
    onError: (error) => toast.error(errorMessage(error, ko.chatView.leaveError)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.matchesReceived }),
        queryClient.invalidateQueries({ queryKey: queryRoots.matchesSent }),
        queryClient.invalidateQueries({ queryKey: queryRoots.schedules }),
      ]),
  });

  async function askLeave() {
    if (leave.isPending) return;
    if (!(await confirmDialog(leaveMessage(chatMatch?.match)))) return;
    leave.mutate();
  }

  if (lookup.status !== 'success') {
    return (
      <section className="page chat">
        <h1 className="page-heading">{ko.screens.chat}</h1>
        <QueryState query={lookup.query} rows={2} />
      </section>
    );
  }
  if (!opponent) {
    return (
      <section className="page chat">
        <h1 className="page-heading">{ko.screens.chat}</h1>
        <p role="alert" className="chat__missing">
          {ko.chat.noOpponent}
        </p>
      </section>
    );
  }

  return (
    <section className="page chat" aria-labelledby="chat-heading">
      <header className="chat__header">
        <Avatar src={opponent.opponentProfileImage} alt="" size={40} />
        <div className="chat__who">
          <h1 id="chat-heading" className="page-heading chat__title">
            {format(ko.chatView.heading, { name: opponent.opponentName })}
          </h1>
          {partner && <MemberStatsLine member={partner} className="chat__stats" />}
        </div>
        <button type="button" className="btn btn--ghost" disabled={leave.isPending} onClick={() => void askLeave()}>
          {ko.chat.leave}
        </button>
      </header>
      {/* A cancelled match's history may be refused by the server: then the notice stands alone. */}
      {!(cancelled && history.isError) && <QueryState query={history} rows={3} />}
      {/* role="log" on a wrapper, so the messages keep plain list semantics (issue #14, axe list/listitem). */}
      <div ref={logRef} className="chat__messages" role="log" aria-label={ko.chatView.log}>
        <ol className="chat__list">
          {messages.map((m) => {
            const mine = m.senderId === user?.id;
            return (
              <li key={m.id} className={mine ? 'chat__message chat__message--mine' : 'chat__message'}>
                <span className="chat__sender">{mine ? ko.chatView.me : m.senderName}</span>
                <p className="chat__bubble">{m.content}</p>
              </li>
            );
          })}
          {pending.map((entry) => (
            <li key={entry.key} className="chat__message chat__message--mine pending-write" data-pending="true">
              <span className="chat__sender">
                {ko.chatView.me}
                <span className="pending-write__label">{ko.offlineUi.pending}</span>
              </span>
              <p className="chat__bubble">{(entry.body as { content?: string }).content}</p>
            </li>
          ))}
        </ol>
      </div>
      {cancelled ? (
        <p className="chat__cancelled" role="status">
          {ko.chat.cancelled}
        </p>
      ) : (
        <>
          {!connected && <p className="chat__status">{ko.chatView.connecting}</p>}
          <form className="chat__form" onSubmit={(e) => void send(e)}>
            <input
              className="chat__input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={ko.chat.placeholder}
              aria-label={ko.chat.placeholder}
              maxLength={1000}
            />
            <button type="submit" className="btn btn--primary" disabled={sending}>
              {ko.chat.send}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
