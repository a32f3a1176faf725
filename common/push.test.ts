/**
 * The push contract (issue #7): what the server's FCM sender puts in a data message for each
 * live notification, and what the service worker reads back from an FCM web push.
 */
import { describe, expect, it } from 'vitest';
import { foregroundPushText, parsePushPayload, pushDataOf, PUSH_TITLE, pushTag, pushUrl, TABLE_MESSAGE, type TableMessagePush } from './push.ts';
import { isModerationNotice, NOTIFICATION_TYPES, type LiveNotification, type NotificationType } from './realtime.ts';

function live(type: NotificationType, message = ''): LiveNotification {
  return { type, matchId: 41, scheduleId: 7, fromUser: { id: 3, name: '민지' }, message, createdAt: '2026-11-22T03:00:00.000Z' };
}

describe('pushDataOf', () => {
  it('carries the Korean text, a per-match tag and where a click leads, all as strings', () => {
    expect(pushDataOf(live('new_match_request', '민지님이 매칭을 신청했습니다.'))).toEqual({
      type: 'new_match_request',
      matchId: '41',
      scheduleId: '7',
      title: '밥상친구',
      body: '민지님이 매칭을 신청했습니다.',
      url: '/match-requests',
      tag: 'match-41',
      createdAt: '2026-11-22T03:00:00.000Z',
    });
    for (const type of NOTIFICATION_TYPES) {
      const data = pushDataOf(live(type));
      expect(Object.values(data).every((v) => typeof v === 'string'), type).toBe(true);
      expect(data.url, type).toBe(type === 'new_message' ? '/chat/41' : isModerationNotice(type) ? '/notifications' : '/match-requests');
    }
  });

  it('falls back to the UI-TEXT.md sentence when the notification has no message', () => {
    expect(pushDataOf(live('match_accepted')).body).toBe('민지님이 약속 신청을 수락했어요.');
    expect(pushDataOf(live('new_message')).body).toBe('민지님이 새 메시지를 보냈어요.');
    expect(pushDataOf(live('match_rejected')).body).toBe('민지님이 약속 신청을 거절했어요.');
    expect(pushDataOf(live('match_cancelled')).body).toBe('민지님이 약속을 취소했어요.');
    expect(pushDataOf(live('partner_arrived')).body).toBe('민지님이 도착했어요.');
  });
});

describe('parsePushPayload', () => {
  const data = pushDataOf(live('new_message', '민지님이 새 메시지를 보냈어요.'));

  it('reads the FCM web payload { data, from, fcmMessageId } and a bare data map alike', () => {
    expect(parsePushPayload({ data, from: '103953800507', fcmMessageId: 'abc' })).toEqual(data);
    expect(parsePushPayload(data)).toEqual(data);
  });

  it('prefers an FCM notification block for title and body', () => {
    const parsed = parsePushPayload({ data, notification: { title: '새 소식', body: '안녕하세요' } });
    expect([parsed?.title, parsed?.body]).toEqual(['새 소식', '안녕하세요']);
  });

  it('derives url and tag from type and match, never from the payload', () => {
    const parsed = parsePushPayload({ data: { ...data, type: 'match_confirmed', url: 'https://evil.example/', tag: 'x' } });
    expect([parsed?.url, parsed?.tag]).toEqual(['/match-requests', 'match-41']);
  });

  it('fills a missing title and body with 밥상친구 and the type sentence', () => {
    const parsed = parsePushPayload({ data: { type: 'match_confirmed', matchId: '5' } });
    expect([parsed?.title, parsed?.body]).toEqual([PUSH_TITLE, '약속을 확정했어요.']);
  });

  it('ignores what names no known type or match', () => {
    for (const bad of [null, 'text', 42, {}, { data: { ...data, type: 'promotion' } }, { data: { ...data, matchId: '0' } }, { data: { ...data, matchId: 'x' } }, { data: { ...data, matchId: '1.5' } }]) {
      expect(parsePushPayload(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('a moderation notice (issue #32 item 1)', () => {
  const hidden: LiveNotification = {
    type: 'content_hidden',
    matchId: 0,
    scheduleId: 0,
    fromUser: { id: 3, name: '' },
    message: '회원님의 글이 신고로 숨겨졌어요 (사유: 스팸·홍보). 알림에서 한 번 이의를 제기할 수 있어요.',
    createdAt: '2026-11-22T03:00:00.000Z',
    target: { type: 'post', id: 12 },
  };

  it('opens the inbox (where it can be appealed), one tag per piece of content, no match', () => {
    const data = pushDataOf(hidden);
    expect(data).toMatchObject({ type: 'content_hidden', matchId: '', scheduleId: '', url: '/notifications', tag: 'content-post-12', body: hidden.message });
    expect(parsePushPayload({ data })).toEqual(data);
    // A tag that is not a content tag is not taken from the payload.
    expect(parsePushPayload({ data: { ...data, tag: 'match-1' } })?.tag).toBe('content');
  });
});

describe('a table chat message (issue #30)', () => {
  const message: TableMessagePush = { type: TABLE_MESSAGE, scheduleId: 5, placeName: '을지로 국밥', fromUser: { id: 3, name: '민지' }, createdAt: '2026-11-22T03:00:00.000Z' };
  const data = pushDataOf(message);

  it('opens the table chat, one tag per table, and says where and who in Korean', () => {
    expect(data).toEqual({
      type: 'table_message',
      matchId: '',
      scheduleId: '5',
      title: '밥상친구',
      body: '을지로 국밥 모임에서 민지님이 새 메시지를 보냈어요.',
      url: '/table/5',
      tag: 'table-5',
      createdAt: '2026-11-22T03:00:00.000Z',
    });
    expect(Object.values(data).every((v) => typeof v === 'string')).toBe(true);
  });

  it('is read back without a match, url and tag from the meal, never from the payload', () => {
    expect(parsePushPayload({ data, from: '103953800507', fcmMessageId: 'abc' })).toEqual(data);
    const forged = parsePushPayload({ data: { ...data, url: 'https://evil.example/', tag: 'match-1', matchId: '9' } });
    expect([forged?.url, forged?.tag, forged?.matchId]).toEqual(['/table/5', 'table-5', '']);
    expect(parsePushPayload({ data: { type: 'table_message', scheduleId: '8' } })).toMatchObject({ title: PUSH_TITLE, body: '새 메시지를 보냈어요.', url: '/table/8', tag: 'table-8' });
  });

  it('ignores one that names no meal', () => {
    for (const scheduleId of [undefined, '', '0', 'x', '1.5']) expect(parsePushPayload({ data: { ...data, scheduleId } }), String(scheduleId)).toBeNull();
  });
});

describe('helpers', () => {
  it('url, tag and the foreground text', () => {
    expect(pushUrl('new_message', 9)).toBe('/chat/9');
    expect(pushUrl('new_match_request', 9)).toBe('/match-requests');
    // Issue #15: the lifecycle notifications open the activity page, where the match shows its state.
    for (const type of ['match_cancelled', 'match_withdrawn', 'schedule_cancelled', 'schedule_full', 'seat_opened', 'partner_arrived', 'meal_reminder'] as const) expect(pushUrl(type, 9), type).toBe('/match-requests');
    expect(pushTag(9)).toBe('match-9');
    expect(foregroundPushText('밥상친구', '매칭이 확정됐어요.')).toBe('[새 메시지] 밥상친구: 매칭이 확정됐어요.');
  });
});
