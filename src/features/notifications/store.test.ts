import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { receiveNotification, resetNotifications, useNotifications } from './store';

const note = (type: string) => ({ type, matchId: 1, scheduleId: 2, fromUser: { id: 3, name: '민수' }, message: `${type} 메시지`, createdAt: '2026-11-22T00:00:00.000Z' });

afterEach(() => {
  useNotifications.setState({ unread: 0 });
  vi.restoreAllMocks();
});

/** A client holding one cached query per list, to see which ones a notification makes stale. */
function clientWithLists() {
  const client = new QueryClient();
  const keys = { received: ['matches', 'received'], sent: ['matches', 'sent'], schedules: ['schedules', { from: '2026-11-24' }], chat1: ['chat', 1], chat2: ['chat', 2], board: ['board'] };
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  const stale = () => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated ?? false]));
  return { client, stale };
}

describe('live notifications (SPEC §4, issue #14)', () => {
  it.each([
    ['new_match_request', { received: true, sent: false, schedules: false, chat1: false }],
    ['match_accepted', { received: false, sent: true, schedules: true, chat1: false }],
    ['match_rejected', { received: false, sent: true, schedules: true, chat1: false }],
    ['match_confirmed', { received: true, sent: true, schedules: true, chat1: false }],
    ['new_message', { received: false, sent: false, schedules: false, chat1: true }],
  ])('%s counts one and invalidates its lists', (type, expected) => {
    const { client, stale } = clientWithLists();
    expect(receiveNotification(note(type), client)).toBe(`${type} 메시지`);
    expect(useNotifications.getState().unread).toBe(1);
    expect(stale()).toMatchObject({ ...expected, chat2: false, board: false });
  });

  it('an unknown type is counted, invalidates nothing and logs a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, stale } = clientWithLists();
    expect(receiveNotification(note('something_else'), client)).toBeNull();
    expect(useNotifications.getState().unread).toBe(1);
    expect(Object.values(stale()).every((s) => !s)).toBe(true);
    expect(warn).toHaveBeenCalled();
  });

  it('clearing (opening activity) and sign-out reset the counter', () => {
    const { client } = clientWithLists();
    receiveNotification(note('new_message'), client);
    receiveNotification(note('new_message'), client);
    expect(useNotifications.getState().unread).toBe(2);
    useNotifications.getState().clearUnread();
    expect(useNotifications.getState().unread).toBe(0);
    receiveNotification(note('new_message'), client);
    resetNotifications();
    expect(useNotifications.getState().unread).toBe(0);
  });
});
