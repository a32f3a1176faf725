/**
 * Issue #30 item 7 (the scale of a table): two server instances sharing one PostgreSQL and one
 * Redis, a table of 8 (the host and 7 accepted guests) spread over both, all members sending at
 * once over STOMP: every message reaches each of the other 7 exactly once, each sender's messages
 * in the order they were sent, and all members see the same sequence; across a block (issue #32
 * item 5) a message skips the other side on either instance. Runs only with `REDIS_URL`
 * and PostgreSQL (the `node-postgres` project), like ./fanout.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableSendDestination, tableTopic, type TableMessage } from '../../common/realtime.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, kstNoonToday, requestMatch } from '../test/schedule-fixtures.ts';
import { listen, stompClient, waitFor, type TestStomp } from './test-clients.ts';

const enabled = !!process.env.REDIS_URL && process.env.TEST_DATABASE === 'postgres';
/** Messages each member sends. */
const EACH = 10;

describe.runIf(enabled)('a table of 8 over two instances and Redis (issue #30 item 7)', () => {
  let one: TestApp;
  let two: TestApp;
  let urls: string[];
  const clients: TestStomp[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, JWT_SECRET: randomBytes(32).toString('hex') };
    const redisChannel = `bapsang:test:${randomBytes(6).toString('hex')}`;
    const rateLimits = { chatSendPerUser: { max: 1000, windowMs: 60_000 }, chatSendBurst: { max: 1000, windowMs: 10_000 } };
    one = await createTestApp({ env, rateLimits, realtime: { redisChannel } });
    two = await createTestApp({ env, rateLimits, realtime: { redisChannel }, sharedDatabase: one.dbTarget });
    one.clock.set(kstNoonToday());
    two.clock.set(kstNoonToday());
    urls = [await listen(one), await listen(two)];
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await two?.close();
    await one?.close();
  });

  it('8 members sending at once: each message delivered once to each of the other 7, in order', async () => {
    const host = await one.quickMember({ name: '호스트' });
    const guests = [];
    for (let i = 1; i <= 7; i += 1) guests.push(await one.quickMember({ name: `손님${i}` }));
    const scheduleId = await createSchedule(one, host.headers, { participants: 8 });
    for (const [i, g] of guests.entries()) {
      const matchId = await requestMatch(i % 2 ? two : one, g.headers, scheduleId);
      expect((await act(i % 2 ? one : two, host.headers, matchId, 'accept')).statusCode).toBe(200);
    }
    const members = [host, ...guests];
    // Alternate instances: members 0, 2, 4, 6 on instance 1; 1, 3, 5, 7 on instance 2.
    const sessions = await Promise.all(
      members.map(async (m, i) => {
        const c = stompClient(urls[i % 2]!, m.token);
        clients.push(c);
        await c.connected;
        return c;
      }),
    );
    const inbox = sessions.map((c) => c.subscribe(tableTopic(scheduleId)));
    await Promise.all(sessions.map((c) => c.sync()));

    // Everyone sends EACH messages, one after the other (each waits for its RECEIPT), all at once.
    await Promise.all(
      sessions.map(async (c, i) => {
        for (let n = 0; n < EACH; n += 1) {
          c.client.publish({ destination: tableSendDestination(scheduleId), body: JSON.stringify({ content: `${i}:${n}` }), headers: { 'client-id': randomUUID() } });
          await c.sync();
        }
      }),
    );
    const total = members.length * EACH;
    await waitFor(() => inbox.every((list) => list.filter((m) => (JSON.parse(m.body) as TableMessage).kind === 'text').length >= total), 30_000);

    const texts = inbox.map((list) => list.map((m) => JSON.parse(m.body) as TableMessage).filter((m) => m.kind === 'text'));
    for (const [i, received] of texts.entries()) {
      const fromOthers = received.filter((m) => m.senderId !== members[i]!.id);
      // Once each: 7 × EACH distinct messages from the others.
      expect(fromOthers).toHaveLength(7 * EACH);
      expect(new Set(fromOthers.map((m) => m.id)).size).toBe(7 * EACH);
      // Each sender's messages in the order sent.
      for (const [j, sender] of members.entries()) {
        if (j === i) continue;
        expect(fromOthers.filter((m) => m.senderId === sender.id).map((m) => m.content)).toEqual(Array.from({ length: EACH }, (_, n) => `${j}:${n}`));
      }
    }
    // One Redis channel: every member sees the same sequence.
    for (const received of texts.slice(1)) expect(received.map((m) => m.id)).toEqual(texts[0]!.map((m) => m.id));
    // And the history holds them all once.
    const history = await one.app.inject({ url: `/api/schedules/${scheduleId}/chat?limit=100`, headers: host.headers });
    expect((history.json() as TableMessage[]).filter((m) => m.kind === 'text')).toHaveLength(total);
  }, 120_000);

  it('across a block the message skips the other side on the other instance too (issue #32 item 5)', async () => {
    const host = await one.quickMember({ name: '호스트' });
    const [a, b] = [await one.quickMember({ name: '가영' }), await one.quickMember({ name: '나래' })];
    const scheduleId = await createSchedule(one, host.headers, { participants: 4 });
    for (const g of [a, b]) expect((await act(one, host.headers, await requestMatch(one, g.headers, scheduleId), 'accept')).statusCode).toBe(200);
    expect((await two.app.inject({ method: 'POST', url: '/api/blocks', headers: b.headers, payload: { userId: a.id } })).statusCode).toBe(201);
    // a on instance 1, b and the host on instance 2.
    const [ca, cb, ch] = [stompClient(urls[0]!, a.token), stompClient(urls[1]!, b.token), stompClient(urls[1]!, host.token)];
    clients.push(ca, cb, ch);
    await Promise.all([ca, cb, ch].map((c) => c.connected));
    const [la, lb, lh] = [ca, cb, ch].map((c) => c.subscribe(tableTopic(scheduleId)));
    await Promise.all([ca, cb, ch].map((c) => c.sync()));
    await ca.sendWithReceipt(tableSendDestination(scheduleId), { content: '가영의 말' });
    await ch.sendWithReceipt(tableSendDestination(scheduleId), { content: '호스트의 말' });
    const texts = (list: typeof la) => list!.map((m) => (JSON.parse(m.body) as TableMessage).content);
    // The host's words are the fence: once they arrived, whatever came before has too.
    await waitFor(() => [la, lb, lh].every((l) => texts(l).includes('호스트의 말')));
    expect(texts(lh)).toEqual(['가영의 말', '호스트의 말']);
    expect(texts(la)).toEqual(['가영의 말', '호스트의 말']);
    expect(texts(lb)).toEqual(['호스트의 말']);
  });
});
