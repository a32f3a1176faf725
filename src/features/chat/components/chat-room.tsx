/**
 * The messenger body shared by 1:1 and table chats (issue #30 item 5): a full-height column — the
 * header given by the page, the log (scrolled to the newest; older pages load as the member
 * scrolls to the top, keeping the position; it stays at the newest when the keyboard opens), and
 * the composer pinned at the bottom (or `closed`, a notice instead of the input).
 */
import { useLayoutEffect, useEffect, useRef, useState, type ReactNode } from 'react';
import { format, ko } from '@/i18n/ko';
import type { Conversation } from '../api/conversation';
import { useChatRoom, type Draft } from '../hooks/use-chat-room';
import { ChatComposer } from './chat-composer';
import { ChatLog } from './chat-log';
import './chat.css';

/** Within this many pixels of an edge counts as "at the top / bottom" of the log. */
const EDGE_PX = 48;

interface ChatRoomProps {
  conversation: Conversation;
  me: { id: number; name: string } | null;
  header: ReactNode;
  /** Shown instead of the input (a cancelled meal, not a member any more). */
  closed?: string | null;
  /** Before the history loads (wait for the partner lookup). */
  enabled?: boolean;
  empty: string;
  /** Above the log: a loading or error state of the history. */
  status?: (history: ReturnType<typeof useChatRoom>['history']) => ReactNode;
}

export function ChatRoom({ conversation, me, header, closed, enabled = true, empty, status }: ChatRoomProps) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const onRefused = (draft: Draft, reason: string) => {
    // The refused text comes back for editing unless something new was typed meanwhile.
    setText((now) => (now.trim() ? now : draft.content));
    setRefusal(format(ko.chatView.refused, { reason: reason || ko.chatView.refusedFallback }));
  };
  const room = useChatRoom(conversation, me, { enabled, onRefused });
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const atBottom = useRef(true);
  const stick = useRef(false);
  const keepFromBottom = useRef<number | null>(null);
  const { history } = room;

  function send() {
    if (closed || !room.write(text)) return;
    setText('');
    setRefusal(null);
    stick.current = true;
  }

  function onScroll() {
    const el = logRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= EDGE_PX;
    if (el.scrollTop <= EDGE_PX && history.hasNextPage && !history.isFetchingNextPage && !history.isFetchNextPageError) {
      keepFromBottom.current = el.scrollHeight - el.scrollTop;
      void history.fetchNextPage();
    }
  }

  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) return;
    if (keepFromBottom.current !== null && !history.isFetchingNextPage) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
      return;
    }
    if (atBottom.current || stick.current) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
      stick.current = false;
    }
  }, [room.messages, room.unsent, room.queued.length, history.isFetchingNextPage]);

  // A phone's keyboard shrinks the visual viewport: the screen follows its height, the newest message stays in view.
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const onResize = () => {
      document.documentElement.style.setProperty('--chat-viewport', `${viewport.height}px`);
      const el = logRef.current;
      if (el && atBottom.current) el.scrollTop = el.scrollHeight;
    };
    viewport.addEventListener('resize', onResize);
    return () => {
      viewport.removeEventListener('resize', onResize);
      document.documentElement.style.removeProperty('--chat-viewport');
    };
  }, []);

  return (
    <section className="page chat" aria-labelledby="chat-heading">
      {header}
      {status?.(history)}
      <ChatLog
        ref={logRef}
        messages={room.messages}
        unsent={room.unsent}
        queued={room.queued}
        myId={me?.id ?? null}
        reportType={conversation.kind === 'table' ? 'table_message' : 'message'}
        olderState={history.isFetchingNextPage ? 'loading' : history.isFetchNextPageError ? 'error' : 'idle'}
        empty={history.isSuccess ? empty : ''}
        onResend={(draft) => {
          stick.current = true;
          room.resend(draft);
        }}
        onScroll={onScroll}
      />
      {closed ? (
        <p className="chat__cancelled" role="status">
          {closed}
        </p>
      ) : (
        <ChatComposer
          text={text}
          onText={(t) => {
            setText(t);
            if (refusal) setRefusal(null);
          }}
          error={refusal}
          connected={room.connected}
          onSend={send}
          inputRef={inputRef}
        />
      )}
    </section>
  );
}
