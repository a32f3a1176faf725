/**
 * Issue #16 item 2, back-pressure instead of disconnects, with real STOMP clients: a 1000-frame
 * burst followed by the sustained rate is handled in order on the same connection; a client above
 * the rate is slowed and told once on /user/queue/errors (`rate_limited`); only a client that
 * overflows the waiting queue is closed. Runs on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, chatTopic, USER_ERRORS_DESTINATION, type ChatMessage } from '../../common/realtime.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, requestMatch } from '../test/schedule-fixtures.ts';
import { connectFrame, listen, rawSocket, stompClient, waitFor, type TestStomp } from './test-clients.ts';
import { DEFAULT_STOMP_OPTIONS, STOMP_ERRORS } from './stomp-server.ts';

/** These tests send hundreds of messages from one member: the chat budget (issue #32 item 3) is not what they measure. */
const CHAT_UNLIMITED = { chatSendPerUser: { max: 100_000, windowMs: 60_000 }, chatSendBurst: { max: 100_000, windowMs: 10_000 } };

type Member = Awaited<ReturnType<TestApp['quickMember']>>;

/** An app with the given frame budget, two members and an accepted match between them. */
async function setUp(stomp: { frameBurst: number; framesPerSecond: number; frameQueueMax: number }) {
  const t = await createTestApp({ rateLimits: CHAT_UNLIMITED, realtime: { stomp: { heartbeatMs: 0, ...stomp } }, env: { PUBLIC_URL: 'http://app.test' } });
  const url = await listen(t);
  const host = await t.quickMember({ name: '호스트' });
  const guest = await t.quickMember({ name: '게스트' });
  const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
  expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
  return { t, url, host, guest, matchId };
}

const open: TestStomp[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await Promise.all(apps.map((a) => a.close()));
});

async function connected(url: string, m: Member): Promise<TestStomp> {
  const c = stompClient(url, m.token);
  open.push(c);
  await c.connected;
  return c;
}

describe('back-pressure with the default budget (1000-frame burst, 50 frames/s)', () => {
  let env: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    env = await setUp({ frameBurst: DEFAULT_STOMP_OPTIONS.frameBurst, framesPerSecond: DEFAULT_STOMP_OPTIONS.framesPerSecond, frameQueueMax: DEFAULT_STOMP_OPTIONS.frameQueueMax });
    apps.push(env.t);
  });

  it('a 1000-message burst, then 50 messages/s for 10 s: no disconnect, every message delivered once and in order', { timeout: 90_000 }, async () => {
    const { url, host, guest, matchId } = env;
    const h = await connected(url, host);
    const got = h.subscribe(chatTopic(matchId));
    await h.sync();
    const g = await connected(url, guest);
    const send = (n: number) => g.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: `m${n}` }) });
    let n = 0;
    for (; n < 1000; n += 1) send(n);
    const started = Date.now();
    while (Date.now() - started < 10_000) {
      send(n++);
      await new Promise((r) => setTimeout(r, 20)); // 50 per second
    }
    await waitFor(() => got.length === n, 60_000);
    expect(got.map((m) => (JSON.parse(m.body) as ChatMessage).content)).toEqual(Array.from({ length: n }, (_, i) => `m${i}`));
    expect(g.isClosed()).toBe(false);
    expect(g.errors).toHaveLength(0);
  });
});

describe('a backlog does not hold up the rest of the server', () => {
  let env: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    env = await setUp({ frameBurst: DEFAULT_STOMP_OPTIONS.frameBurst, framesPerSecond: DEFAULT_STOMP_OPTIONS.framesPerSecond, frameQueueMax: DEFAULT_STOMP_OPTIONS.frameQueueMax });
    apps.push(env.t);
  });

  it('while 1000 SENDs of one socket wait to be stored, an HTTP request is answered before the backlog is through', { timeout: 90_000 }, async () => {
    const { t, url, guest, matchId } = env;
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame(guest.token));
    await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    // One WebSocket message per frame, all written at once.
    for (let i = 0; i < 1000; i += 1) raw.ws.send(`SEND\ndestination:${chatSendDestination(matchId)}\ncontent-type:application/json\n\n${JSON.stringify({ content: `b${i}` })}\0`);
    const base = new URL(url.replace(/^ws/, 'http')).origin;
    const stored = async () => (await t.app.inject({ url: `/api/chat/${matchId}/history?limit=200`, headers: guest.headers })).json<ChatMessage[]>().length;
    await waitFor(() => raw.ws.bufferedAmount === 0);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    // Answered while the burst was still being stored (the history page holds at most 200).
    expect(await stored()).toBeLessThan(200);
    raw.ws.close();
  });
});

describe('back-pressure with a small budget (burst 20, 10 frames/s, 60 waiting)', () => {
  let env: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    env = await setUp({ frameBurst: 20, framesPerSecond: 10, frameQueueMax: 60 });
    apps.push(env.t);
  });

  it('above the rate: slowed, told once (rate_limited), everything still handled in order', async () => {
    const { url, host, guest, matchId } = env;
    const h = await connected(url, host);
    const got = h.subscribe(chatTopic(matchId));
    await h.sync();
    const g = await connected(url, guest);
    const errors = g.subscribe(USER_ERRORS_DESTINATION);
    await g.sync();
    const started = Date.now();
    for (let i = 0; i < 40; i += 1) g.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: `s${i}` }) });
    await waitFor(() => got.length === 40, 15_000);
    // 40 frames with a 20-frame bucket at 10/s (the sync frames spent two): about 2 s, not at once.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(got.map((m) => (JSON.parse(m.body) as ChatMessage).content)).toEqual(Array.from({ length: 40 }, (_, i) => `s${i}`));
    expect(errors.map((m) => JSON.parse(m.body).code)).toEqual(['rate_limited']);
    expect(g.isClosed()).toBe(false);
  });

  it('a queue overflow closes the connection with ERROR; other sessions keep working', async () => {
    const { url, host, matchId } = env;
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame(host.token));
    await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    for (let i = 0; i < 200; i += 1) raw.ws.send(`ACK\nid:${i}\n\n\0`);
    await waitFor(() => raw.isClosed());
    expect(raw.received.some((f) => f.startsWith('ERROR') && f.includes(STOMP_ERRORS.rate))).toBe(true);
    const h = await connected(url, host);
    await h.sendWithReceipt(chatSendDestination(matchId), { content: '아직 괜찮아요' });
  });
});
