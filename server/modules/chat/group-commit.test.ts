/**
 * Stored chat at messenger speed (issue #33 item 3): SENDs that arrive together are stored by one
 * group commit. What a member observes stays what it was one SEND at a time: each SEND is answered
 * with its own stored message (a repeat of a client id with the first one), a refused SEND does
 * not spoil the others of its batch, the other side's inbox holds one unread `new_message` per
 * chat, a table message's unread count is as if the messages came one after another — and a batch
 * whose transaction fails answers each of its SENDs with an error and stores none of them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, TableMessage } from '../../../common/realtime.ts';
import type { NotificationItem } from '../../../common/api/notifications.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let seq = 0;
const member = (name: string) => t.quickMember({ name: `${name}${++seq}` });

beforeAll(async () => {
  t = await createTestApp({ rateLimits: { chatSendPerUser: { max: 1000, windowMs: 60_000 }, chatSendBurst: { max: 1000, windowMs: 10_000 } } });
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

/** An ACCEPTED match between `host` and `guest`. */
async function acceptedMatch(host: Member, guest: Member): Promise<number> {
  const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  return id;
}
const send = (matchId: number, who: Member, content: string, clientId?: string) =>
  t.app.inject({ method: 'POST', url: `/api/chat/${matchId}/messages`, headers: who.headers, payload: { content, ...(clientId ? { clientId } : {}) } });
const history = async (matchId: number, who: Member) => (await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: who.headers })).json() as ChatMessage[];
const inbox = async (who: Member) => (await t.app.inject({ url: '/api/notifications', headers: who.headers })).json() as NotificationItem[];

describe('1:1 chat group commit', () => {
  it('SENDs of one tick across chats: each answered with its own message, stored once (a repeated client id too), one unread new_message per chat for the other side', async () => {
    const [h1, g1, h2, g2] = [await member('호스트'), await member('게스트'), await member('호스트'), await member('게스트')];
    const [m1, m2] = [await acceptedMatch(h1!, g1!), await acceptedMatch(h2!, g2!)];
    const clientId = crypto.randomUUID();
    const sends = [
      send(m1, g1!, '첫째'),
      send(m1, h1!, '둘째'),
      send(m1, g1!, '셋째', clientId),
      send(m1, g1!, '셋째', clientId),
      send(m2, g2!, '다른 방 1'),
      send(m2, g2!, '다른 방 2'),
    ];
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const messages = answers.map((a) => a.json() as ChatMessage);
    expect(messages.map((m) => m.content)).toEqual(['첫째', '둘째', '셋째', '셋째', '다른 방 1', '다른 방 2']);
    expect(messages[2]!.id).toBe(messages[3]!.id);
    expect(messages.map((m) => m.senderName)).toEqual([g1!.name, h1!.name, g1!.name, g1!.name, g2!.name, g2!.name]);

    // Concurrent requests have no order among them: each is stored once, as it was answered.
    const stored1 = await history(m1, h1!);
    expect(stored1.map((m) => m.id).sort()).toEqual([messages[0]!.id, messages[1]!.id, messages[2]!.id].sort());
    expect(stored1.map((m) => m.content).sort()).toEqual(['둘째', '셋째', '첫째']);
    expect((await history(m2, g2!)).map((m) => m.content).sort()).toEqual(['다른 방 1', '다른 방 2']);

    // One unread new_message per chat and recipient, naming the latest sender.
    const ofChat = async (who: Member, matchId: number) => (await inbox(who)).filter((i) => i.type === 'new_message' && i.matchId === matchId);
    expect(await ofChat(h1!, m1)).toEqual([expect.objectContaining({ read: false, fromUser: { id: g1!.id, name: g1!.name } })]);
    expect(await ofChat(g1!, m1)).toEqual([expect.objectContaining({ read: false, fromUser: { id: h1!.id, name: h1!.name } })]);
    expect(await ofChat(h2!, m2)).toHaveLength(1);
    expect(await ofChat(g2!, m2)).toHaveLength(0);
  });

  it('a refused SEND does not spoil the others of its batch: 403 outsider, 400 content filter, 409 client id of another chat', async () => {
    const [h, g, outsider] = [await member('호스트'), await member('게스트'), await member('제삼자')];
    const [m, other] = [await acceptedMatch(h!, g!), await acceptedMatch(h!, await member('게스트'))];
    const clientId = crypto.randomUUID();
    expect((await send(other, h!, '먼저', clientId)).statusCode).toBe(201);
    const answers = await Promise.all([send(m, g!, '괜찮은 말'), send(m, outsider!, '끼어들기'), send(m, g!, '시 발'), send(m, h!, '다른 방의 아이디', clientId), send(m, h!, '좋아요')]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 403, 400, 409, 201]);
    expect(answers[2]!.json()).toMatchObject({ code: 'INAPPROPRIATE_TEXT' });
    expect(answers[3]!.json()).toMatchObject({ code: 'CLIENT_ID_REUSED' });
    expect((await history(m, g!)).map((x) => x.content).sort()).toEqual(['괜찮은 말', '좋아요']);
  });

  it('a batch whose transaction fails answers each of its SENDs with an error and stores none of them', async () => {
    const [h, g] = [await member('호스트'), await member('게스트')];
    const m = await acceptedMatch(h!, g!);
    const db = t.app.db;
    const real = db.transaction.bind(db);
    // Every batch written while the disk is full fails after its statements ran (then rolls back).
    const spy = vi.spyOn(db, 'transaction').mockImplementation(((run: Parameters<typeof real>[0]) =>
      real(async (tx) => {
        await run(tx);
        throw new Error('the disk is full');
      })) as typeof db.transaction);
    try {
      const answers = await Promise.all([send(m, g!, '하나'), send(m, h!, '둘'), send(m, g!, '셋')]);
      expect(answers.map((a) => a.statusCode)).toEqual([500, 500, 500]);
    } finally {
      spy.mockRestore();
    }
    expect(await history(m, g!)).toEqual([]);
    expect((await inbox(h!)).filter((i) => i.type === 'new_message' && i.matchId === m)).toEqual([]);
    // The next batch is written as usual.
    expect((await send(m, g!, '다시')).statusCode).toBe(201);
    expect((await history(m, g!)).map((x) => x.content)).toEqual(['다시']);
  });
});

