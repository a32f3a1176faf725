/**
 * The notification inbox (issue #16 item 5): every notification is stored before it is published
 * and listed newest first with `id`, `link` and `read`; paging by `before` with a `Link: rel="next"`
 * header; the unread count; read marks by ids (only the caller's) and all; `new_message` collapsing
 * to one unread item per chat; members only; and the live payload carrying the stored `id`.
 * Data comes through the API; runs on PGlite and (node-postgres project) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '../../../common/api/notifications.ts';
import { userNotificationsTopic, type LiveNotification } from '../../../common/realtime.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../../realtime/test-clients.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';
import { errorText } from '../../../common/errors.ts';

let t: TestApp;
let url: string;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
const open: TestStomp[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  url = await listen(t);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

const list = (who: Member | undefined, query = '') => t.app.inject({ url: `/api/notifications${query}`, headers: who?.headers ?? {} });
const items = async (who: Member, query = '') => {
  const res = await list(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationItem[];
};
const unread = async (who: Member) => {
  const res = await t.app.inject({ url: '/api/notifications/unread-count', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
};
const markRead = (who: Member | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: who?.headers ?? {}, payload: payload as object });
const sendChat = (who: Member, matchId: number, content: string) =>
  t.app.inject({ method: 'POST', url: `/api/chat/${matchId}/messages`, headers: who.headers, payload: { content } });

/** `n` requests by fresh members on schedules of `host`: `n` new_match_request items for the host. */
async function requests(host: Member, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const guest = await t.quickMember({ name: `신청자${i}` });
    ids.push(await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 1 + (i % 5), time: 12 + (i % 8) })));
  }
  return ids;
}

/** An ACCEPTED match of `host` with `guest`. */
async function acceptedMatch(host: Member, guest: Member): Promise<number> {
  const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  return id;
}

describe('GET /api/notifications', () => {
  it('a match request leaves an unread item for the host with the Korean message and its link', async () => {
    const host = await t.quickMember({ name: '호스트' });
    const guest = await t.quickMember({ name: '게스트' });
    const scheduleId = await createSchedule(t, host.headers);
    const before = t.clock.now().getTime();
    const matchId = await requestMatch(t, guest.headers, scheduleId);
    const after = t.clock.now().getTime();
    const listed = await items(host);
    expect(listed).toEqual([
      {
        id: expect.any(Number),
        type: 'new_match_request',
        message: expect.stringMatching(/^게스트님이 .+ 약속에 매칭을 신청했어요\.$/),
        link: '/match-requests',
        read: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        matchId,
        scheduleId,
        fromUser: { id: guest.id, name: '게스트' },
      },
    ]);
    // Stamped by the app's clock when the request was made.
    expect(Date.parse(listed[0]!.createdAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(listed[0]!.createdAt)).toBeLessThanOrEqual(after);
    expect(await unread(host)).toBe(1);
    // The guest has none of it.
    expect(await items(guest)).toEqual([]);
    expect(await unread(guest)).toBe(0);
  });

  it('pages newest first by cursor (or the older before) and limit, the next page in Link; none on the last page; limit > 100 → 100 items, 0 → 400', async () => {
    const host = await t.quickMember({ name: '페이지호스트' });
    const matchIds = await requests(host, 5);
    const first = await list(host, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as NotificationItem[];
    expect(page1.map((n) => n.matchId)).toEqual([matchIds[4], matchIds[3]]);
    expect(page1[0]!.id).toBeGreaterThan(page1[1]!.id);
    const cursorOf = (id: number) => Buffer.from(JSON.stringify([id])).toString('base64url');
    expect(first.headers.link).toBe(`</api/notifications?limit=2&cursor=${cursorOf(page1[1]!.id)}>; rel="next"`);

    const second = await list(host, `?cursor=${cursorOf(page1[1]!.id)}&limit=2`);
    const page2 = second.json() as NotificationItem[];
    expect(page2.map((n) => n.matchId)).toEqual([matchIds[2], matchIds[1]]);
    expect(second.headers.link).toBe(`</api/notifications?cursor=${cursorOf(page2[1]!.id)}&limit=2>; rel="next"`);
    // The older `before` answers the same page.
    expect((await list(host, `?before=${page1[1]!.id}&limit=2`)).json()).toEqual(page2);

    const third = await list(host, `?before=${page2[1]!.id}&limit=2`);
    expect((third.json() as NotificationItem[]).map((n) => n.matchId)).toEqual([matchIds[0]]);
    expect(third.headers.link).toBeUndefined();

    // Exactly `limit` left: still no Link. Default limit (20) holds all five.
    const exact = await list(host, `?before=${page1[1]!.id}&limit=3`);
    expect((exact.json() as NotificationItem[]).length).toBe(3);
    expect(exact.headers.link).toBeUndefined();
    const all = await list(host);
    expect((all.json() as NotificationItem[]).length).toBe(5);
    expect(all.headers.link).toBeUndefined();

    for (const bad of ['?limit=0', '?before=0', '?before=abc', '?cursor=abc!', `?cursor=${cursorOf(3)}&before=3`]) {
      const res = await list(host, bad);
      expect(res.statusCode, bad).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/[가-힣]/);
    }
    expect((await list(host, '?limit=500')).json()).toHaveLength(5);
  });

  it('401 for anonymous callers on all three routes', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/notifications/unread-count' })).statusCode).toBe(401);
    const res = await markRead(undefined, { all: true });
    expect(res.statusCode).toBe(401);
    expect((res.json() as { message: string }).message).toMatch(/[가-힣]/);
  });
});

