/**
 * The live notifier (issues #4, #15, #16): a match event becomes a Korean notification published
 * on the member's topic and handed to push; with an inbox store that answers null (issue #17: the
 * members blocked each other) nothing is published or pushed.
 */
import { describe, expect, it } from 'vitest';
import { pushDataOf } from '../../../common/push.ts';
import { userNotificationsTopic, type LiveNotification } from '../../../common/realtime.ts';
import type { PushSender } from '../../plugins/push.ts';
import type { PushSource } from '../../../common/push.ts';
import type { Broker } from '../../realtime/broker.ts';
import { liveNotifier } from './live-notifier.ts';

describe('liveNotifier: schedule_cancelled', () => {
  it('publishes the notification and pushes it (the click leads to 활동 내역)', async () => {
    const published: { destination: string; body: string }[] = [];
    const pushed: [number, PushSource][] = [];
    const broker = { publish: async (m: { destination: string; body: string }) => void published.push(m) } as unknown as Broker;
    const pushSender: PushSender = { send: async (to, n) => void pushed.push([to, n]) };
    const notifier = liveNotifier({ broker, pushSender, log: { error: () => {} } }, () => new Date('2026-11-24T03:00:00.000Z'));
    const meal = { placeName: '을지로 칼국수', date: '2026-12-14', time: 18 };
    await notifier.notify({ type: 'schedule_cancelled', matchId: 9, scheduleId: 4, toUserId: 12, fromUser: { id: 3, name: '민지', profileImage: null }, meal, reason: '일정이 생겼어요' });
    expect(published.map((m) => m.destination)).toEqual([userNotificationsTopic(12)]);
    const notification: LiveNotification = {
      type: 'schedule_cancelled',
      matchId: 9,
      scheduleId: 4,
      fromUser: { id: 3, name: '민지' },
      message: '민지님이 12월 14일 (월) 오후 6시 을지로 칼국수 약속을 취소했어요. (사유: 일정이 생겼어요)',
      meal,
      reason: '일정이 생겼어요',
      createdAt: '2026-11-24T03:00:00.000Z',
    };
    expect(JSON.parse(published[0]!.body)).toEqual(notification);
    expect(pushed).toEqual([[12, notification]]);
    expect(pushDataOf(notification)).toMatchObject({ type: 'schedule_cancelled', body: '민지님이 12월 14일 (월) 오후 6시 을지로 칼국수 약속을 취소했어요. (사유: 일정이 생겼어요)', url: '/match-requests', tag: 'match-9' });
  });
});

describe('liveNotifier: a store that refuses delivery', () => {
  it('publishes and pushes nothing when the inbox store answers null', async () => {
    const published: unknown[] = [];
    const pushed: unknown[] = [];
    const broker = { publish: async (m: unknown) => void published.push(m) } as unknown as Broker;
    const notifier = liveNotifier(
      { broker, pushSender: { send: async (...a) => void pushed.push(a) }, log: { error: () => {} }, notificationStore: { store: async () => null } },
      () => new Date('2026-11-24T03:00:00.000Z'),
    );
    await notifier.notify({ type: 'new_match_request', matchId: 1, scheduleId: 2, toUserId: 3, fromUser: { id: 4, name: '민지', profileImage: null } });
    expect([published, pushed]).toEqual([[], []]);
  });
});

describe('liveNotifier: staged notices (issue #28 item 8)', () => {
  const setup = () => {
    const published: { destination: string; body: string }[] = [];
    const pushed: [number, PushSource][] = [];
    const stored: unknown[] = [];
    const marked: [number, Date][] = [];
    const broker = { publish: async (m: { destination: string; body: string }) => void published.push(m) } as unknown as Broker;
    const notifier = liveNotifier(
      {
        broker,
        pushSender: { send: async (to, n) => void pushed.push([to, n]) },
        log: { error: () => {} },
        notificationStore: { store: async (n) => (stored.push(n), { id: 99, link: '/match-requests', createdAt: n.createdAt }), markPublished: async (id, at) => (marked.push([id, at]), true) },
      },
      () => new Date('2026-11-24T03:00:05.000Z'),
    );
    return { published, pushed, stored, marked, notifier };
  };

  it('publishes a staged notice with its id, link and createdAt without storing it again, then marks it published', async () => {
    const { published, pushed, stored, marked, notifier } = setup();
    const createdAt = new Date('2026-11-24T03:00:00.000Z');
    await notifier.notify({ type: 'match_confirmed', matchId: 5, scheduleId: 6, toUserId: 7, fromUser: { id: 8, name: '민지', profileImage: null }, notice: { id: 41, link: '/match-requests', createdAt } });
    expect(stored).toEqual([]);
    const body = JSON.parse(published[0]!.body) as LiveNotification;
    expect(body).toMatchObject({ id: 41, link: '/match-requests', createdAt: '2026-11-24T03:00:00.000Z', message: '민지님이 약속을 확정했어요.' });
    expect(pushed).toEqual([[7, body]]);
    expect(marked).toEqual([[41, new Date('2026-11-24T03:00:05.000Z')]]);
  });

  it('a null notice (blocked) publishes, pushes and marks nothing; an unstaged event is stored, published and marked', async () => {
    const { published, pushed, stored, marked, notifier } = setup();
    const event = { type: 'match_confirmed' as const, matchId: 5, scheduleId: 6, toUserId: 7, fromUser: { id: 8, name: '민지', profileImage: null } };
    await notifier.notify({ ...event, notice: null });
    expect([published, pushed, stored, marked]).toEqual([[], [], [], []]);
    await notifier.notify(event);
    expect(stored).toHaveLength(1);
    expect((JSON.parse(published[0]!.body) as LiveNotification).id).toBe(99);
    expect(marked.map(([id]) => id)).toEqual([99]);
  });
});
