/**
 * `POST /api/chat/{matchId}/messages` (issue #7: the HTTP twin of the STOMP SEND, used by the
 * offline outbox): stored, answered, published live to the chat topic and notified to the other
 * participant; the same participant and content rules as STOMP; rate limited per member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, chatTopic, USER_ERRORS_DESTINATION, userNotificationsTopic, type ChatMessage, type LiveNotification } from '../../../common/realtime.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../../realtime/test-clients.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';
import { errorText } from '../../../common/errors.ts';

let t: TestApp;
let url: string;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let host: Member;
let guest: Member;
let stranger: Member;
const open: TestStomp[] = [];
const RATE = 5;

/** An ACCEPTED match between `h` (host) and `g`. */
async function acceptedMatch(h: Member = host, g: Member = guest): Promise<number> {
  const id = await requestMatch(t, g.headers, await createSchedule(t, h.headers));
  expect((await act(t, h.headers, id, 'accept')).statusCode).toBe(200);
  return id;
}

const send = (matchId: number | string, who: Member | undefined, content: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/chat/${matchId}/messages`, headers: who?.headers ?? {}, payload: { content } });

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { chatSendPerUser: { max: RATE, windowMs: 60_000 } } });
  t.clock.set(kstNoonToday());
  url = await listen(t);
  host = await t.quickMember({ name: '호스트' });
  guest = await t.quickMember({ name: '게스트' });
  stranger = await t.quickMember({ name: '제삼자' });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

describe('POST /api/chat/{matchId}/messages', () => {
  it('201 the stored message; live subscribers get it and the other side gets new_message', async () => {
    const matchId = await acceptedMatch();
    const listener = stompClient(url, host.token);
    open.push(listener);
    await listener.connected;
    const chat = listener.subscribe(chatTopic(matchId));
    const notes = listener.subscribe(userNotificationsTopic(host.id));
    await listener.sync();

    const res = await send(matchId, guest, '  곧 도착해요  ');
    expect(res.statusCode, res.body).toBe(201);
    const message = res.json() as ChatMessage;
    expect(message).toEqual({ id: expect.any(Number), matchId, senderId: guest.id, senderName: '게스트', content: '곧 도착해요', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), unreadCount: 1 });

    await waitFor(() => chat.length === 1 && notes.length === 1);
    expect(JSON.parse(chat[0]!.body)).toEqual(message);
    const note = JSON.parse(notes[0]!.body) as LiveNotification;
    expect(note).toMatchObject({ type: 'new_message', matchId, fromUser: { id: guest.id, name: '게스트' }, message: '게스트님이 새 메시지를 보냈어요.' });
    expect(t.events.filter((e) => e.type === 'new_message' && e.matchId === matchId).map((e) => e.toUserId)).toEqual([host.id]);

    const history = await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: host.headers });
    expect(history.json()).toEqual([message]);
  });

  it('the host may write too; the requester is notified', async () => {
    const matchId = await acceptedMatch();
    expect((await send(matchId, host, '어서 오세요')).statusCode).toBe(201);
    expect(t.events.filter((e) => e.type === 'new_message' && e.matchId === matchId).map((e) => e.toUserId)).toEqual([guest.id]);
  });

  it('알림 끄기 on a 1:1 chat (issue #30 item 4): no new_message (toast, push, inbox) while muted; the chat list still counts it unread; unmuted, notices come back', async () => {
    const matchId = await acceptedMatch();
    const mute = (muted: boolean) => t.app.inject({ method: 'PUT', url: `/api/chats/match/${matchId}/mute`, headers: host.headers, payload: { muted } });
    expect((await mute(true)).json()).toEqual({ muted: true });
    expect((await send(matchId, guest, '조용히 보낼게요')).statusCode).toBe(201);
    const told = () => t.events.filter((e) => e.type === 'new_message' && e.matchId === matchId).map((e) => e.toUserId);
    expect(told()).toEqual([]);
    const inbox = await t.app.inject({ url: '/api/notifications?limit=100', headers: host.headers });
    expect(inbox.json<Array<{ type: string; matchId?: number | null }>>().filter((n) => n.type === 'new_message' && n.matchId === matchId)).toEqual([]);
    const row = (await t.app.inject({ url: '/api/chats?limit=50', headers: host.headers })).json<Array<{ kind: string; id: number; unreadCount: number; muted: boolean }>>().find((c) => c.kind === 'match' && c.id === matchId);
    expect(row).toMatchObject({ unreadCount: 1, muted: true });

    expect((await mute(false)).json()).toEqual({ muted: false });
    expect((await send(matchId, guest, '이제 알려요')).statusCode).toBe(201);
    expect(told()).toEqual([host.id]);
  });

  it('content must be 1–1000 characters after trimming (400 with the chat message), like the STOMP SEND', async () => {
    // A fresh requester: every call counts towards their rate limit.
    const guest = await t.quickMember({ name: '길이게스트' });
    const matchId = await acceptedMatch(host, guest);
    for (const content of ['', '   ', 'ㅋ'.repeat(1001)]) {
      const res = await send(matchId, guest, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: errorText('CHAT_CONTENT_LENGTH'), code: 'CHAT_CONTENT_LENGTH' });
    }
    expect((await send(matchId, guest, ` ${'ㅋ'.repeat(1000)} `)).statusCode).toBe(201);
    expect((await send(matchId, guest, { text: '객체' })).statusCode).toBe(400);
    const history = await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: guest.headers });
    expect(history.json()).toHaveLength(1);
  });

  it('403 for a non-participant and for a match whose chat is not open; 404 unknown; 401 anonymous', async () => {
    const guest = await t.quickMember({ name: '권한게스트' });
    const matchId = await acceptedMatch(host, guest);
    const forbidden = await send(matchId, stranger, '끼어들기');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: errorText('CHAT_FORBIDDEN'), code: 'CHAT_FORBIDDEN' });
    const pending = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await send(pending, guest, '아직 대기 중')).statusCode).toBe(403);
    const unknown = await send(2_000_000_000, guest, '누구세요');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: errorText('MATCH_NOT_FOUND'), code: 'MATCH_NOT_FOUND' });
    expect((await send(matchId, undefined, '익명')).statusCode).toBe(401);
    expect((await send('abc', guest, '잘못된 주소')).statusCode).toBe(400);
    const history = await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: host.headers });
    expect(history.json()).toEqual([]);
  });

  it(`more than ${RATE} messages per member per minute → 429 with Retry-After; other members are unaffected`, async () => {
    const h = await t.quickMember({ name: '수다호스트' });
    const g = await t.quickMember({ name: '수다게스트' });
    const matchId = await acceptedMatch(h, g);
    for (let i = 0; i < RATE; i += 1) expect((await send(matchId, g, `메시지 ${i}`)).statusCode).toBe(201);
    const limited = await send(matchId, g, '하나 더');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send(matchId, h, '저는 괜찮아요')).statusCode).toBe(201);
  });

  it('one budget over HTTP and the live channel (issue #32 item 3): a burst of 1,000 SENDs stores what is left, the rest is RATE_LIMITED on /user/queue/errors, the session stays', async () => {
    const h = await t.quickMember({ name: '버스트호스트' });
    const g = await t.quickMember({ name: '버스트게스트' });
    const matchId = await acceptedMatch(h, g);
    expect((await send(matchId, g, 'HTTP로 하나')).statusCode).toBe(201);
    const live = stompClient(url, g.token);
    open.push(live);
    await live.connected;
    const errors = live.subscribe(USER_ERRORS_DESTINATION);
    await live.sync();
    for (let i = 0; i < 1000; i += 1) live.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: `폭주 ${i}` }) });
    await waitFor(() => errors.length >= 1000 - (RATE - 1), 20_000);
    expect(JSON.parse(errors[0]!.body)).toMatchObject({ code: 'rate_limited', message: '요청이 너무 많아요. 잠시 후 다시 시도해주세요.' });
    expect(live.isClosed()).toBe(false);
    // HTTP and live together stored RATE messages; the history holds exactly those.
    const history = (await t.app.inject({ url: `/api/chat/${matchId}/history?limit=100`, headers: g.headers })).json() as ChatMessage[];
    expect(history).toHaveLength(RATE);
    expect((await send(matchId, g, '또 HTTP')).statusCode).toBe(429);
  });
});
