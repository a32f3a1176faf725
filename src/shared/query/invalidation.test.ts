import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@common/realtime';
import { INBOX_ROOTS, invalidateForNotification, keysForNotification, NOTIFICATION_INVALIDATES } from './invalidation';
import { queryRoots } from '@/lib/query/keys';
import * as cancelMatch from '@/shared/mutations/use-cancel-match';
import * as deleteSchedule from '@/shared/mutations/use-delete-schedule';
import * as hostAction from '@/shared/mutations/use-host-action';
import * as markArrived from '@/shared/mutations/use-mark-arrived';
import * as reportAttendance from '@/shared/mutations/use-report-attendance';
import * as requestMatch from '@/shared/mutations/use-request-match';
import * as sendMessage from '@/shared/mutations/send-message';
import * as updateSchedule from '@/shared/mutations/use-update-schedule';
import * as withdrawMatch from '@/shared/mutations/use-withdraw-match';

const roots = Object.values(queryRoots) as readonly (readonly string[])[];
const inbox = [queryRoots.notificationsUnread, queryRoots.notifications];
/** The one-match query of match 7 (issue #19). */
const one7 = [...queryRoots.match, 7];
const startsWithRoot = (key: readonly unknown[]) => roots.some((root) => root.every((part, i) => key[i] === part));

describe('NOTIFICATION_INVALIDATES (issue #14: one table, notification type → query roots)', () => {
  it('covers every live notification type, each with at least one root', () => {
    expect(Object.keys(NOTIFICATION_INVALIDATES).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const type of NOTIFICATION_TYPES) expect(NOTIFICATION_INVALIDATES[type].length, type).toBeGreaterThan(0);
  });

  it('every key starts with a query root', () => {
    for (const type of NOTIFICATION_TYPES) {
      for (const key of keysForNotification(type, 7)) expect(startsWithRoot(key), `${type} ${JSON.stringify(key)}`).toBe(true);
    }
  });

  it('a chat message refreshes only that chat; the removed types (schedule_deleted, match_deleted) nothing', () => {
    expect(keysForNotification('new_message', 7)).toEqual([[...queryRoots.chat, 7], ...inbox]);
    expect(keysForNotification('no_such_type')).toEqual([]);
    expect(keysForNotification('schedule_deleted')).toEqual([]);
    expect(keysForNotification('match_deleted')).toEqual([]);
  });

  it('the meal lifecycle (issue #15): each type refreshes the lists that show it', () => {
    const has = (type: string, ...keys: (readonly unknown[])[]) => {
      for (const key of keys) expect(keysForNotification(type, 7), type).toContainEqual(key);
    };
    // The other side cancelled: my lists, the seats and that chat (it shows "취소된 약속이에요").
    has('match_cancelled', queryRoots.matchesReceived, queryRoots.matchesSent, one7, queryRoots.schedules, [...queryRoots.chat, 7]);
    // The host deleted the schedule: my sent list shows 취소됨, the window drops it, the chat closes.
    has('schedule_cancelled', queryRoots.matchesSent, one7, queryRoots.schedules, [...queryRoots.chat, 7]);
    has('match_withdrawn', queryRoots.matchesReceived, one7);
    has('schedule_full', queryRoots.matchesSent, one7, queryRoots.schedules);
    has('seat_opened', queryRoots.matchesReceived, queryRoots.matchesSent, one7, queryRoots.schedules);
    for (const type of ['partner_arrived', 'meal_reminder']) has(type, queryRoots.matchesReceived, queryRoots.matchesSent, one7);
    // Issue #28: the host moved the meal — my card, the one match and the window's cards; I was marked absent — my cards, my marks, my figures.
    has('schedule_changed', queryRoots.matchesSent, one7, queryRoots.schedules);
    has('marked_absent', queryRoots.matchesReceived, queryRoots.matchesSent, one7, queryRoots.absences, queryRoots.me);
  });

  it('issue #29: each type takes what the write behind it declares (its use-<operation>.ts), then the inbox', () => {
    const of = (write: { invalidates: readonly string[] }) => [...write.invalidates, ...INBOX_ROOTS];
    expect(NOTIFICATION_INVALIDATES.new_match_request).toEqual(of(requestMatch));
    for (const type of ['match_accepted', 'match_rejected', 'match_confirmed', 'schedule_full'] as const) expect(NOTIFICATION_INVALIDATES[type], type).toEqual(of(hostAction));
    expect(NOTIFICATION_INVALIDATES.match_cancelled).toEqual(of(cancelMatch));
    expect(NOTIFICATION_INVALIDATES.seat_opened).toEqual(of(cancelMatch));
    expect(NOTIFICATION_INVALIDATES.match_withdrawn).toEqual(of(withdrawMatch));
    expect(NOTIFICATION_INVALIDATES.schedule_cancelled).toEqual(of(deleteSchedule));
    expect(NOTIFICATION_INVALIDATES.schedule_changed).toEqual(of(updateSchedule));
    expect(NOTIFICATION_INVALIDATES.partner_arrived).toEqual(of(markArrived));
    expect(NOTIFICATION_INVALIDATES.marked_absent).toEqual(of(reportAttendance));
    expect(NOTIFICATION_INVALIDATES.new_message).toEqual(of(sendMessage));
  });

  it('every type that refreshes a match list refreshes the one-match query of that match too (issue #19: chat, write-review)', () => {
    for (const type of NOTIFICATION_TYPES) {
      const keys = keysForNotification(type, 7);
      const list = keys.some((k) => k === queryRoots.matchesReceived || k === queryRoots.matchesSent);
      expect(keys.some((k) => JSON.stringify(k) === JSON.stringify(one7)), type).toBe(list);
    }
    // Without an id, every cached match.
    expect(keysForNotification('match_accepted')).toContainEqual(queryRoots.match);
  });

  it('the inbox (issue #16): every type makes the unread count and the list stale; inbox: false leaves them out', () => {
    expect(INBOX_ROOTS).toEqual(['notificationsUnread', 'notifications']);
    for (const type of NOTIFICATION_TYPES) {
      const keys = keysForNotification(type, 7);
      expect(keys, type).toContainEqual(queryRoots.notificationsUnread);
      expect(keys, type).toContainEqual(queryRoots.notifications);
    }
    expect(keysForNotification('new_message', 7, { inbox: false })).toEqual([[...queryRoots.chat, 7]]);
  });

  it('marks the cached queries stale', () => {
    const client = new QueryClient();
    client.setQueryData(queryRoots.matchesSent, []);
    client.setQueryData([...queryRoots.schedules, 'window'], []);
    client.setQueryData(queryRoots.myReviews, []);
    client.setQueryData([...queryRoots.chat, 3], []);
    client.setQueryData([...queryRoots.chat, 4], []);
    client.setQueryData([...queryRoots.match, 3], null);
    client.setQueryData([...queryRoots.match, 4], null);
    invalidateForNotification(client, { type: 'schedule_cancelled', matchId: 3 });
    expect(client.getQueryState([...queryRoots.match, 3])?.isInvalidated).toBe(true);
    expect(client.getQueryState([...queryRoots.match, 4])?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryRoots.matchesSent)?.isInvalidated).toBe(true);
    expect(client.getQueryState([...queryRoots.schedules, 'window'])?.isInvalidated).toBe(true);
    expect(client.getQueryState([...queryRoots.chat, 3])?.isInvalidated).toBe(true);
    expect(client.getQueryState([...queryRoots.chat, 4])?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryRoots.myReviews)?.isInvalidated).toBe(false);
  });
});
