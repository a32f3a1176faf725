/**
 * Issue #30 (the table): who is coming (`GET /api/schedules/{id}/members`), the table chat (history,
 * SEND, live delivery, system lines, access as members come and go, read-only after 24 h), unread
 * counts with reads by several members, the chat list (order, counts, live activity) and mute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  tableReadsTopic,
  tableSendDestination,
  tableTopic,
  USER_ERRORS_DESTINATION,
  userChatsTopic,
  type ChatActivity,
  type ReadEvent,
  type TableMessage,
} from '../../../common/realtime.ts';
import type { ChatSummary, TableMember } from '../../../common/api/chat.ts';
import { listen, stompClient, waitFor, type TestStomp } from '../../realtime/test-clients.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';

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

let seq = 0;
const member = (name: string) => t.quickMember({ name: `${name}${++seq}` });

/** A meal of `host` (capacity 8) and a request by each guest; answers the schedule and match ids. */
async function table(host: Member, guests: Member[], over: { participants?: number; days?: number } = {}) {
  const scheduleId = await createSchedule(t, host.headers, { participants: over.participants ?? 8, days: over.days ?? 1 });
  const matches: number[] = [];
  for (const g of guests) matches.push(await requestMatch(t, g.headers, scheduleId));
  return { scheduleId, matches };
}
const accept = async (host: Member, matchId: number) => expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
const history = (id: number, who?: Member, query = '') => t.app.inject({ url: `/api/schedules/${id}/chat${query}`, headers: who?.headers ?? {} });
const say = (id: number, who: Member, content: string) => t.app.inject({ method: 'POST', url: `/api/schedules/${id}/chat`, headers: who.headers, payload: { content } });
const read = (kind: 'match' | 'table', id: number, who: Member, lastReadId: number) =>
  t.app.inject({ method: 'POST', url: `/api/chats/${kind}/${id}/read`, headers: who.headers, payload: { lastReadId } });
const chats = async (who: Member, query = '') => {
  const res = await t.app.inject({ url: `/api/chats${query}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return { list: res.json() as ChatSummary[], link: res.headers.link as string | undefined };
};
const client = async (who: Member) => {
  const c = stompClient(url, who.token);
  open.push(c);
  await c.connected;
  return c;
};

describe('GET /api/schedules/{id}/members (issue #30 item 1)', () => {
  it('members see everyone with figures; others see {count, host}; anonymous 401; blocked 404', async () => {
    const host = await member('호스트');
    const [a, c, p, r, x, stranger, blocked] = await Promise.all(['수락', '확정', '대기', '거절', '취소', '낯선', '차단'].map(member));
    const { scheduleId, matches } = await table(host, [a!, c!, p!, r!, x!]);
    await accept(host, matches[0]!);
    await accept(host, matches[1]!);
    expect((await act(t, host.headers, matches[1]!, 'confirm')).statusCode).toBe(200);
    expect((await act(t, host.headers, matches[3]!, 'reject')).statusCode).toBe(200);
    await accept(host, matches[4]!);
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matches[4]}/cancel`, headers: x!.headers, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/blocks`, headers: host.headers, payload: { userId: blocked!.id } })).statusCode).toBeLessThan(300);

    const get = (who?: Member) => t.app.inject({ url: `/api/schedules/${scheduleId}/members`, headers: who?.headers ?? {} });
    for (const who of [host, a!, c!]) {
      const res = await get(who);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as TableMember[];
      expect(list.map((m) => [m.id, m.role, m.status])).toEqual([
        [host.id, 'host', 'HOST'],
        [a!.id, 'guest', 'ACCEPTED'],
        [c!.id, 'guest', 'CONFIRMED'],
      ]);
      expect(list[0]).toEqual({ id: host.id, name: host.name, profileImage: null, role: 'host', status: 'HOST', rating: 0, reviewCount: 0, mealCount: 0, noShowCount: 0, lateCancelCount: 0 });
    }
    for (const who of [p!, r!, x!, stranger!]) {
      const res = await get(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ count: 3, host: expect.objectContaining({ id: host.id, role: 'host', status: 'HOST' }) });
    }
    expect((await get()).statusCode).toBe(401);
    expect((await get(blocked)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/schedules/999999/members`, headers: host.headers })).statusCode).toBe(404);
  });
});

