/**
 * The live notifier (issues #4, #15, #16): a match event becomes a Korean notification published
 * on the member's topic and handed to push; with an inbox store that answers null (issue #17: the
 * members blocked each other) nothing is published or pushed.
 */
import { describe, expect, it } from 'vitest';
import { pushDataOf } from '../../../common/push.ts';
import { userNotificationsTopic, type LiveNotification } from '../../../common/realtime.ts';
import type { PushSender } from '../../plugins/push.ts';
import type { Broker } from '../../realtime/broker.ts';
import { liveNotifier } from './live-notifier.ts';

describe('liveNotifier: schedule_cancelled', () => {
  it('publishes the notification and pushes it (the click leads to 활동 내역)', async () => {
    const published: { destination: string; body: string }[] = [];
    const pushed: [number, LiveNotification][] = [];
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
      message: '민지님이 12월 14일 (월) 오후 6시 을지로 칼국수 일정을 취소했어요.',
      meal,
      reason: '일정이 생겼어요',
      createdAt: '2026-11-24T03:00:00.000Z',
    };
    expect(JSON.parse(published[0]!.body)).toEqual(notification);
    expect(pushed).toEqual([[12, notification]]);
    expect(pushDataOf(notification)).toMatchObject({ type: 'schedule_cancelled', body: '민지님이 12월 14일 (월) 오후 6시 을지로 칼국수 일정을 취소했어요.', url: '/match-requests', tag: 'match-9' });
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
