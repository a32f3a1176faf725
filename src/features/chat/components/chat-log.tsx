/**
 * The messages (issue #30 item 5): day separators, runs by one sender and minute (name and time
 * once), my bubbles on the right in the brand colour, others' on the left with their name, system
 * lines centred; the "1" (members who have not read it) beside each message; 보내는 중 / 전송 실패
 * with 다시 보내기 for mine; 전송 대기 중 for those the outbox holds. A polite live log.
 */
import { forwardRef, useState, type UIEvent } from 'react';
import { format, ko } from '@/i18n/ko';
import type { OutboxEntry } from '@/lib/outbox';
import type { RoomMessage } from '../api/conversation';
import type { Draft, Unsent } from '../hooks/use-chat-room';
import { groupByDay, messageTime } from '../lib/chat-time';
import { groupFlags } from '../lib/grouping';
import { MessageActionsSheet, Pressable, type ActionTarget } from './message-actions';

type Row =
  | { type: 'message'; key: string; at: string; senderId: number | null; system: boolean; message: RoomMessage }
  | { type: 'unsent'; key: string; at: string; senderId: number | null; unsent: Unsent }
  | { type: 'queued'; key: string; at: string; senderId: number | null; entry: OutboxEntry };

interface ChatLogProps {
  /** What a reported message is: a 1:1 chat's `message` or a table chat's `table_message`. */
  reportType: 'message' | 'table_message';
  messages: readonly RoomMessage[];
  unsent: readonly Unsent[];
  queued: readonly OutboxEntry[];
  myId: number | null;
  olderState: 'idle' | 'loading' | 'error';
  empty: string;
  onResend: (draft: Draft) => void;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
}

export const ChatLog = forwardRef<HTMLDivElement, ChatLogProps>(function ChatLog({ messages, unsent, queued, myId, reportType, olderState, empty, onResend, onScroll }, ref) {
  const rows: Row[] = [
    ...messages.map((m): Row => ({ type: 'message', key: `m${m.id}`, at: m.createdAt, senderId: m.senderId, system: m.kind === 'system', message: m })),
    ...unsent.map((u): Row => ({ type: 'unsent', key: `u${u.clientId}`, at: u.createdAt, senderId: myId, unsent: u })),
    ...queued.map((e): Row => ({ type: 'queued', key: `q${e.key}`, at: e.createdAt, senderId: myId, entry: e })),
  ];
  const days = groupByDay(rows, (r) => r.at);
  const [acting, setActing] = useState<ActionTarget | null>(null);

  function render(row: Row, flags: { first: boolean; last: boolean }) {
    if (row.type === 'message' && row.system) {
      return (
        <li key={row.key} className="chat__system">
          <p>{row.message.content}</p>
        </li>
      );
    }
    const mine = row.senderId === myId;
    const name = mine ? ko.chatView.me : row.type === 'message' ? row.message.senderName : '';
    const cls = `chat__message${mine ? ' chat__message--mine' : ''}${flags.first ? ' chat__message--first' : ''}`;
    const content = row.type === 'message' ? row.message.content : row.type === 'unsent' ? row.unsent.content : String((row.entry.body as { content?: string }).content ?? '');
    const unread = row.type === 'message' ? (row.message.unreadCount ?? 0) : 0;
    return (
      <li key={row.key} className={row.type === 'queued' ? `${cls} pending-write` : cls} data-status={row.type === 'unsent' ? row.unsent.status : undefined}>
        <span className={flags.first ? 'chat__sender' : 'chat__sender visually-hidden'}>
          {name}
          {row.type === 'queued' && <span className="pending-write__label">{ko.offlineUi.pending}</span>}
        </span>
        <div className="chat__row">
          {row.type === 'message' ? (
            <Pressable target={{ id: row.message.id, content, reportable: !mine }} onOpen={setActing}>
              <p className="chat__bubble">{content}</p>
            </Pressable>
          ) : (
            <p className="chat__bubble">{content}</p>
          )}
          <span className="chat__meta">
            {unread > 0 && (
              <span className="chat__unread" data-testid="unread-count">
                <span aria-hidden="true">{unread}</span>
                <span className="visually-hidden">{format(ko.chatView.unread, { n: unread })}</span>
              </span>
            )}
            {row.type === 'unsent' && row.unsent.status === 'pending' && <span className="chat__state">{ko.chatView.sending}</span>}
            {(row.type === 'message' || (row.type === 'unsent' && row.unsent.status === 'acked')) && (
              <time className={flags.last ? 'chat__time' : 'chat__time visually-hidden'} dateTime={row.at}>
                {messageTime(row.at)}
              </time>
            )}
          </span>
        </div>
        {row.type === 'unsent' && row.unsent.status === 'failed' && (
          <div className="chat__failed">
            <span>{ko.chatView.failed}</span>
            <button type="button" className="btn btn--ghost chat__resend" onClick={() => onResend(row.unsent)}>
              {ko.chatView.resend}
            </button>
          </div>
        )}
      </li>
    );
  }

  return (
    <div className="chat__log-wrap">
      {olderState !== 'idle' && (
        <p className="chat__older" role="status">
          {olderState === 'loading' ? ko.chatView.loadingOlder : ko.chatView.olderError}
        </p>
      )}
      {/* role="log" on a wrapper, so the messages keep plain list semantics (issue #14, axe list/listitem). */}
      <div ref={ref} className="chat__messages" role="log" aria-live="polite" aria-label={ko.chatView.log} onScroll={onScroll}>
        {rows.length === 0 && empty && <p className="chat__empty">{empty}</p>}
        {days.map((day) => {
          const flags = groupFlags(day.items.map((r) => ({ senderId: r.senderId, at: r.at, system: r.type === 'message' && r.system })));
          return (
            <div key={day.day || 'unknown'} className="chat__day-group">
              {day.label && <p className="chat__day">{day.label}</p>}
              <ol className="chat__list">{day.items.map((r, i) => render(r, flags[i]!))}</ol>
            </div>
          );
        })}
      </div>
      <MessageActionsSheet target={acting} reportType={reportType} onClose={() => setActing(null)} />
    </div>
  );
});
