/**
 * 채팅 `/chats` (issue #30 item 4): every 1:1 and table conversation of the member, most recent
 * activity first, a page at a time (더 보기). Each row: faces, title, the last message with its
 * Korean relative time, the unread count, and 알림 끄기 / 알림 켜기 (`PUT …/mute`, applied to the
 * cache at once and undone when refused). A new message moves its row to the top and bumps its
 * count by writing the cache (`useChatsLive`), never by refetching the list. Loading, error (다시
 * 시도) and empty states through QueryState. Offline the first page comes from the mirror, and
 * the newest history of the first conversations is fetched while online so it is mirrored too.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { toast } from '@/components/ui/feedback-store';
import { LoadMore } from '@/components/ui/load-more';
import { QueryState } from '@/components/ui/load-state';
import { format, ko } from '@/i18n/ko';
import { afterNextPaint } from '@/lib/after-paint';
import { useSession } from '@/lib/session/store';
import { useNow } from '@/lib/use-now';
import { chatsQuery, type ChatSummary } from '../api/chats';
import { useMuteChat } from '../api/use-mute-chat';
import { historyPage } from '../api/conversation';
import { useChatsLive } from '../hooks/use-chats-live';
import { chatHref, chatTitle, lastLine, relativeLabel } from '../lib/chat-row';
import './chats.css';

const NONE: ChatSummary[] = [];
/** How many of the newest conversations get their newest history fetched (mirrored for offline). */
export const OFFLINE_WARM = 10;


export function ChatsPage() {
  const myId = useSession((s) => s.user?.id ?? null);
  const now = useNow(30_000);
  const query = useInfiniteQuery(chatsQuery());
  const chats = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? NONE, [query.data]);
  useChatsLive(myId);

  // Issue #30 item 4: the newest 100 messages of the recent conversations open offline (the service worker mirrors these answers).
  // The same request as the conversation's first history page (`historyPage`), so the mirrored answer is the one it reads.
  const warm = chats
    .slice(0, OFFLINE_WARM)
    .map((c) => `${c.kind}:${c.id}`)
    .join(' ');
  // After the list has painted (issue #33 item 2): on a slow phone these requests would share the
  // network with the list's own first paint.
  useEffect(() => {
    if (!warm || !navigator.onLine) return;
    return afterNextPaint(() => {
      for (const one of warm.split(' ')) {
        const [kind, id] = one.split(':');
        void historyPage({ kind: kind === 'table' ? 'table' : 'match', id: Number(id) }, null).catch(() => undefined);
      }
    });
  }, [warm]);

  const mute = useMuteChat({
    onSuccess: (_data, c) => toast.info(c.muted ? ko.chats.unmutedToast : ko.chats.mutedToast),
    onError: () => toast.error(ko.chats.muteError),
  });

  return (
    <section className="page chats" aria-labelledby="chats-heading">
      <h1 id="chats-heading" className="page-heading">
        {ko.chats.heading}
      </h1>
      <QueryState query={query} isEmpty={chats.length === 0} />
      {query.isSuccess && chats.length === 0 && (
        <div className="empty-state chats__empty">
          <p>{ko.chats.empty}</p>
          <Link to="/matching" className="btn btn--primary">
            {ko.chats.findMeal}
          </Link>
        </div>
      )}
      {chats.length > 0 && (
        <ul className="chats__list" aria-label={ko.chats.heading}>
          {chats.map((c) => (
            <ChatRow key={`${c.kind}:${c.id}`} chat={c} myId={myId} now={now} onMute={() => mute.mutate(c)} />
          ))}
        </ul>
      )}
      <LoadMore query={query} />
    </section>
  );
}

function ChatRow({ chat: c, myId, now, onMute }: { chat: ChatSummary; myId: number | null; now: Date; onMute: () => void }) {
  const navigate = useNavigate();
  const title = chatTitle(c);
  const href = chatHref(c);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click opens a new tab as links do.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ href });
  };
  const faces = (c.faces?.length ? c.faces : c.partner ? [c.partner] : []).slice(0, 4);
  const when = c.lastMessage?.createdAt ?? c.activityAt;
  return (
    <li className="chat-row" data-testid="chat-row" data-chat={`${c.kind}:${c.id}`}>
      <a href={href} className="chat-row__link" onClick={open}>
        <span className={`chat-row__faces chat-row__faces--${Math.min(faces.length, 4)}`} aria-hidden="true">
          {faces.map((f) => (
            <Avatar key={f.id} src={f.profileImage} alt="" size={faces.length > 1 ? 26 : 48} />
          ))}
        </span>
        <span className="chat-row__main">
          <span className="chat-row__title">
            {title}
            {c.muted && <span className="chat-row__muted">{` · ${ko.chats.muted}`}</span>}
          </span>
          <span className="chat-row__last">{lastLine(c, myId)}</span>
        </span>
        <span className="chat-row__side">
          {when && (
            <time className="chat-row__time" dateTime={when}>
              {relativeLabel(when, now)}
            </time>
          )}
          {c.unreadCount > 0 && (
            <span className="chat-row__badge" data-testid="chat-unread">
              <span aria-hidden="true">{c.unreadCount > 999 ? '999+' : c.unreadCount}</span>
              <span className="visually-hidden">{format(ko.chats.unread, { n: c.unreadCount })}</span>
            </span>
          )}
        </span>
      </a>
      <button type="button" className="chat-row__mute btn btn--ghost btn--small" aria-pressed={c.muted} aria-label={`${title} ${ko.chats.mute}`} onClick={onMute}>
        {c.muted ? ko.chats.unmute : ko.chats.mute}
      </button>
    </li>
  );
}
