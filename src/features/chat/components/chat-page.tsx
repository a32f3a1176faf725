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
 * Issue #16 item 7: each message shows its time ("오후 6:05", KST) and each day starts with
 * "11월 24일 화요일"; the header names the meal (place, date, hour, status); scrolling to the top
 * loads older messages by the `before` cursor (the position is kept); the list is a polite live
 * log and stays at the newest message when a phone's keyboard opens (visualViewport resize).
 * Item 4: every message gets a `client-id` (sent as the SEND header and `receipt`, and in the POST
 * when the server takes it) and shows 보내는 중 until its echo (or the 201) arrives, then it is a
 * message like any other; no echo or RECEIPT within 10 s, an error, or a refusal on
 * `/user/queue/errors` (its `receiptId`) turns it 전송 실패 with 다시 보내기 (same client-id).
 * Pending messages are sent again after every reconnect; the server stores a client-id once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { MatchRequest } from '@common/api/matches';
import type { User } from '@common/api/users';
import { hasMealStarted } from '@common/domain/schedule';
import { MATCH_STATUS_LABEL, normaliseStatus } from '@common/domain/match-status';
import { chatSendDestination, chatTopic, USER_ERRORS_DESTINATION, type ChatMessage, type StompUserError } from '@common/realtime';
import { Avatar } from '@/components/ui/avatar';
import { BlockMemberButton } from '@/shared/components/block-member-button';
import { ReportButton } from '@/shared/components/report-dialog';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { MemberStatsLine } from '@/shared/components/member-stats';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { whenLabel } from '@/lib/dates';
import { usePendingWrites, type OutboxEntry } from '@/lib/outbox';
import { queryRoots } from '@/lib/query/keys';
import { matchKey } from '@/shared/api/match';
import { livePublish, liveSubscribe, onLiveConnect, useLiveStatus } from '@/lib/stomp-client';
import type { ChatOpponent } from '../api/find-opponent';
import { chatHistoryQuery, chatKey, getChatHistory, HISTORY_PAGE, mergeMessages, OLDER_PAGE } from '../api/get-history';
import { matchQueryOptions } from '../api/find-opponent';
import { leaveChat } from '../api/leave-chat';
import { isLateCancel } from '@/shared/components/cancel-reason-dialog';
import { sendChatMessage } from '../api/send-message';
import { useChatOpponent } from '../hooks/use-chat-opponent';
import { useUnsent, useUnsentOf, type UnsentMessage } from '../hooks/use-unsent';
import { groupByDay, messageTime } from '../lib/chat-time';
import './chat.css';

export { mergeMessages };

/** No echo or RECEIPT within this long: the message is shown as failed (issue #16 item 4). */
export const SEND_TIMEOUT_MS = 10_000;
/** Within this many pixels of an edge counts as "at the top / bottom" of the log. */
const EDGE_PX = 48;

/** "국밥집 · 11월 24일 (화) 오후 6시 · 수락됨" of the chat's match (취소됨 when it or its schedule was cancelled). */
export function mealLine(match: Pick<MatchRequest, 'status' | 'schedule'>): string {
  const status = isCancelledMatch(match) ? 'CANCELLED' : normaliseStatus(match.status);
  const { placeName, date, time } = match.schedule;
  const parts = [placeName, typeof date === 'string' && typeof time === 'number' ? whenLabel(date, time) : ''];
  if (status) parts.push(MATCH_STATUS_LABEL[status]);
  return parts.filter(Boolean).join(' · ');
}

