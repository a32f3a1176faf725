import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useNotifications } from '@/features/notifications/store';
import { ko } from '@/i18n/ko';

/** Activity (built by a later issue). Visiting it resets the unread counter (SPEC §4). */
export const Route = createFileRoute('/_authenticated/match-requests')({
  component: MatchRequests,
});

function MatchRequests() {
  const clearUnread = useNotifications((s) => s.clearUnread);
  useEffect(() => clearUnread(), [clearUnread]);
  return <h1 className="page-title">{ko.screens.activity}</h1>;
}
