/**
 * Two server instances sharing one PostgreSQL and one Redis (issue #4): chat between clients on
 * different instances both ways, and a notification caused by an HTTP call on instance 2 reaching
 * a client on instance 1. Runs only with `REDIS_URL` and PostgreSQL (the `node-postgres` project;
 * `.ci/run` sets both when the services answer).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, chatTopic, userNotificationsTopic, type ChatMessage, type LiveNotification } from '../../common/realtime.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, requestMatch } from '../test/schedule-fixtures.ts';
import { listen, stompClient, waitFor, type TestStomp } from './test-clients.ts';

const enabled = !!process.env.REDIS_URL && process.env.TEST_DATABASE === 'postgres';

describe.runIf(enabled)('two instances over Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let url1: string;
  let url2: string;
  const clients: TestStomp[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, JWT_SECRET: randomBytes(32).toString('hex') };
    const redisChannel = `bapsang:test:${randomBytes(6).toString('hex')}`;
    one = await createTestApp({ env, realtime: { redisChannel } });
    two = await createTestApp({ env, realtime: { redisChannel }, sharedDatabase: one.dbTarget });
    url1 = await listen(one);
    url2 = await listen(two);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    await two?.close();
    await one?.close();
  });

  const connect = async (url: string, token: string) => {
    const c = stompClient(url, token);
    clients.push(c);
    await c.connected;
    return c;
  };

  it('chat crosses instances both ways, and a notification from an HTTP call on instance 2 reaches instance 1', async () => {
    const host = await one.quickMember({ name: '인스턴스1 호스트' });
    const guest = await one.quickMember({ name: '인스턴스2 게스트' });
    const h = await connect(url1, host.token);
    const notes = h.subscribe(userNotificationsTopic(host.id));
    await h.sync();

    // The request is made over HTTP on instance 2; the host listens on instance 1.
    const scheduleId = await createSchedule(one, host.headers);
    const matchId = await requestMatch(two, guest.headers, scheduleId);
    await waitFor(() => notes.length === 1);
    expect(JSON.parse(notes[0]!.body) as LiveNotification).toMatchObject({ type: 'new_match_request', matchId, fromUser: { id: guest.id } });
    expect((await act(two, host.headers, matchId, 'accept')).statusCode).toBe(200);

    const g = await connect(url2, guest.token);
    const hChat = h.subscribe(chatTopic(matchId));
    const gChat = g.subscribe(chatTopic(matchId));
    await Promise.all([h.sync(), g.sync()]);
    await g.sendWithReceipt(chatSendDestination(matchId), { content: '2번에서 보냅니다' });
    await h.sendWithReceipt(chatSendDestination(matchId), { content: '1번에서 답합니다' });
    await waitFor(() => hChat.length === 2 && gChat.length === 2);
    const contents = (list: typeof hChat) => list.map((m) => (JSON.parse(m.body) as ChatMessage).content);
    expect(contents(hChat)).toEqual(['2번에서 보냅니다', '1번에서 답합니다']);
    expect(contents(gChat)).toEqual(contents(hChat));
    // The new_message notification for the host also crossed from instance 2.
    await waitFor(() => notes.some((n) => (JSON.parse(n.body) as LiveNotification).type === 'new_message'));
  });
});
