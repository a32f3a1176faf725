import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { format, ko } from '@/i18n/ko';
import { unreadCountQuery } from '../api/notifications';
import './bell.css';

/** The bell's accessible name: "알림 3개 읽지 않음", or "알림" when none is unread. */
export function bellLabel(count: number): string {
  return count > 0 ? format(ko.inbox.bellUnread, { n: count }) : ko.inbox.bell;
}

/**
 * The top bar's bell (issue #16 item 5): a link to /notifications with the server's unread count
 * (`GET /api/notifications/unread-count`, so it survives a reload). Live notifications make the
 * count stale (NOTIFICATION_INVALIDATES), and it is refetched when the window comes back.
 */
export function NotificationBell() {
  const { data: count = 0 } = useQuery({ ...unreadCountQuery(), refetchOnWindowFocus: true });
  // The name comes from the content, so the visible count is part of it (WCAG 2.5.3, axe
  // label-content-name-mismatch): "알림", a space, "3", "개 읽지 않음".
  const [before, after] = ko.inbox.bellUnread.split('{n}');
  return (
    <Link to="/notifications" className="bell-button" title={bellLabel(count)} activeProps={{ 'aria-current': 'page' }}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.2L4.6 15a1 1 0 0 0 .9 1.5h13a1 1 0 0 0 .9-1.5L18 12.2V9a6 6 0 0 0-6-6zM9.5 18.5a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      {count > 0 ? (
        <>
          <span className="visually-hidden">{before?.trim()}</span>{' '}
          <span className="badge" data-testid="bell-badge">
            {count > 99 ? '99+' : count}
          </span>
          <span className="visually-hidden">{after}</span>
        </>
      ) : (
        <span className="visually-hidden">{ko.inbox.bell}</span>
      )}
    </Link>
  );
}