describe('table chat group commit', () => {
  it('SENDs of one tick at one table: each with the unread count it would have had alone', async () => {
    const host = await member('호스트');
    const guests = [await member('손님'), await member('손님')];
    const scheduleId = await createSchedule(t, host.headers, { participants: 8, days: 1 });
    for (const g of guests) expect((await act(t, host.headers, await requestMatch(t, g.headers, scheduleId), 'accept')).statusCode).toBe(200);
    const say = (who: Member, content: string) => t.app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/chat`, headers: who.headers, payload: { content } });
    const answers = await Promise.all([say(host, '어서 오세요'), say(guests[0]!, '안녕하세요'), say(guests[1]!, '반가워요')]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const sent = answers.map((a) => a.json() as TableMessage);
    // Each message waits for the two others: none of them had written after it when it was stored.
    expect(sent.map((m) => [m.content, m.unreadCount])).toEqual([
      ['어서 오세요', 2],
      ['안녕하세요', 2],
      ['반가워요', 2],
    ]);
    const stored = (await t.app.inject({ url: `/api/schedules/${scheduleId}/chat`, headers: host.headers })).json() as TableMessage[];
    const texts = stored.filter((m) => m.kind === 'text');
    // Newest first (concurrent requests are stored in any order); the later writers have read the earlier lines.
    expect(texts.map((m) => m.id)).toEqual(sent.map((m) => m.id).sort((a, b) => b - a));
    expect(texts.map((m) => m.unreadCount)).toEqual([2, 1, 0]);
  });
});

describe('a broken character in a batch (issue #33 item 3: the rows travel as one JSON parameter)', () => {
  it('a lone surrogate (half an emoji) is stored as U+FFFD in the 1:1 and the table chat, and its batch mates are stored too', async () => {
    const [h, g] = [await member('호스트'), await member('게스트')];
    const m = await acceptedMatch(h, g);
    const answers = await Promise.all([send(m, g, 'a\ud800b'), send(m, h, '멀쩡한 말')]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers.map((a) => (a.json() as ChatMessage).content)).toEqual(['a\ufffdb', '멀쩡한 말']);
    expect((await history(m, h)).map((x) => x.content).sort()).toEqual(['a\ufffdb', '멀쩡한 말'].sort());

    const scheduleId = await createSchedule(t, h.headers, { participants: 4, days: 1 });
    expect((await act(t, h.headers, await requestMatch(t, g.headers, scheduleId), 'accept')).statusCode).toBe(200);
    const say = (who: Member, content: string) => t.app.inject({ method: 'POST', url: `/api/schedules/${scheduleId}/chat`, headers: who.headers, payload: { content } });
    const table = await Promise.all([say(g, '\udc00끝'), say(h, '네')]);
    expect(table.map((a) => a.statusCode)).toEqual([201, 201]);
    expect((table[0]!.json() as TableMessage).content).toBe('\ufffd끝');
  });
});