/** One row of the log: a stored message, one of mine not confirmed yet, or one queued offline. */
type Row =
  | { kind: 'message'; key: string; at: string; message: ChatMessage }
  | { kind: 'unsent'; key: string; at: string; unsent: UnsentMessage }
  | { kind: 'queued'; key: string; at: string; entry: OutboxEntry };

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
export function leaveMessage(match: (Pick<MatchRequest, 'status' | 'schedule'> & Partial<Pick<MatchRequest, 'lateCancelFrom'>>) | null | undefined, now: Date = new Date()): string {
  if (!match) return ko.chat.confirmLeave;
  const status = normaliseStatus(match.status);
  const started = hasMealStarted(match.schedule.date, match.schedule.time, now);
  const cancels = (status === 'ACCEPTED' || status === 'CONFIRMED') && !started && !match.schedule.cancelled;
  // Issue #28 item 3: a cancellation that will be recorded as late says so before the member agrees.
  const late = cancels && isLateCancel(match.lateCancelFrom, now) ? ` ${ko.cancelMatch.lateWarning}` : '';
  return `${cancels ? ko.chat.leaveCancels : ko.chat.leaveHides}${late} ${ko.chat.leaveAsk}`;
}

export function ChatPage({ matchId, user, opponent: given, onLeft }: ChatPageProps) {
  const queryClient = useQueryClient();
  const lookup = useChatOpponent(matchId, given, user?.id);
  const opponent = lookup.status === 'success' ? lookup.opponent : null;
  const chatMatch = lookup.status === 'success' ? lookup.match : null;
  const cancelled = isCancelledMatch(chatMatch?.match);
  const partner = chatMatch ? (chatMatch.side === 'host' ? chatMatch.match.requester : chatMatch.match.schedule.member) : null;
  const history = useQuery({ ...chatHistoryQuery(matchId), enabled: Boolean(opponent) });
  const messages = history.data ?? NONE;
  const [text, setText] = useState('');
  const connected = useLiveStatus((s) => s.connected);
  const pending = usePendingWrites('chat', String(matchId));
  const unsent = useUnsentOf(matchId);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Whether the log is scrolled to its newest message (kept there as messages arrive). */
  const atBottom = useRef(true);
  /** My own new message: scroll to it whatever the position. */
  const stickToBottom = useRef(false);

  // What the live handlers need without re-subscribing.
  const userRef = useRef(user);
  const queuedRef = useRef(pending.length);
  useLayoutEffect(() => {
    userRef.current = user;
    queuedRef.current = pending.length;
  }, [user, pending.length]);

  /** Appends messages to this chat's cached history (live, posted, caught up, older). */
  const append = useCallback(
    (incoming: readonly ChatMessage[]) => queryClient.setQueryData<ChatMessage[]>(chatKey(matchId), (cur) => mergeMessages(cur ?? [], incoming)),
    [queryClient, matchId],
  );

  // ---- Sending with a client-id: pending → sent (echo / 201) or failed (issue #16 item 4) ----
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const clearTimer = useCallback((clientId: string) => {
    const t = timers.current.get(clientId);
    if (t !== undefined) clearTimeout(t);
    timers.current.delete(clientId);
  }, []);
  /** The server has these: they leave the unsent list (the stored message shows instead). */
  const settle = useCallback(
    (clientIds: readonly string[]) => {
      for (const id of clientIds) clearTimer(id);
      useUnsent.getState().remove(clientIds);
    },
    [clearTimer],
  );
  const fail = useCallback(
    (clientId: string, error?: string) => {
      clearTimer(clientId);
      useUnsent.getState().update(clientId, { status: 'failed', error });
    },
    [clearTimer],
  );

  /** One attempt: live SEND (with `client-id` and `receipt`) when connected, otherwise POST (or the outbox). */
  const attempt = useCallback(
    async (m: UnsentMessage) => {
      const me = userRef.current;
      if (!me) return;
      const { update } = useUnsent.getState();
      clearTimer(m.clientId);
      update(m.clientId, { status: 'pending', error: undefined });
      const live = useLiveStatus.getState().connected && navigator.onLine && queuedRef.current === 0;
      const published =
        live &&
        livePublish(
          chatSendDestination(matchId),
          { senderId: me.id, senderName: me.name, content: m.content },
          {
            headers: { 'client-id': m.clientId, receipt: m.clientId },
            // Stored: no longer at risk; the echo follows (or the catch-up after a reconnect brings it).
            onReceipt: () => update(m.clientId, { status: 'acked', error: undefined }),
          },
        );
      if (published) {
        timers.current.set(
          m.clientId,
          setTimeout(() => {
            timers.current.delete(m.clientId);
            const now = useUnsent.getState().messages.find((x) => x.clientId === m.clientId);
            if (now?.status === 'pending') fail(m.clientId);
            else if (now?.status === 'acked') {
              // Stored but the echo was missed: the history has it.
              settle([m.clientId]);
              void queryClient.invalidateQueries({ queryKey: chatKey(matchId) });
            }
          }, SEND_TIMEOUT_MS),
        );
        return;
      }
      try {
        const result = await sendChatMessage(matchId, m.content, m.clientId);
        // Queued offline: the outbox lists it (전송 대기 중) and posts it on reconnect.
        if (result.queued) toast.info(ko.offlineUi.queued);
        else append([result.data]);
        settle([m.clientId]);
      } catch (error) {
        fail(m.clientId, errorMessage(error, ''));
      }
    },
    [matchId, append, clearTimer, fail, settle, queryClient],
  );

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      for (const t of pendingTimers.values()) clearTimeout(t);
      pendingTimers.clear();
    };
  }, []);

  // A message the history or an echo already holds is sent (e.g. after the catch-up).
  useEffect(() => {
    if (!unsent.length) return;
    const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
    const done = unsent.filter((u) => stored.has(u.clientId)).map((u) => u.clientId);
    if (done.length) settle(done);
  }, [messages, unsent, settle]);

  // ---- Live messages, refusals and reconnects ----
  const hasOpponent = Boolean(opponent);
  useEffect(() => {
    if (!hasOpponent) return;
    const c = new AbortController();
    const stopLive = liveSubscribe(chatTopic(matchId), (payload) => {
      const m = payload as ChatMessage;
      if (typeof m?.id !== 'number' || m.matchId !== matchId) return;
      append([m]);
      const mine = useUnsent.getState().messages.filter((u) => u.matchId === matchId && u.status !== 'failed');
      if (m.clientId) {
        if (mine.some((u) => u.clientId === m.clientId)) settle([m.clientId]);
      } else if (m.senderId === userRef.current?.id) {
        // A server that does not echo client-ids yet: my oldest unsent message with this text.
        const same = mine.find((u) => u.content.trim() === m.content);
        if (same) settle([same.clientId]);
      }
    });
    const stopErrors = liveSubscribe(USER_ERRORS_DESTINATION, (payload) => {
      const e = payload as Partial<StompUserError> | null;
      const id = e?.receiptId;
      if (!id || !useUnsent.getState().messages.some((u) => u.clientId === id && u.matchId === matchId)) return;
      fail(id, typeof e.message === 'string' ? e.message : undefined);
    });
    const resendPending = () => {
      for (const u of useUnsent.getState().messages) if (u.matchId === matchId && u.status === 'pending') void attempt(u);
    };
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
      // Same client-ids: the server stores each once.
      resendPending();
    });
    // Messages left pending when the page was left (their timers stopped) go again.
    resendPending();
    return () => {
      c.abort();
      stopLive();
      stopErrors();
      stopReconnect();
    };
  }, [matchId, hasOpponent, append, queryClient, attempt, fail, settle]);

  function send(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content || !user || cancelled) return;
    const m: UnsentMessage = { clientId: crypto.randomUUID(), matchId, content, createdAt: new Date().toISOString(), status: 'pending' };
    useUnsent.getState().add(m);
    setText('');
    stickToBottom.current = true;
    void attempt(m);
  }

  function resend(m: UnsentMessage) {
    stickToBottom.current = true;
    void attempt(m);
  }

  // ---- Scrolling: newest in view, older loaded upward with the position kept ----
  /** Distance from the bottom before older messages are prepended (restored after they render). */
  const keepFromBottom = useRef<number | null>(null);
  const [older, setOlder] = useState<{ loading: boolean; done: boolean | null; error: boolean }>({ loading: false, done: null, error: false });
  const olderLoading = useRef(false);
  const olderAbort = useRef<AbortController | null>(null);
  useEffect(() => () => olderAbort.current?.abort(), [matchId]);
  const noOlder = older.done ?? messages.length < HISTORY_PAGE;

  const loadOlder = useCallback(async () => {
    const oldest = messages[0];
    if (olderLoading.current || noOlder || !oldest || history.isFetching) return;
    olderLoading.current = true;
    const c = new AbortController();
    olderAbort.current = c;
    setOlder((o) => ({ ...o, loading: true, error: false }));
    try {
      const list = await getChatHistory(matchId, { before: oldest.id, signal: c.signal });
      if (c.signal.aborted) return;
      const el = logRef.current;
      if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
      append(list);
      setOlder({ loading: false, done: list.length < OLDER_PAGE, error: false });
    } catch (error) {
      if (!c.signal.aborted) {
        console.warn('older chat messages failed', error);
        setOlder((o) => ({ ...o, loading: false, error: true }));
      }
    } finally {
      olderLoading.current = false;
    }
  }, [messages, noOlder, history.isFetching, matchId, append]);

  function onScroll() {
    const el = logRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= EDGE_PX;
    if (el.scrollTop <= EDGE_PX) void loadOlder();
  }

  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    if (atBottom.current || stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
      stickToBottom.current = false;
    }
  }, [messages, unsent, pending.length]);

  // A phone's keyboard shrinks the visual viewport: keep the newest message in view if it was.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const onResize = () => {
      const el = logRef.current;
      if (!el || !atBottom.current) return;
      el.scrollTop = el.scrollHeight;
      if (document.activeElement === inputRef.current) inputRef.current?.scrollIntoView?.({ block: 'nearest' });
    };
    viewport.addEventListener('resize', onResize);
    return () => viewport.removeEventListener('resize', onResize);
  }, []);

  const rows = useMemo(() => {
    const stored = new Set(messages.map((m) => m.clientId).filter(Boolean));
    const all: Row[] = [
      ...messages.map((message): Row => ({ kind: 'message', key: `m${message.id}`, at: message.createdAt, message })),
      ...unsent.filter((u) => !stored.has(u.clientId)).map((u): Row => ({ kind: 'unsent', key: `u${u.clientId}`, at: u.createdAt, unsent: u })),
      ...pending.map((entry): Row => ({ kind: 'queued', key: `q${entry.key}`, at: entry.createdAt, entry })),
    ];
    return groupByDay(all, (r) => r.at);
  }, [messages, unsent, pending]);

  const leave = useMutation({
    mutationFn: () => leaveChat(matchId),
    onSuccess: () => {
      // The match is cancelled or gone from my lists: drop the history, refresh both request lists, the match and the seats.
      queryClient.removeQueries({ queryKey: chatKey(matchId) });
      toast.success(ko.chat.left);
      onLeft();
    },
    onError: (error) => toast.error(errorMessage(error, ko.chatView.leaveError)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.matchesReceived }),
        queryClient.invalidateQueries({ queryKey: queryRoots.matchesSent }),
        queryClient.invalidateQueries({ queryKey: matchKey(matchId) }),
        queryClient.invalidateQueries({ queryKey: queryRoots.schedules }),
      ]),
  });

  async function askLeave() {
    if (leave.isPending) return;
    // The confirm says what leaving does (cancels, late or not): with the partner from navigation
    // state the match may still be loading, so it is awaited first (a failure leaves the SPEC text).
    const match = chatMatch?.match ?? (await queryClient.fetchQuery(matchQueryOptions(matchId)).catch(() => null));
    if (!(await confirmDialog(leaveMessage(match)))) return;
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

  function renderRow(row: Row) {
    switch (row.kind) {
      case 'message': {
        const m = row.message;
        const mine = m.senderId === user?.id;
        return (
          <li key={row.key} className={mine ? 'chat__message chat__message--mine' : 'chat__message'}>
            <span className="chat__sender">{mine ? ko.chatView.me : m.senderName}</span>
            <div className="chat__row">
              <p className="chat__bubble">{m.content}</p>
              <time className="chat__time" dateTime={m.createdAt}>
                {messageTime(m.createdAt)}
              </time>
              {/* Issue #17: the partner's messages can be reported one by one. */}
              {!mine && m.id > 0 && (
                <ReportButton targetType="message" targetId={m.id} className="btn btn--ghost btn--small chat__report" label={format(ko.reports.reportLabel, { what: ko.reports.targets.message })} />
              )}
            </div>
          </li>
        );
      }
      case 'unsent': {
        const u = row.unsent;
        return (
          <li key={row.key} className="chat__message chat__message--mine chat__message--unsent" data-status={u.status}>
            <span className="chat__sender">{ko.chatView.me}</span>
            <div className="chat__row">
              <p className="chat__bubble">{u.content}</p>
              {u.status === 'pending' && <span className="chat__state">{ko.chatView.sending}</span>}
              {u.status === 'acked' && (
                <time className="chat__time" dateTime={u.createdAt}>
                  {messageTime(u.createdAt)}
                </time>
              )}
            </div>
            {u.status === 'failed' && (
              <div className="chat__failed">
                <span>{u.error ? `${ko.chatView.failed}: ${u.error}` : ko.chatView.failed}</span>
                <button type="button" className="btn btn--ghost chat__resend" onClick={() => resend(u)}>
                  {ko.chatView.resend}
                </button>
              </div>
            )}
          </li>
        );
      }
      case 'queued':
        return (
          <li key={row.key} className="chat__message chat__message--mine pending-write" data-pending="true">
            <span className="chat__sender">
              {ko.chatView.me}
              <span className="pending-write__label">{ko.offlineUi.pending}</span>
            </span>
            <p className="chat__bubble">{(row.entry.body as { content?: string }).content}</p>
          </li>
        );
    }
  }

  const meal = chatMatch ? mealLine(chatMatch.match) : '';

  return (
    <section className="page chat" aria-labelledby="chat-heading">
      <header className="chat__header">
        <Avatar src={opponent.opponentProfileImage} alt="" size={40} />
        <div className="chat__who">
          <h1 id="chat-heading" className="page-heading chat__title">
            {format(ko.chatView.heading, { name: opponent.opponentName })}
          </h1>
          {meal && (
            <p className="chat__meal" aria-label={`${ko.chatView.meal}: ${meal}`}>
              {meal}
            </p>
          )}
          {partner && <MemberStatsLine member={partner} className="chat__stats" />}
        </div>
        <div className="chat__actions">
          <button type="button" className="btn btn--ghost" disabled={leave.isPending} onClick={() => void askLeave()}>
            {ko.chat.leave}
          </button>
          {partner && (
            <ReportButton
              targetType="member"
              targetId={partner.id}
              className="btn btn--ghost"
              label={format(ko.reports.reportLabel, { what: `${partner.name} ${ko.reports.targets.member}` })}
            />
          )}
          {partner && <BlockMemberButton userId={partner.id} name={partner.name} />}
        </div>
      </header>
      {/* A cancelled match's history may be refused by the server: then the notice stands alone. */}
      {!(cancelled && history.isError) && <QueryState query={history} rows={3} />}
      <div className="chat__log-wrap">
        {(older.loading || older.error) && (
          <p className="chat__older" role="status">
            {older.loading ? ko.chatView.loadingOlder : ko.chatView.olderError}
          </p>
        )}
        {/* role="log" on a wrapper, so the messages keep plain list semantics (issue #14, axe list/listitem). */}
        <div ref={logRef} className="chat__messages" role="log" aria-live="polite" aria-label={ko.chatView.log} onScroll={onScroll}>
          {rows.map((group) => (
            <div key={group.day || 'unknown'} className="chat__day-group">
              {group.label && <p className="chat__day">{group.label}</p>}
              <ol className="chat__list">{group.items.map(renderRow)}</ol>
            </div>
          ))}
        </div>
      </div>
      {cancelled ? (
        <p className="chat__cancelled" role="status">
          {ko.chat.cancelled}
        </p>
      ) : (
        <>
          {!connected && <p className="chat__status">{ko.chatView.connecting}</p>}
          <form className="chat__form" onSubmit={send}>
            <input
              ref={inputRef}
              className="chat__input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={ko.chat.placeholder}
              aria-label={ko.chat.placeholder}
              maxLength={1000}
            />
            <button type="submit" className="btn btn--primary">
              {ko.chat.send}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
