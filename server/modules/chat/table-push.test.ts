/**
 * Issue #30: a table chat message is pushed, as a 1:1 message is, to the members who are not
 * looking — every member of the table but the sender, except those who muted the table chat and
 * those on either side of a block with the sender; never to someone who is not at the table.
 * The push sender is a recording stand-in (what each member's devices would get).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDataOf, type PushSource } from '../../../common/push.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';

let t: TestApp;
const pushed: Array<{ toUserId: number; push: PushSource }> = [];
type Member = Awaited<ReturnType<TestApp['quickMember']>>;

beforeAll(async () => {
  t = await createTestApp({ realtime: { pushSender: { send: async (toUserId, push) => void pushed.push({ toUserId, push }) } } });
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

const say = (id: number, who: Member, content: string, clientId?: string) =>
  t.app.inject({ method: 'POST', url: `/api/schedules/${id}/chat`, headers: who.headers, payload: clientId ? { content, clientId } : { content } });

/** The table messages pushed since `from`: [member, FCM data]. */
async function tablePushes(from: number) {
  await t.app.pushIdle();
  return pushed.slice(from).flatMap(({ toUserId, push }) => (push.type === 'table_message' ? [{ toUserId, data: pushDataOf(push) }] : []));
}

describe('push for table messages (issue #30)', () => {
  it('reaches the other members, not the sender, not who muted the chat, not across a block, not outsiders', async () => {
    const host = await t.quickMember({ name: '호스트' });
    const [a, b, c, pending] = [await t.quickMember({ name: '가영' }), await t.quickMember({ name: '나영' }), await t.quickMember({ name: '다영' }), await t.quickMember({ name: '라영' })];
    const scheduleId = await createSchedule(t, host.headers, { participants: 8, days: 1 });
    for (const guest of [a, b, c]) expect((await act(t, host.headers, await requestMatch(t, guest.headers, scheduleId), 'accept')).statusCode).toBe(200);
    await requestMatch(t, pending.headers, scheduleId);
    // c mutes the table chat; a and b block each other (both stay seated: a block cancels only the matches between them).
    expect((await t.app.inject({ method: 'PUT', url: `/api/chats/table/${scheduleId}/mute`, headers: c.headers, payload: { muted: true } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: a.headers, payload: { userId: b.id } })).statusCode).toBe(201);

    let from = pushed.length;
    expect((await say(scheduleId, host, '다들 내일 봬요')).statusCode).toBe(201);
    const fromHost = await tablePushes(from);
    expect(fromHost.map((p) => p.toUserId).sort()).toEqual([a.id, b.id].sort());
    expect(fromHost[0]!.data).toMatchObject({
      type: 'table_message',
      scheduleId: String(scheduleId),
      title: '밥상친구',
      body: '광화문 국밥집 모임에서 호스트님이 새 메시지를 보냈어요.',
      url: `/table/${scheduleId}`,
      tag: `table-${scheduleId}`,
    });

    from = pushed.length;
    expect((await say(scheduleId, a, '저 조금 늦어요', '0b7d3c2e-1f4a-4c1e-9d55-3f0a6b2c8e11')).statusCode).toBe(201);
    expect((await tablePushes(from)).map((p) => [p.toUserId, p.data.body])).toEqual([[host.id, '광화문 국밥집 모임에서 가영님이 새 메시지를 보냈어요.']]);

    // A resend of the same message (same clientId) is stored and pushed once.
    from = pushed.length;
    expect((await say(scheduleId, a, '저 조금 늦어요', '0b7d3c2e-1f4a-4c1e-9d55-3f0a6b2c8e11')).statusCode).toBe(201);
    expect(await tablePushes(from)).toEqual([]);

    // Unmuted, c gets the next one.
    expect((await t.app.inject({ method: 'PUT', url: `/api/chats/table/${scheduleId}/mute`, headers: c.headers, payload: { muted: false } })).statusCode).toBe(200);
    from = pushed.length;
    expect((await say(scheduleId, b, '네 천천히 오세요')).statusCode).toBe(201);
    expect((await tablePushes(from)).map((p) => p.toUserId).sort()).toEqual([host.id, c.id].sort());
  });
});
