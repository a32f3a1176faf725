import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import type { NotificationItem } from '@common/api/notifications';
import { AppealBody, APPEAL_NOTE_MAX } from '@common/api/reports';
import { NoteDialog } from '@/shared/components/dispute-dialog';
import { toast } from '@/components/ui/feedback-store';
import { QueryState } from '@/components/ui/load-state';
import { ko } from '@/i18n/ko';
import { relativeTime as koreanRelativeTime } from '@/lib/dates';
import { useNow } from '@/lib/use-now';
import { inboxItems, inboxQuery, unreadCountQuery } from '../api/notifications';
import { markRead, useMarkNotificationsRead } from '../api/use-mark-notifications-read';
import { useAppealContent } from '../api/use-appeal-content';
import './notifications.css';

/** "방금", "3분 전", "2시간 전", "어제", "11월 24일" of an instant, seen at `now` (common/domain/korean-time). */
export function relativeTime(iso: string, now: Date): string {
  return koreanRelativeTime(iso, now);
}

/** A same-origin path to open, or the activity page. */
const safeLink = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : '/match-requests');

/**
 * 알림 (issue #16 item 5): the inbox newest first, 20 at a time with "더 보기"; unread items stand
 * out (a dot and "읽지 않음" for screen readers); opening one marks it read and goes to its link;
 * "모두 읽음" marks them all. Loading, error and empty ("새 알림이 없어요.") through QueryState.
 * Issue #32 item 1: a `content_hidden` item has an 이의 제기 button (the shared note dialog; the
 * server's refusals on the field), replaced by "이의를 접수했어요" once appealed.
 */
export function NotificationsPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const now = useNow(30_000);
  const query = useInfiniteQuery(inboxQuery());
  const { data: unread = 0 } = useQuery(unreadCountQuery());
  const items = inboxItems(query.data);
  const [appealing, setAppealing] = useState<NonNullable<NotificationItem['target']> | null>(null);
  const appeal = useAppealContent();
  const anyUnread = unread > 0 || items.some((item) => !item.read);

  const markAll = useMarkNotificationsRead({
    onError: () => toast.error(ko.inbox.markFailed),
  });

  const open = (event: MouseEvent<HTMLAnchorElement>, item: NotificationItem) => {
    // A modified click opens a new tab as links do; the item is marked read either way.
    if (!item.read) void markRead(client, { ids: [item.id] }).catch(() => undefined);
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate({ href: safeLink(item.link) });
  };

  return (
    <section className="page inbox">
      <div className="inbox__head">
        <h1 className="page-heading">{ko.inbox.heading}</h1>
        <button type="button" className="btn btn--ghost btn--small" disabled={!anyUnread || markAll.isPending} onClick={() => markAll.mutate({ all: true })}>
          {ko.inbox.markAllRead}
        </button>
      </div>
      <QueryState query={query} empty={ko.inbox.empty} isEmpty={items.length === 0} />
      {items.length > 0 && (
        <ul className="inbox__list" aria-label={ko.inbox.list}>
          {items.map((item) => (
            <li key={item.id} className={item.read ? 'inbox-item' : 'inbox-item inbox-item--unread'}>
              <a href={safeLink(item.link)} className="inbox-item__link" onClick={(event) => open(event, item)}>
                <span className="inbox-item__dot" aria-hidden="true" />
                <span className="inbox-item__text">
                  {!item.read && <span className="visually-hidden">{`${ko.inbox.unread}: `}</span>}
                  {item.message}
                </span>
                <time className="inbox-item__time" dateTime={item.createdAt}>
                  {relativeTime(item.createdAt, now)}
                </time>
              </a>
              {item.type === 'content_hidden' && item.target && (
                <div className="inbox-item__actions">
                  {item.appealed ? (
                    <span className="inbox-item__status" role="status">
                      {ko.inbox.appeal.appealed}
                    </span>
                  ) : (
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => setAppealing(item.target!)}>
                      {ko.inbox.appeal.open}
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <NoteDialog
        open={appealing !== null}
        formKey={appealing ? `${appealing.type}-${appealing.id}` : ''}
        text={ko.inbox.appeal}
        schema={AppealBody.properties.note}
        max={APPEAL_NOTE_MAX}
        send={(note) => appeal.mutateAsync({ targetType: appealing!.type, targetId: appealing!.id, note: note ?? '' })}
        pending={appeal.isPending}
        errorsOnField
        onClose={() => setAppealing(null)}
      />
      {query.hasNextPage && (
        <button type="button" className="btn btn--ghost inbox__more" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {ko.inbox.more}
        </button>
      )}
    </section>
  );
}