describe('POST /api/notifications/read', () => {
  it("marks the caller's items by ids (others' ids untouched), then all; the unread count follows", async () => {
    const host = await t.quickMember({ name: '읽음호스트' });
    const other = await t.quickMember({ name: '다른호스트' });
    await requests(host, 3);
    await requests(other, 2);
    const mine = await items(host);
    const theirs = await items(other);
    expect(await unread(host)).toBe(3);
    expect(await unread(other)).toBe(2);

    // The host names one of their own and both of the other's: only their own changes.
    const res = await markRead(host, { ids: [mine[1]!.id, ...theirs.map((n) => n.id)] });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await items(host)).map((n) => n.read)).toEqual([false, true, false]);
    expect(await unread(host)).toBe(2);
    expect((await items(other)).map((n) => n.read)).toEqual([false, false]);
    expect(await unread(other)).toBe(2);

    // Marking again is harmless.
    expect((await markRead(host, { ids: [mine[1]!.id] })).statusCode).toBe(204);
    expect(await unread(host)).toBe(2);

    expect((await markRead(host, { all: true })).statusCode).toBe(204);
    expect(await unread(host)).toBe(0);
    expect((await items(host)).every((n) => n.read)).toBe(true);
    expect(await unread(other)).toBe(2);
  });

  it('400 with a Korean message for neither, both, empty or more than 100 ids', async () => {
    const m = await t.quickMember();
    for (const body of [{}, { ids: [1], all: true }, { ids: [] }, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, { all: false }, { ids: [0] }]) {
      const res = await markRead(m, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/[가-힣]/);
    }
    expect((await markRead(m, {})).json()).toEqual({ message: errorText('READ_BODY'), code: 'READ_BODY' });
    expect((await markRead(m, { ids: Array.from({ length: 100 }, (_, i) => i + 1) })).statusCode).toBe(204);
  });
});