describe('the table chat (issue #30 item 2)', () => {
  it('access: host, accepted, confirmed read and write; pending, rejected, cancelled, removed, strangers get 403; anonymous 401', async () => {
    const host = await member('호스트');
    const [a, c, p, r, x, removed, stranger] = await Promise.all(['수락', '확정', '대기', '거절', '취소', '제외', '낯선'].map(member));
    const { scheduleId, matches } = await table(host, [a!, c!, p!, r!, x!, removed!]);
    for (const i of [0, 1, 4, 5]) await accept(host, matches[i]!);
    expect((await act(t, host.headers, matches[1]!, 'confirm')).statusCode).toBe(200);
    expect((await act(t, host.headers, matches[3]!, 'reject')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matches[4]}/cancel`, headers: x!.headers, payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matches[5]}/cancel`, headers: host.headers, payload: {} })).statusCode).toBe(200);

    for (const who of [host, a!, c!]) {
      expect((await history(scheduleId, who)).statusCode).toBe(200);
      expect((await say(scheduleId, who, `${who.name}입니다`)).statusCode).toBe(201);
    }
    for (const who of [p!, r!, x!, removed!, stranger!]) {
      expect((await history(scheduleId, who)).statusCode).toBe(403);
      expect((await say(scheduleId, who, '들어갈래요')).statusCode).toBe(403);
      expect((await read('table', scheduleId, who, 1)).statusCode).toBe(403);
    }
    expect((await history(scheduleId)).statusCode).toBe(401);
    expect((await history(999_999, host)).statusCode).toBe(404);

    // STOMP: a member subscribes; a stranger's SUBSCRIBE is refused (ERROR and close).
    const ok = await client(a!);
    ok.subscribe(tableTopic(scheduleId));
    await ok.sync();
    expect(ok.isClosed()).toBe(false);
    const no = await client(stranger!);
    no.subscribe(tableTopic(scheduleId));
    await no.closed;
    expect(no.errors.length).toBe(1);
  });

  it('system lines for join, leave, time/place change and cancel; a new member sees the history from the start', async () => {
    const host = await member('호스트');
    const [a, b, late] = await Promise.all(['민지', '서준', '늦게'].map(member));
    const { scheduleId, matches } = await table(host, [a!, b!, late!]);
    await accept(host, matches[0]!);
    await accept(host, matches[1]!);
    expect((await say(scheduleId, a!, '안녕하세요')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matches[1]}/cancel`, headers: b!.headers, payload: {} })).statusCode).toBe(200);
    const moved = await t.app.inject({ method: 'PUT', url: `/api/schedules/${scheduleId}`, headers: host.headers, payload: { text: '같이 점심 드실 분', participants: 8, time: 13 } });
    expect(moved.statusCode, moved.body).toBe(200);
    const placed = await t.app.inject({ method: 'PUT', url: `/api/schedules/${scheduleId}`, headers: host.headers, payload: { text: '같이 점심 드실 분', participants: 8, placeName: '을지로 냉면' } });
    expect(placed.statusCode, placed.body).toBe(200);
    await accept(host, matches[2]!);

    const res = await history(scheduleId, late);
    expect(res.statusCode, res.body).toBe(200);
    const lines = (res.json() as TableMessage[]).reverse().map((m) => [m.kind, m.content]);
    expect(lines).toEqual([
      ['system', `${a!.name}님이 참여했어요`],
      ['system', `${b!.name}님이 참여했어요`],
      ['text', '안녕하세요'],
      ['system', `${b!.name}님이 나갔어요`],
      ['system', expect.stringMatching(/^약속 시간이 .*오후 1시로 바뀌었어요$/)],
      ['system', '약속 장소가 을지로 냉면으로 바뀌었어요'],
      ['system', `${late!.name}님이 참여했어요`],
    ]);

    const listener = await client(a!);
    const live = listener.subscribe(tableTopic(scheduleId));
    await listener.sync();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/schedules/${scheduleId}`, headers: host.headers, payload: {} })).statusCode).toBeLessThan(300);
    await waitFor(() => live.length === 1);
    expect(JSON.parse(live[0]!.body)).toMatchObject({ kind: 'system', content: '호스트가 약속을 취소했어요', scheduleId });
    // A cancelled meal: its members keep reading; nobody writes.
    expect((await history(scheduleId, a)).statusCode).toBe(200);
    const closed = await say(scheduleId, a!, '아쉽네요');
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'CHAT_CLOSED' });
  });

  it('SEND over STOMP reaches the other members; a member who leaves loses the subscription at once, the others keep theirs', async () => {
    const host = await member('호스트');
    const [a, b] = await Promise.all(['가', '나'].map(member));
    const { scheduleId, matches } = await table(host, [a!, b!]);
    await accept(host, matches[0]!);
    await accept(host, matches[1]!);
    const [ch, ca, cb] = await Promise.all([client(host), client(a!), client(b!)]);
    const [lh, la, lb] = [ch, ca, cb].map((c) => c.subscribe(tableTopic(scheduleId)));
    const errorsA = ca.subscribe(USER_ERRORS_DESTINATION);
    await Promise.all([ch, ca, cb].map((c) => c.sync()));

    await ca.sendWithReceipt(tableSendDestination(scheduleId), { content: '곧 가요' });
    await waitFor(() => lh!.length === 1 && la!.length === 1 && lb!.length === 1);
    const sent = JSON.parse(lh![0]!.body) as TableMessage;
    expect(sent).toMatchObject({ kind: 'text', senderId: a!.id, content: '곧 가요', unreadCount: 2 });

    expect((await t.app.inject({ method: 'POST', url: `/api/matches/${matches[1]}/cancel`, headers: host.headers, payload: {} })).statusCode).toBe(200);
    await waitFor(() => lh!.length === 2 && la!.length === 2);
    expect(JSON.parse(lh![1]!.body)).toMatchObject({ kind: 'system', content: `${b!.name}님이 나갔어요` });
    expect((await say(scheduleId, host, '다음에 봬요')).statusCode).toBe(201);
    await waitFor(() => lh!.length === 3 && la!.length === 3);
    await cb.sync();
    // The removed member got neither the line about them nor the next message.
    expect(lb!.length).toBe(1);
    expect((await history(scheduleId, b)).statusCode).toBe(403);

    // Read-only 24 h after the start: refused on /user/queue/errors, the connection stays.
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    try {
      ca.client.publish({ destination: tableSendDestination(scheduleId), body: JSON.stringify({ content: '늦었어요' }) });
      await waitFor(() => errorsA.length === 1);
      expect(JSON.parse(errorsA[0]!.body)).toMatchObject({ code: 'chat_read_only' });
      expect(ca.isClosed()).toBe(false);
      expect((await history(scheduleId, a)).statusCode).toBe(200);
    } finally {
      t.clock.set(kstNoonToday());
    }
  });
});

