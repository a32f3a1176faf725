/**
 * Live sessions follow the account (issue #13 "Hardening"): logout everywhere and a password reset
 * end the member's open STOMP sessions at once (on every instance, through the broker); a token
 * that expires while connected ends its session at the next SEND/SUBSCRIBE; SEND and SUBSCRIBE
 * re-check the token in memory only (verifyToken runs at CONNECT, never per frame).
 * Runs on PGlite (`node`) and PostgreSQL (`node-postgres`); the two-instance case needs Redis too.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, chatTopic, userNotificationsTopic, type ChatMessage } from '../../common/realtime.ts';
import { TOKEN_TTL_SECONDS } from '../plugins/auth.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, requestMatch } from '../test/schedule-fixtures.ts';
import { createMemoryBroker } from './broker-memory.ts';
import { createSessionRevocations } from './revocations.ts';
import { createDestinationRegistry } from './destinations.ts';
import { registerStompEndpoint } from './endpoint.ts';
import { createStompServer, DEFAULT_STOMP_OPTIONS, STOMP_ERROR_CODES, STOMP_ERRORS } from './stomp-server.ts';
import { connectFrame, listen, rawSocket, stompClient, waitFor, type TestStomp } from './test-clients.ts';

const open: TestStomp[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A member with a password (so they can log in again and reset it). */
type Member = Awaited<ReturnType<TestApp['registerMember']>>;

/** Host's schedule, guest's request, accepted: answers the match id. */
async function acceptedMatch(t: TestApp, hostHeaders: Record<string, string>, guestHeaders: Record<string, string>): Promise<number> {
  const id = await requestMatch(t, guestHeaders, await createSchedule(t, hostHeaders));
  expect((await act(t, hostHeaders, id, 'accept')).statusCode).toBe(200);
  return id;
}

/** Logs `m` in again; answers the new token. */
async function login(t: TestApp, m: { email: string; password: string }): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: m.password } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { accessToken: string }).accessToken;
}