describe('new_message collapses to one unread item per chat', () => {
  it('a second message updates the unread item; once read, the next message adds a new one; chats stay apart', async () => {
    const host = await t.quickMember({ name: '채팅호스트' });
    const guest = await t.quickMember({ name: '채팅게스트' });
    const matchId = await acceptedMatch(host, guest);
    const otherMatch = await acceptedMatch(host, guest);
    const chatItems = async () => (await items(host)).filter((n) => n.type === 'new_message');

    expect((await sendChat(guest, matchId, '안녕하세요')).statusCode).toBe(201);
    const [first] = await chatItems();
    expect(first).toMatchObject({ matchId, link: `/chat/${matchId}`, read: false, message: '채팅게스트님이 새 메시지를 보냈어요.', fromUser: { id: guest.id, name: '채팅게스트' } });
    const unreadBefore = await unread(host);

    t.clock.advance(60_000);
    expect((await sendChat(guest, matchId, '곧 도착해요')).statusCode).toBe(201);
    const afterSecond = await chatItems();
    expect(afterSecond).toHaveLength(1);
    expect(afterSecond[0]).toMatchObject({ id: first!.id, read: false });
    // The item now dates from the second message (a minute later on the test clock).
    expect(Date.parse(afterSecond[0]!.createdAt) - Date.parse(first!.createdAt)).toBeGreaterThanOrEqual(60_000);
    expect(await unread(host)).toBe(unreadBefore);

    // Another chat has its own item.
    expect((await sendChat(guest, otherMatch, '다른 약속이에요')).statusCode).toBe(201);
    expect((await chatItems()).map((n) => n.matchId)).toEqual([otherMatch, matchId]);
    expect(await unread(host)).toBe(unreadBefore + 1);

    // Read: the next message makes a new unread row.
    expect((await markRead(host, { ids: [first!.id] })).statusCode).toBe(204);
    expect((await sendChat(guest, matchId, '도착했어요')).statusCode).toBe(201);
    const afterRead = await chatItems();
    expect(afterRead.map((n) => [n.matchId, n.read])).toEqual([
      [matchId, false],
      [otherMatch, false],
      [matchId, true],
    ]);
    expect(afterRead[0]!.id).toBeGreaterThan(first!.id);

    // The guest got nothing from their own messages; the host's reply reaches the guest.
    expect((await items(guest)).filter((n) => n.type === 'new_message')).toEqual([]);
    expect((await sendChat(host, matchId, '네!')).statusCode).toBe(201);
    expect((await items(guest)).filter((n) => n.type === 'new_message')).toMatchObject([{ matchId, fromUser: { id: host.id, name: '채팅호스트' } }]);
  });

  it('concurrent messages to one chat still leave one unread item', async () => {
    const host = await t.quickMember({ name: '동시호스트' });
    const guest = await t.quickMember({ name: '동시게스트' });
    const matchId = await acceptedMatch(host, guest);
    const sent = await Promise.all(Array.from({ length: 8 }, (_, i) => sendChat(guest, matchId, `메시지 ${i}`)));
    expect(sent.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect((await items(host)).filter((n) => n.type === 'new_message')).toHaveLength(1);
  });
});

describe('live delivery carries the stored item', () => {
  it('a subscriber receives the stored id and link; a collapsed message repeats the id', async () => {
    const host = await t.quickMember({ name: '실시간호스트' });
    const guest = await t.quickMember({ name: '실시간게스트' });
    const c = stompClient(url, host.token);
    open.push(c);
    await c.connected;
    const received = c.subscribe(userNotificationsTopic(host.id));
    await c.sync();

    const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    await waitFor(() => received.length >= 1);
    const live = JSON.parse(received[0]!.body) as LiveNotification;
    const [stored] = await items(host);
    expect(live).toMatchObject({ type: 'new_match_request', matchId, id: stored!.id, link: '/match-requests', createdAt: stored!.createdAt, message: stored!.message });

    expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
    expect((await sendChat(guest, matchId, '하나')).statusCode).toBe(201);
    expect((await sendChat(guest, matchId, '둘')).statusCode).toBe(201);
    await waitFor(() => received.length >= 3);
    const [m1, m2] = received.slice(1).map((m) => JSON.parse(m.body) as LiveNotification);
    expect(m1).toMatchObject({ type: 'new_message', matchId, link: `/chat/${matchId}`, id: expect.any(Number) });
    expect(m2!.id).toBe(m1!.id);
    expect((await items(host)).find((n) => n.type === 'new_message')!.id).toBe(m1!.id);
  });
});
