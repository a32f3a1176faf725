import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { jsonResponse, mockFetch } from '@/test/fixtures';
import { isChatInView, receiveNotification } from './store';

const note = (type: string, extra: Record<string, unknown> = {}) => ({
  type,
  matchId: 1,
  scheduleId: 2,
  fromUser: { id: 3, name: '민수' },
  message: `${type} 메시지`,
  createdAt: '2026-11-22T00:00:00.000Z',
  ...extra,
});
const nowhere = () => false;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** A client holding one cached query per list, to see which ones a notification makes stale. */
function clientWithLists() {
  const client = new QueryClient();
  const keys = {
    received: ['matches', 'received'],
    sent: ['matches', 'sent'],
    schedules: ['schedules', { from: '2026-11-24' }],
    chat1: ['chat', 1],
    chat2: ['chat', 2],
    board: ['board'],
    unread: ['notifications', 'unread-count'],
    inbox: ['notifications', 'list'],
  };
  // The inbox holds what its infinite query holds: pages of items.
  const cached = (name: string) => (name === 'unread' ? 2 : name === 'inbox' ? { pages: [[]], pageParams: [undefined] } : []);
  for (const [name, key] of Object.entries(keys)) client.setQueryData(key, cached(name));
  const stale = () => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated ?? false]));
  return { client, stale };
}

describe('live notifications (SPEC §4, issues #14, #16)', () => {
  it.each([
    // Each type makes stale what the write behind it declares (issue #29 item 2): a request, an
    // accept or a reject changes both match lists and the seats of the meal.
    ['new_match_request', { received: true, sent: true, schedules: true, chat1: false }],
    ['match_accepted', { received: true, sent: true, schedules: true, chat1: false }],
    ['match_rejected', { received: true, sent: true, schedules: true, chat1: false }],
    ['match_confirmed', { received: true, sent: true, schedules: true, chat1: false }],
    ['new_message', { received: false, sent: false, schedules: false, chat1: true }],
  ])('%s invalidates its lists and the bell (the server count) and the inbox', (type, expected) => {
    const { client, stale } = clientWithLists();
    expect(receiveNotification(note(type), client, nowhere)).toBe(`${type} 메시지`);
    expect(stale()).toMatchObject({ ...expected, chat2: false, board: false, unread: true, inbox: true });
  });

  it('a notice delivered again with the same id and time (the outbox after a crash) is shown once; a collapsed message with a new time is shown again', () => {
    const first = clientWithLists();
    const notice = note('match_accepted', { id: 501 });
    expect(receiveNotification(notice, first.client, nowhere)).toBe('match_accepted 메시지');
    const again = clientWithLists();
    expect(receiveNotification({ ...notice }, again.client, nowhere)).toBeNull();
    expect(again.stale()).toMatchObject({ received: false, unread: false });
    const message = note('new_message', { id: 502, matchId: 2 });
    expect(receiveNotification(message, first.client, nowhere)).toBe('new_message 메시지');
    expect(receiveNotification({ ...message, message: '다음 메시지', createdAt: '2026-11-22T00:01:00.000Z' }, first.client, nowhere)).toBe('다음 메시지');
  });

  it('an unknown type invalidates nothing and logs a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, stale } = clientWithLists();
    expect(receiveNotification(note('something_else'), client, nowhere)).toBeNull();
    expect(Object.values(stale()).every((s) => !s)).toBe(true);
    expect(warn).toHaveBeenCalled();
  });

  it('quiet when looking (item 6): a message of the chat in view gives no text, does not bump the bell and is marked read', async () => {
    const fetch = mockFetch({
      'POST /api/notifications/read': () => new Response(null, { status: 204 }),
      'GET /api/notifications/unread-count': () => jsonResponse({ count: 2 }),
      'GET /api/notifications': () => jsonResponse([]),
    });
    const { client, stale } = clientWithLists();
    expect(receiveNotification(note('new_message', { id: 41 }), client, (id) => id === 1)).toBeNull();
    // issue #30 item 5: the open chat is not refetched (its topic delivered the message); the bell is not bumped before the read mark
    expect(stale()).toMatchObject({ chat1: false, chat2: false });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/notifications/read'), expect.objectContaining({ method: 'POST', body: JSON.stringify({ ids: [41] }) })));
    // a message of another chat still speaks
    expect(receiveNotification(note('new_message', { id: 42, matchId: 2 }), client, (id) => id === 1)).toBe('new_message 메시지');
    // other types of the same match still speak
    expect(receiveNotification(note('match_cancelled', { id: 43 }), client, (id) => id === 1)).toBe('match_cancelled 메시지');
  });

  it('the chat is in view only on /chat/{id} while the page is visible', () => {
    window.history.replaceState(null, '', '/chat/5');
    expect(isChatInView(5)).toBe(true);
    expect(isChatInView(6)).toBe(false);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(isChatInView(5)).toBe(false);
    visibility.mockRestore();
    window.history.replaceState(null, '', '/matching');
    expect(isChatInView(5)).toBe(false);
  });
});