/** The chat history of `matchId` as its participant with `token` reads it over HTTP. */
async function history(t: TestApp, matchId: number, token: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/chat/${matchId}/history?limit=200`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return (res.json() as ChatMessage[]).map((m) => m.content);
}

/** A connected recording client (stopped after all tests). */
async function connected(url: string, token: string): Promise<TestStomp> {
  const c = stompClient(url, token);
  open.push(c);
  await c.connected;
  return c;
}

/** A raw socket after CONNECTED (for frames sent right after a revocation, without client-side checks). */
async function rawConnected(url: string, token: string) {
  const raw = rawSocket(url);
  await raw.open;
  raw.ws.send(connectFrame(token));
  await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
  return raw;
}

const sendFrame = (matchId: number, content: string) => `SEND\ndestination:${chatSendDestination(matchId)}\ncontent-type:application/json\n\n${JSON.stringify({ content })}\0`;

afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
});

describe('one instance', () => {
  let t: TestApp;
  let url: string;
  let host: Member;
  let guest: Awaited<ReturnType<TestApp['quickMember']>>;
  let matchId: number;

  beforeAll(async () => {
    t = await createTestApp({ realtime: { stomp: { heartbeatMs: 0 } } });
    url = await listen(t);
    host = await t.registerMember({ name: '호스트' });
    guest = await t.quickMember({ name: '게스트' });
    matchId = await acceptedMatch(t, host.headers, guest.headers);
  });

  afterAll(async () => {
    t.clock.reset();
    await t?.close();
  });

  it('logout-all ends the open session at once: ERROR with a Korean message and code, close, no MESSAGE after, a later SEND is not stored', async () => {
    const c = await connected(url, host.token);
    const notes = c.subscribe(userNotificationsTopic(host.id));
    const chat = c.subscribe(chatTopic(matchId));
    await c.sync();
    const raw = await rawConnected(url, host.token);
    raw.ws.send(`SUBSCRIBE\nid:raw-chat\ndestination:${chatTopic(matchId)}\n\n\0`);
    const g = await connected(url, guest.token);
    await g.sendWithReceipt(chatSendDestination(matchId), { content: '로그아웃 전' });
    await waitFor(() => chat.length === 1 && notes.length === 1 && raw.received.some((f) => f.startsWith('MESSAGE')));

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: host.headers });
    expect(res.statusCode).toBe(204);
    // Sent right after the answer, before the socket has closed on the client's side.
    raw.ws.send(sendFrame(matchId, '폐기된 토큰으로 보냄'));
    await c.closed;
    await waitFor(() => raw.isClosed(), 2000);
    expect(c.errors).toHaveLength(1);
    expect(c.errors[0]!.headers.message).toBe(STOMP_ERRORS.revoked);
    expect(c.errors[0]!.headers.code).toBe(STOMP_ERROR_CODES.revoked);
    const rawError = raw.received.find((f) => f.startsWith('ERROR'));
    expect(rawError).toContain(`code:${STOMP_ERROR_CODES.revoked}`);

    // Nothing more reaches the revoked sessions: neither chat nor a notification for the member.
    const fresh = await login(t, host);
    const freshHeaders = { authorization: `Bearer ${fresh}` };
    await g.sendWithReceipt(chatSendDestination(matchId), { content: '로그아웃 후' });
    await requestMatch(t, guest.headers, await createSchedule(t, freshHeaders));
    expect(t.events.some((e) => e.type === 'new_match_request' && e.toUserId === host.id)).toBe(true);
    await sleep(100);
    expect(chat.map((m) => (JSON.parse(m.body) as ChatMessage).content)).toEqual(['로그아웃 전']);
    expect(notes.map((n) => (JSON.parse(n.body) as { type: string }).type)).toEqual(['new_message']);
    expect(raw.received.filter((f) => f.startsWith('MESSAGE'))).toHaveLength(1);

    expect(await history(t, matchId, fresh)).toEqual(['로그아웃 전', '로그아웃 후']);
    // The old token cannot come back: CONNECT is refused with the revoked code (the client signs out).
    const again = stompClient(url, host.token);
    open.push(again);
    await again.closed;
    expect(again.errors[0]!.headers.code).toBe('TOKEN_REVOKED');
    host = { ...host, token: fresh, headers: freshHeaders };
  });

  it('the new token after logout-all connects and chats; another member’s logout-all leaves it alone', async () => {
    const c = await connected(url, host.token);
    const chat = c.subscribe(chatTopic(matchId));
    await c.sync();
    const bystander = await t.quickMember({ name: '다른 회원' });
    const b = await connected(url, bystander.token);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: bystander.headers })).statusCode).toBe(204);
    await b.closed;
    expect(b.errors[0]!.headers.code).toBe(STOMP_ERROR_CODES.revoked);
    await c.sendWithReceipt(chatSendDestination(matchId), { content: '새 토큰으로' });
    await waitFor(() => chat.length === 1);
    expect(c.isClosed()).toBe(false);
    expect(c.errors).toHaveLength(0);
    expect((await history(t, matchId, host.token)).at(-1)).toBe('새 토큰으로');
  });

  it('a password reset ends the open session the same way; a SEND after it is not stored', async () => {
    const member = await t.registerMember({ name: '재설정 회원' });
    const other = await t.quickMember({ name: '상대' });
    const id = await acceptedMatch(t, member.headers, other.headers);
    const c = await connected(url, member.token);
    const notes = c.subscribe(userNotificationsTopic(member.id));
    const chat = c.subscribe(chatTopic(id));
    await c.sync();
    const raw = await rawConnected(url, member.token);

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: member.email } })).statusCode).toBe(200);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { email: member.email, code: t.lastMailTo(member.email).code, newPassword: 'new-password-456' },
    });
    expect(confirm.statusCode).toBe(200);
    raw.ws.send(sendFrame(id, '재설정 뒤 보냄'));
    await c.closed;
    await waitFor(() => raw.isClosed(), 2000);
    expect(c.errors[0]!.headers.message).toBe(STOMP_ERRORS.revoked);
    expect(c.errors[0]!.headers.code).toBe(STOMP_ERROR_CODES.revoked);
    expect(raw.received.some((f) => f.startsWith('ERROR') && f.includes(`code:${STOMP_ERROR_CODES.revoked}`))).toBe(true);

    const o = await connected(url, other.token);
    await o.sendWithReceipt(chatSendDestination(id), { content: '상대의 메시지' });
    await sleep(100);
    expect(chat.length + notes.length).toBe(0);
    const fresh = await login(t, { email: member.email, password: 'new-password-456' });
    expect(await history(t, id, fresh)).toEqual(['상대의 메시지']);
  });

  it('a token that expires while connected: the next SEND or SUBSCRIBE gets ERROR with TOKEN_EXPIRED and the socket closes; nothing stored', async () => {
    const sender = await connected(url, host.token);
    const subscriber = await connected(url, host.token);
    const chat = subscriber.subscribe(chatTopic(matchId));
    await subscriber.sync();
    const before = await history(t, matchId, host.token);
    t.clock.advance((TOKEN_TTL_SECONDS + 60) * 1000);
    try {
      sender.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: '만료 후 보냄' }) });
      subscriber.subscribe(userNotificationsTopic(host.id));
      await Promise.all([sender.closed, subscriber.closed]);
      for (const c of [sender, subscriber]) {
        expect(c.errors).toHaveLength(1);
        expect(c.errors[0]!.headers.message).toBe(STOMP_ERRORS.expired);
        expect(c.errors[0]!.headers.code).toBe(STOMP_ERROR_CODES.expired);
      }
    } finally {
      t.clock.reset();
    }
    expect(await history(t, matchId, host.token)).toEqual(before);
    expect(chat).toHaveLength(0);
  });
});

describe.runIf(!!process.env.REDIS_URL && process.env.TEST_DATABASE === 'postgres')('two instances over Redis', () => {
  let one: TestApp;
  let two: TestApp;
  let url2: string;

  beforeAll(async () => {
    const env = { REDIS_URL: process.env.REDIS_URL!, JWT_SECRET: randomBytes(32).toString('hex') };
    const redisChannel = `bapsang:test:${randomBytes(6).toString('hex')}`;
    one = await createTestApp({ env, realtime: { redisChannel } });
    two = await createTestApp({ env, realtime: { redisChannel }, sharedDatabase: one.dbTarget });
    await listen(one);
    url2 = await listen(two);
  });

  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('logout-all on instance 1 ends the member’s session on instance 2; a bystander there stays', async () => {
    const member = await one.registerMember({ name: '두 인스턴스' });
    const bystander = await one.quickMember({ name: '구경꾼' });
    const id = await acceptedMatch(one, member.headers, bystander.headers);
    const c = await connected(url2, member.token);
    const chat = c.subscribe(chatTopic(id));
    await c.sync();
    const b = await connected(url2, bystander.token);
    expect((await one.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: member.headers })).statusCode).toBe(204);
    await c.closed;
    expect(c.errors[0]!.headers.message).toBe(STOMP_ERRORS.revoked);
    expect(c.errors[0]!.headers.code).toBe(STOMP_ERROR_CODES.revoked);
    await b.sendWithReceipt(chatSendDestination(id), { content: '남은 사람' });
    await sleep(100);
    expect(chat).toHaveLength(0);
    expect(b.isClosed()).toBe(false);
  });

  it('an HTTP token instance 2 has just accepted (its version held in memory, issue #19) is refused there at once after logout-all on instance 1', async () => {
    const member = await one.registerMember({ name: '캐시' });
    expect((await two.app.inject({ url: '/api/user/me', headers: member.headers })).statusCode).toBe(200);
    expect((await two.app.inject({ url: '/api/user/me', headers: member.headers })).statusCode).toBe(200);
    expect((await one.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: member.headers })).statusCode).toBe(204);
    // The broker's message may take a moment to arrive; the refusal must not wait for the cache's TTL.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await two.app.inject({ url: '/api/user/me', headers: member.headers })).statusCode;
      if (status === 200) await sleep(20);
    }
    expect(status).toBe(401);
  });
});

describe('token checks per frame (unit, no app)', () => {
  let server: FastifyInstance;
  let url: string;
  const calls = { verifyToken: 0, sent: [] as string[] };
  const revoked = new Map<number, number>();
  let clockMs = Date.now();

  beforeAll(async () => {
    server = Fastify();
    const log = { debug() {}, info() {}, warn() {}, error() {}, child() { return log; } } as unknown as FastifyBaseLogger;
    const broker = createMemoryBroker();
    // Any chat topic may be read; a SEND to a chat records its content.
    const destinations = createDestinationRegistry();
    destinations.topic({ pattern: '/topic/chat/{m}', match: (d) => (d.startsWith('/topic/chat/') ? {} : null), canSubscribe: () => true });
    destinations.send({
      pattern: '/app/chat/{m}',
      match: (d) => (d.startsWith('/app/chat/') ? {} : null),
      handle: async (_userId, _params, frame) => void calls.sent.push((JSON.parse(frame.body) as { content: string }).content),
    });
    const stomp = createStompServer(
      {
        broker,
        log,
        now: () => new Date(clockMs),
        // Tokens are `u{id}v{ver}`; they live one hour from "now" at CONNECT.
        verifyToken: async (token) => {
          calls.verifyToken += 1;
          const m = /^u(\d+)v(\d+)$/.exec(token);
          if (!m) throw new Error('bad token');
          return { id: Number(m[1]), ver: Number(m[2]), exp: Math.floor(clockMs / 1000) + 3600 };
        },
        // A revocation list that never pushes: only the per-frame check can notice.
        revocations: { isRevoked: (userId, ver) => ver < (revoked.get(userId) ?? 0), onRevoked: () => () => {} },
        destinations,
      },
      { ...DEFAULT_STOMP_OPTIONS, heartbeatMs: 0, allowedOrigins: [] },
    );
    await registerStompEndpoint(server, stomp, { allowedOrigins: [], maxPayload: DEFAULT_STOMP_OPTIONS.maxPayload });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/ws`;
    return async () => {
      await server.close();
      await broker.close();
    };
  });

  it('verifyToken runs once per CONNECT, never for SEND or SUBSCRIBE', async () => {
    const c = await connected(url, 'u1v0');
    expect(calls.verifyToken).toBe(1);
    for (let i = 0; i < 5; i += 1) c.subscribe(chatTopic(100 + i));
    for (let i = 0; i < 5; i += 1) await c.sendWithReceipt(chatSendDestination(100), { content: `m${i}` });
    expect(calls.sent).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(calls.verifyToken).toBe(1);
  });

  it('a revocation known only to the in-memory list refuses the next SEND (TOKEN_REVOKED) without calling verifyToken', async () => {
    const c = await connected(url, 'u2v3');
    const other = await connected(url, 'u3v0');
    const verifiedBefore = calls.verifyToken;
    revoked.set(2, 4);
    c.client.publish({ destination: chatSendDestination(100), body: JSON.stringify({ content: '폐기 후' }) });
    await c.closed;
    expect(c.errors[0]!.headers.code).toBe(STOMP_ERROR_CODES.revoked);
    expect(calls.sent).not.toContain('폐기 후');
    await other.sendWithReceipt(chatSendDestination(100), { content: '다른 회원' });
    expect(calls.sent.at(-1)).toBe('다른 회원');
    expect(calls.verifyToken).toBe(verifiedBefore);
    // A token at the version in force is fine.
    const renewed = await connected(url, 'u2v4');
    await renewed.sendWithReceipt(chatSendDestination(100), { content: '새 버전' });
    expect(calls.sent.at(-1)).toBe('새 버전');
  });

  it('past exp by the app clock, SUBSCRIBE is refused with TOKEN_EXPIRED', async () => {
    const c = await connected(url, 'u5v0');
    clockMs += 3601 * 1000;
    c.subscribe(chatTopic(7));
    await c.closed;
    expect(c.errors[0]!.headers.code).toBe(STOMP_ERROR_CODES.expired);
    expect(c.errors[0]!.headers.message).toBe(STOMP_ERRORS.expired);
  });
});

describe('revocation list (server/realtime/revocations.ts)', () => {
  it('keeps the newest version per member, learns from the broker, tells listeners once per newer version', async () => {
    const broker = createMemoryBroker();
    const list = createSessionRevocations(broker, { error() {} });
    const heard: Array<[number, number]> = [];
    list.onRevoked((u, v) => heard.push([u, v]));
    await list.revoke(1, 3);
    await broker.publish({ destination: 'control:sessions-revoked', body: JSON.stringify({ userId: 1, tokenVersion: 2 }) });
    await broker.publish({ destination: 'control:sessions-revoked', body: JSON.stringify({ userId: 2, tokenVersion: 1 }) });
    await broker.publish({ destination: 'control:sessions-revoked', body: '{"userId":"x"}' });
    // The own publish comes back through the broker too: heard once.
    expect(heard).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect([list.isRevoked(1, 2), list.isRevoked(1, 3), list.isRevoked(2, 0), list.isRevoked(3, 0)]).toEqual([true, false, true, false]);
    list.close();
    await broker.close();
  });
});