describe('unread counts and the chat list (issue #30 items 3 and 4)', () => {
  it('each message carries the members who have not read it; reads by several members lower it, live', async () => {
    const host = await member('호스트');
    const [a, b, c] = await Promise.all(['하나', '둘', '셋'].map(member));
    const { scheduleId, matches } = await table(host, [a!, b!, c!]);
    for (const m of matches) await accept(host, m);
    const sent = (await say(scheduleId, host, '모두 안녕하세요')).json() as TableMessage;
    expect(sent.unreadCount).toBe(3);
    const watcher = await client(host);
    const reads = watcher.subscribe(tableReadsTopic(scheduleId));
    await watcher.sync();

    expect((await read('table', scheduleId, a!, sent.id)).json()).toEqual({ lastReadId: sent.id, unreadCount: 0 });
    expect((await read('table', scheduleId, b!, sent.id + 1000)).json()).toEqual({ lastReadId: sent.id, unreadCount: 0 });
    // A position never moves back.
    expect((await read('table', scheduleId, b!, 1)).json()).toEqual({ lastReadId: sent.id, unreadCount: 0 });
    await waitFor(() => reads.length === 2);
    expect(reads.map((m) => (JSON.parse(m.body) as ReadEvent).userId)).toEqual([a!.id, b!.id]);
    expect(JSON.parse(reads[0]!.body)).toMatchObject({ kind: 'table', id: scheduleId, lastReadId: sent.id });

    const page = (await history(scheduleId, host)).json() as TableMessage[];
    expect(page.find((m) => m.id === sent.id)!.unreadCount).toBe(1);
    expect(page.filter((m) => m.kind === 'system').every((m) => m.unreadCount === 0)).toBe(true);
    const list = (await chats(c!)).list.find((x) => x.kind === 'table' && x.id === scheduleId)!;
    expect(list.unreadCount).toBe(1);
  });

  it('the 1:1 chat gets the same "1"', async () => {
    const host = await member('호스트');
    const guest = await member('손님');
    const { matches } = await table(host, [guest]);
    await accept(host, matches[0]!);
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/${matches[0]}/messages`, headers: guest.headers, payload: { content: '안녕하세요' } });
    expect(res.json()).toMatchObject({ unreadCount: 1 });
    const before = (await t.app.inject({ url: `/api/chat/${matches[0]}/history`, headers: guest.headers })).json() as Array<{ unreadCount: number }>;
    expect(before.map((m) => m.unreadCount)).toEqual([1]);
    expect((await read('match', matches[0]!, host, res.json().id)).json()).toEqual({ lastReadId: res.json().id, unreadCount: 0 });
    const after = (await t.app.inject({ url: `/api/chat/${matches[0]}/history`, headers: guest.headers })).json() as Array<{ unreadCount: number }>;
    expect(after.map((m) => m.unreadCount)).toEqual([0]);
    expect((await read('match', matches[0]!, await member('남'), 1)).statusCode).toBe(403);
  });

  it('the list: 1:1 and table conversations by last activity with counts, faces and paging; live activity; mute', async () => {
    const me = await member('나');
    const hostA = await member('호스트가');
    const hostB = await member('호스트나');
    const other = await member('다른');
    const t1 = await table(hostA, [me, other]);
    await accept(hostA, t1.matches[0]!);
    await accept(hostA, t1.matches[1]!);
    const t2 = await table(hostB, [me], { days: 2 });
    await accept(hostB, t2.matches[0]!);

    const inbox = await client(me);
    const activity = inbox.subscribe(userChatsTopic(me.id));
    await inbox.sync();
    expect((await say(t1.scheduleId, other, '첫 번째')).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/${t2.matches[0]}/messages`, headers: hostB.headers, payload: { content: '두 번째' } })).statusCode).toBe(201);
    await waitFor(() => activity.length === 2);
    const live = activity.map((m) => JSON.parse(m.body) as ChatActivity);
    expect(live.map((x) => [x.kind, x.id, x.lastMessage.content, x.unreadCount])).toEqual([
      ['table', t1.scheduleId, '첫 번째', 1],
      ['match', t2.matches[0], '두 번째', 1],
    ]);

    const { list } = await chats(me);
    const keys = list.map((c) => `${c.kind}:${c.id}`);
    // Newest activity first: the 1:1 message, then table 1; table 2 (joined, no text) and the 1:1 of meal 1 after.
    expect(keys.slice(0, 2)).toEqual([`match:${t2.matches[0]}`, `table:${t1.scheduleId}`]);
    expect(keys).toEqual(expect.arrayContaining([`table:${t2.scheduleId}`, `match:${t1.matches[0]}`]));
    expect(keys).toHaveLength(4);
    const first = list[0]!;
    expect(first).toMatchObject({ partner: { id: hostB.id, name: hostB.name }, memberCount: 2, unreadCount: 1, lastMessage: { content: '두 번째', kind: 'text', senderId: hostB.id }, muted: false });
    const t1row = list[1]!;
    expect(t1row).toMatchObject({ memberCount: 3, unreadCount: 1, placeName: '광화문 국밥집' });
    expect(t1row.faces.map((f) => f.id)).toEqual([hostA.id, other.id]);

    // Paging: one per page, same rows, no repeats.
    const seen: string[] = [];
    let next: string | undefined = '/api/chats?limit=1';
    while (next) {
      const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject({ url: next, headers: me.headers });
      const rows = res.json() as ChatSummary[];
      seen.push(...rows.map((c) => `${c.kind}:${c.id}`));
      next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual(keys);
    expect((await t.app.inject({ url: '/api/chats?cursor=bad!', headers: me.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/chats' })).statusCode).toBe(401);

    // Mute keeps the count; a stranger cannot mute.
    const mute = await t.app.inject({ method: 'PUT', url: `/api/chats/table/${t1.scheduleId}/mute`, headers: me.headers, payload: { muted: true } });
    expect(mute.json()).toEqual({ muted: true });
    expect((await say(t1.scheduleId, other, '또')).statusCode).toBe(201);
    const muted = (await chats(me)).list[0]!;
    expect(muted).toMatchObject({ kind: 'table', id: t1.scheduleId, muted: true, unreadCount: 2 });
    await waitFor(() => activity.length === 3);
    expect(JSON.parse(activity[2]!.body)).toMatchObject({ muted: true, unreadCount: 2 });
    expect((await t.app.inject({ method: 'PUT', url: `/api/chats/table/${t1.scheduleId}/mute`, headers: hostB.headers, payload: { muted: true } })).statusCode).toBe(403);
  });

  it('a table message can be reported by who sits at the table (target `table_message`); strangers and system lines cannot; three reporters hide it from the history', async () => {
    const host = await member('신고호스트');
    const [a, b, c, stranger] = await Promise.all(['신고가', '신고나', '신고다', '신고낯선'].map(member));
    const { scheduleId, matches } = await table(host, [a!, b!, c!]);
    for (const m of matches) await accept(host, m);
    const sent = await say(scheduleId, host, '외부 링크로 오세요');
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json<{ id: number }>().id;
    const report = (who: Member, targetId: number, targetType = 'table_message') =>
      t.app.inject({ method: 'POST', url: '/api/reports', headers: who.headers, payload: { targetType, targetId, reason: 'spam' } });

    expect((await report(stranger!, messageId)).json()).toMatchObject({ code: 'REPORT_TARGET_NOT_FOUND' });
    expect((await report(host, messageId)).json()).toMatchObject({ code: 'REPORT_SELF' });
    const system = (await history(scheduleId, a!)).json<Array<{ id: number; kind: string }>>().find((m) => m.kind === 'system')!;
    expect((await report(a!, system.id)).json()).toMatchObject({ code: 'REPORT_TARGET_NOT_FOUND' });
    // The same id read as a 1:1 message is another thing (or nothing): never this table message.
    expect((await report(a!, messageId, 'message')).statusCode).not.toBe(201);

    for (const who of [a!, b!, c!]) expect((await report(who, messageId)).statusCode).toBe(201);
    const left = (await history(scheduleId, a!)).json<Array<{ id: number }>>().map((m) => m.id);
    expect(left).not.toContain(messageId);
  });
});
