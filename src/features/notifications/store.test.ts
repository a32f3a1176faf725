import { afterEach, describe, expect, it, vi } from 'vitest';
import { receiveNotification, resetNotifications, useNotifications } from './store';

const note = (type: string) => ({ type, matchId: 1, scheduleId: 2, fromUser: { id: 3, name: '민수' }, message: `${type} 메시지`, createdAt: '2026-11-22T00:00:00.000Z' });

afterEach(() => {
  useNotifications.setState({ unread: 0, receivedVersion: 0, sentVersion: 0 });
  vi.restoreAllMocks();
});

describe('live notifications (SPEC §4)', () => {
  it.each([
    ['new_match_request', 1, 0],
    ['match_accepted', 0, 1],
    ['match_rejected', 0, 1],
    ['match_confirmed', 1, 1],
    ['new_message', 0, 0],
  ])('%s counts one and refetches received %i / sent %i', (type, received, sent) => {
    expect(receiveNotification(note(type))).toBe(`${type} 메시지`);
    expect(useNotifications.getState()).toMatchObject({ unread: 1, receivedVersion: received, sentVersion: sent });
  });

  it('an unknown type is counted, refetches nothing and logs a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(receiveNotification(note('something_else'))).toBeNull();
    expect(useNotifications.getState()).toMatchObject({ unread: 1, receivedVersion: 0, sentVersion: 0 });
    expect(warn).toHaveBeenCalled();
  });

  it('clearing (opening activity) and sign-out reset the counter', () => {
    receiveNotification(note('new_message'));
    receiveNotification(note('new_message'));
    expect(useNotifications.getState().unread).toBe(2);
    useNotifications.getState().clearUnread();
    expect(useNotifications.getState().unread).toBe(0);
    receiveNotification(note('new_message'));
    resetNotifications();
    expect(useNotifications.getState().unread).toBe(0);
  });
});
