/**
 * The service worker's push rule (issue #16 item 6): a focused, visible window of the app gets the
 * payload posted and no system notification is shown; a `new_message` of the chat that window
 * shows is not even posted; with no such window the notification is shown and windows are told.
 */
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { parsePushPayload, pushDataOf, TABLE_MESSAGE, type PushData } from '../common/push.ts';

const worker = vi.hoisted(() => {
  const state = {
    windows: [] as { url: string; focused: boolean; visibilityState: string; postMessage: ReturnType<typeof vi.fn>; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[],
    showNotification: null as unknown as Mock<(title: string, options: unknown) => Promise<void>>,
    openWindow: null as unknown as Mock<(url: string) => Promise<null>>,
  };
  (globalThis as { self?: unknown }).self = {
    location: { origin: 'https://app.test' },
    clients: {
      matchAll: () => Promise.resolve(state.windows),
      openWindow: (url: string) => state.openWindow(url),
    },
    registration: { showNotification: (title: string, options: unknown) => state.showNotification(title, options) },
    addEventListener: () => undefined,
  };
  return state;
});

import { handlePush } from './push.ts';
import { clickTarget, openFromNotification } from './notification-click.ts';

function win(path: string, focused: boolean, visibilityState = 'visible') {
  return { url: `https://app.test${path}`, focused, visibilityState, postMessage: vi.fn(), focus: vi.fn(() => Promise.resolve()), navigate: vi.fn() };
}

const push = (type: PushData['type'], matchId = 7): PushData => ({
  type,
  matchId: String(matchId),
  scheduleId: '3',
  title: '밥상친구',
  body: '민지님이 새 메시지를 보냈어요.',
  url: type === 'new_message' ? `/chat/${matchId}` : '/match-requests',
  tag: `match-${matchId}`,
  createdAt: '2026-11-24T09:00:00.000Z',
});

beforeEach(() => {
  worker.windows = [];
  worker.showNotification = vi.fn((_title: string, _options: unknown) => Promise.resolve());
  worker.openWindow = vi.fn((_url: string) => Promise.resolve(null));
});

describe('push in the service worker (issue #16 item 6)', () => {
  it('posts to the focused, visible window and shows no system notification', async () => {
    const looking = win('/matching', true);
    const other = win('/board', false);
    worker.windows = [other, looking];
    expect(await handlePush(push('new_match_request'))).toBe('posted');
    expect(worker.showNotification).not.toHaveBeenCalled();
    expect(looking.postMessage).toHaveBeenCalledWith({ type: 'PUSH_RECEIVED', title: '밥상친구', body: '민지님이 새 메시지를 보냈어요.', data: push('new_match_request') });
    expect(other.postMessage).not.toHaveBeenCalled();
  });

  it('says nothing for a message of the chat the focused window shows', async () => {
    const looking = win('/chat/7', true);
    worker.windows = [looking];
    expect(await handlePush(push('new_message', 7))).toBe('quiet');
    expect(worker.showNotification).not.toHaveBeenCalled();
    expect(looking.postMessage).not.toHaveBeenCalled();
    // another chat's message is posted (the window shows its toast)
    expect(await handlePush(push('new_message', 8))).toBe('posted');
    expect(looking.postMessage).toHaveBeenCalledTimes(1);
  });

  it('shows the notification (tag per match, the link as url) when no window is focused and visible, and tells the windows', async () => {
    const hidden = win('/chat/7', true, 'hidden');
    const behind = win('/matching', false);
    worker.windows = [hidden, behind];
    expect(await handlePush(push('new_message', 7))).toBe('shown');
    expect(worker.showNotification).toHaveBeenCalledWith(
      '밥상친구',
      expect.objectContaining({ body: '민지님이 새 메시지를 보냈어요.', tag: 'match-7', data: { url: '/chat/7', type: 'new_message', matchId: '7', scheduleId: '3' } }),
    );
    expect(hidden.postMessage).toHaveBeenCalledTimes(1);
    expect(behind.postMessage).toHaveBeenCalledTimes(1);
    worker.windows = [];
    expect(await handlePush(push('match_accepted'))).toBe('shown');
    expect(worker.showNotification).toHaveBeenCalledTimes(2);
  });

  it("the click opens the item's link: a same-origin path, else the activity page", async () => {
    expect(clickTarget({ url: '/chat/7' })).toBe('/chat/7');
    expect(clickTarget({ url: 'https://evil.example/' })).toBe('/match-requests');
    expect(clickTarget({ url: '//evil.example/' })).toBe('/match-requests');
    expect(clickTarget(null)).toBe('/match-requests');
    const there = win('/chat/7', false);
    worker.windows = [win('/board', false), there];
    await openFromNotification('/chat/7');
    expect(there.focus).toHaveBeenCalled();
    worker.windows = [];
    await openFromNotification('/chat/9');
    expect(worker.openWindow).toHaveBeenCalledWith('https://app.test/chat/9');
  });

  it('a table chat message (issue #30): one notification per table that opens its chat, quiet in that chat, posted elsewhere', async () => {
    // What the server sends, as the worker reads it from FCM's web payload.
    const sent = pushDataOf({ type: TABLE_MESSAGE, scheduleId: 5, placeName: '을지로 국밥', fromUser: { id: 3, name: '민지' }, createdAt: '2026-11-24T09:00:00.000Z' });
    const data = parsePushPayload({ data: sent, from: '103953800507', fcmMessageId: 'abc' })!;
    expect(data).toEqual(sent);

    worker.windows = [win('/table/5', false)];
    expect(await handlePush(data)).toBe('shown');
    expect(worker.showNotification).toHaveBeenCalledWith(
      '밥상친구',
      expect.objectContaining({ body: '을지로 국밥 모임에서 민지님이 새 메시지를 보냈어요.', tag: 'table-5', renotify: true, data: { url: '/table/5', type: 'table_message', matchId: '', scheduleId: '5' } }),
    );

    const inTable = win('/table/5', true);
    worker.windows = [inTable];
    expect(await handlePush(data)).toBe('quiet');
    expect(inTable.postMessage).not.toHaveBeenCalled();
    const elsewhere = win('/table/6', true);
    worker.windows = [elsewhere];
    expect(await handlePush(data)).toBe('posted');
    expect(elsewhere.postMessage).toHaveBeenCalledWith({ type: 'PUSH_RECEIVED', title: '밥상친구', body: data.body, data });
    expect(worker.showNotification).toHaveBeenCalledTimes(1);

    // The click opens the table chat.
    expect(clickTarget({ url: '/table/5', type: 'table_message', matchId: '', scheduleId: '5' })).toBe('/table/5');
    const there = win('/table/5', false);
    worker.windows = [win('/chats', false), there];
    await openFromNotification('/table/5');
    expect(there.focus).toHaveBeenCalled();
    worker.windows = [];
    await openFromNotification('/table/5');
    expect(worker.openWindow).toHaveBeenCalledWith('https://app.test/table/5');
  });
});
