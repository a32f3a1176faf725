/**
 * 채팅 /chat/{matchId} (SPEC §2, §4 Chat, §5 chat send, §8; issue #4): the history first, then live
 * messages appended (no duplicates), scrolled to the newest; after every reconnect the messages
 * after the last id are fetched. Sending is ignored when blank or without a user. While the live
 * channel is down or the browser is offline (or earlier messages still wait), a message goes
 * through `POST /api/chat/{matchId}/messages` and the outbox (issue #7): listed as "전송 대기 중"
 * until it is posted on reconnect, then shown once like any other message.
 * "나가기" asks for confirmation, deletes the match and goes back to the activity screen.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { User } from '@common/api/users';
import { chatSendDestination, chatTopic, type ChatMessage } from '@common/realtime';
import { Avatar } from '@/components/ui/avatar';
import { confirmDialog, toast } from '@/components/ui/feedback-store';
import { Spinner } from '@/components/ui/spinner';
import { format, ko } from '@/i18n/ko';
import { errorMessage } from '@/lib/api-client';
import { onOutboxSent, usePendingWrites } from '@/lib/outbox';
import { livePublish, liveSubscribe, onLiveConnect, useLiveStatus } from '@/lib/stomp-client';
import { findOpponent, type ChatOpponent } from '../api/find-opponent';
import { getChatHistory } from '../api/get-history';
import { leaveChat } from '../api/leave-chat';
import { sendChatMessage } from '../api/send-message';
import './chat.css';

interface ChatPageProps {
  matchId: number;
  user: User | null;
  /** From navigation state; looked up on the server when absent. */
  opponent: ChatOpponent | null;
  /** After leaving (the route navigates to /match-requests). */
  onLeft: () => void;
}

/** Merges `incoming` into `current` by id, oldest first, without duplicates. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function ChatPage({ matchId, user, opponent: given, onLeft }: ChatPageProps) {
  const [opponent, setOpponent] = useState<ChatOpponent | null>(given);
  const [lookup, setLookup] = useState<'idle' | 'loading' | 'missing'>(given ? 'idle' : 'loading');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const connected = useLiveStatus((s) => s.connected);
  const pending = usePendingWrites('chat', String(matchId));
  const lastId = useRef(0);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    lastId.current = messages.length ? messages[messages.length - 1]!.id : 0;
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  // Opponent from the server on a reload or deep link.
  useEffect(() => {
    if (given) return;
    const c = new AbortController();
    findOpponent(matchId, c.signal)
      .then((found) => {
        if (c.signal.aborted) return;
        setOpponent(found);
        setLookup(found ? 'idle' : 'missing');
      })
      .catch((error: unknown) => {
        if (c.signal.aborted) return;
        console.warn('chat partner lookup failed', error);
        setLookup('missing');
      });
    return () => c.abort();
  }, [given, matchId]);

  // History first, then live messages; after each reconnect, what was missed.
  useEffect(() => {
    if (!opponent) return;
    const c = new AbortController();
    const catchUp = (after?: number) =>
      getChatHistory(matchId, { after, signal: c.signal })
        .then((list) => {
          if (!c.signal.aborted) setMessages((cur) => mergeMessages(cur, list));
        })
        .catch((error: unknown) => {
          if (!c.signal.aborted) console.warn('chat history failed', error);
        });
    void catchUp();
    const stopLive = liveSubscribe(chatTopic(matchId), (payload) => {
      const m = payload as ChatMessage;
      if (typeof m?.id === 'number' && m.matchId === matchId) setMessages((cur) => mergeMessages(cur, [m]));
    });
    const stopReconnect = onLiveConnect(() => void catchUp(lastId.current || undefined));
    // A message written offline was posted: show the server's copy (ids dedupe the live echo).
    const stopSent = onOutboxSent((entry, data) => {
      const m = data as ChatMessage | undefined;
      if (entry.kind === 'chat' && typeof m?.id === 'number' && m.matchId === matchId) setMessages((cur) => mergeMessages(cur, [m]));
    });
    return () => {
      c.abort();
      stopLive();
      stopReconnect();
      stopSent();
    };
  }, [matchId, opponent]);

  async function send(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content || !user || sending) return;
    const live = connected && navigator.onLine && pending.length === 0;
    if (live && livePublish(chatSendDestination(matchId), { senderId: user.id, senderName: user.name, content })) {
      setText('');
      return;
    }
    setSending(true);
    try {
      const result = await sendChatMessage(matchId, content);
      setText('');
      if (result.queued) toast.info(ko.offlineUi.queued);
      else setMessages((cur) => mergeMessages(cur, [result.data]));
    } catch (error) {
      toast.error(errorMessage(error, ko.offlineUi.failedFallback));
    } finally {
      setSending(false);
    }
  }

  async function leave() {
    if (!(await confirmDialog(ko.chat.confirmLeave))) return;
    try {
      await leaveChat(matchId);
      toast.success(ko.chat.left);
      onLeft();
    } catch (error) {
      toast.error(errorMessage(error, ko.chatView.leaveError));
    }
  }

  if (lookup === 'loading') return <Spinner label={ko.lists.loading} />;
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
        <h1 id="chat-heading" className="page-heading chat__title">
          {format(ko.chatView.heading, { name: opponent.opponentName })}
        </h1>
        <button type="button" className="btn btn--ghost" onClick={() => void leave()}>
          {ko.chat.leave}
        </button>
      </header>
      <ol ref={listRef} className="chat__messages" role="log" aria-label={ko.chatView.log} aria-live="polite">
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
    </section>
  );
}
