/**
 * The live channel against a listening server (issue #4): Node STOMP clients (@stomp/stompjs over
 * `ws`) and raw sockets for malformed frames. Runs on PGlite (`node`) and PostgreSQL (`node-postgres`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSendDestination, chatTopic, USER_ERRORS_DESTINATION, userNotificationsTopic, type ChatMessage, type LiveNotification, type StompUserError } from '../../common/realtime.ts';
import { chatMessages, pushTokens } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, requestMatch } from '../test/schedule-fixtures.ts';
import { connectFrame, handshakeStatus, listen, rawSocket, stompClient, waitFor, type TestStomp } from './test-clients.ts';
import { STOMP_ERRORS } from './stomp-server.ts';
import { errorText } from '../../common/errors.ts';
import { eq } from 'drizzle-orm';

/** These tests send hundreds of messages from one member: the chat budget (issue #32 item 3) is not what they measure. */
const CHAT_UNLIMITED = { chatSendPerUser: { max: 100_000, windowMs: 60_000 }, chatSendBurst: { max: 100_000, windowMs: 10_000 } };

let t: TestApp;
let url: string;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let host: Member;
let guest: Member;
let stranger: Member;
let matchId: number;
const open: TestStomp[] = [];

/** A connected client for `m` (closed after all tests). */
async function connected(m: Member, options: { heartbeatMs?: number } = {}) {
  const c = stompClient(url, m.token, options);
  open.push(c);
  await c.connected;
  return c;
}

/** A client whose connection or first frame is refused: waits for ERROR + close. */
async function expectRefused(c: TestStomp) {
  open.push(c);
  await c.closed;
  expect(c.errors.length).toBe(1);
  expect(c.isClosed()).toBe(true);
}

/** Host's schedule, guest's request, accepted: answers the match id. */
async function acceptedMatch(h: Member = host, g: Member = guest): Promise<number> {
  const scheduleId = await createSchedule(t, h.headers);
  const id = await requestMatch(t, g.headers, scheduleId);
  expect((await act(t, h.headers, id, 'accept')).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ rateLimits: CHAT_UNLIMITED, realtime: { stomp: { heartbeatMs: 100, frameBurst: 2000, framesPerSecond: 50, maxConnectionsPerUser: 40 } }, env: { PUBLIC_URL: 'http://app.test' } });
  url = await listen(t);
  host = await t.quickMember({ name: '호스트' });
  guest = await t.quickMember({ name: '게스트' });
  stranger = await t.quickMember({ name: '제삼자' });
  matchId = await acceptedMatch();
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

describe('refusals: ERROR, close, no MESSAGE', () => {
  it('no token, a bad token and an expired-looking garbage token are refused at CONNECT', async () => {
    const none = stompClient(url, undefined);
    await expectRefused(none);
    expect(none.errors[0]!.headers.message).toBe(STOMP_ERRORS.auth);
    const bad = stompClient(url, 'not-a-jwt');
    await expectRefused(bad);
    const forged = stompClient(url, `${host.token.slice(0, -4)}AAAA`);
    await expectRefused(forged);
    expect(none.messages.length + bad.messages.length + forged.messages.length).toBe(0);
  });

  it("another member's notification topic is refused and nothing leaks", async () => {
    const spy = await connected(stranger);
    spy.subscribe(userNotificationsTopic(host.id));
    await expectRefused(spy);
    await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    await new Promise((r) => setTimeout(r, 100));
    expect(spy.messages).toHaveLength(0);
    expect(spy.errors[0]!.headers.message).toBe(STOMP_ERRORS.forbidden);
  });

  it('a chat the member is not in is refused for SUBSCRIBE and SEND', async () => {
    const spy = await connected(stranger);
    spy.subscribe(chatTopic(matchId));
    await expectRefused(spy);
    const sender = await connected(stranger);
    sender.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: '끼어들기' }) });
    await expectRefused(sender);
    const g = await connected(guest);
    await g.sendWithReceipt(chatSendDestination(matchId), { content: '안녕하세요' });
    await new Promise((r) => setTimeout(r, 50));
    expect(spy.messages.length + sender.messages.length).toBe(0);
    const stored = await t.app.db.select().from(chatMessages).where(eq(chatMessages.matchId, matchId));
    expect(stored.map((m) => m.content)).not.toContain('끼어들기');
  });

  it('a pending match has no chat', async () => {
    const pending = await requestMatch(t, stranger.headers, await createSchedule(t, host.headers));
    const c = await connected(stranger);
    c.subscribe(chatTopic(pending));
    await expectRefused(c);
  });

  it('SEND to /topic/* is refused', async () => {
    const c = await connected(host);
    c.client.publish({ destination: '/topic/x', body: '{}' });
    await expectRefused(c);
    const c2 = await connected(host);
    c2.client.publish({ destination: chatTopic(matchId), body: JSON.stringify({ content: '직접' }) });
    await expectRefused(c2);
  });

  it('a foreign Origin is refused at the upgrade (403 ORIGIN_REFUSED, issue #16 item 8); the own origin and no origin (non-browser) are accepted', async () => {
    expect(await handshakeStatus(url, 'http://evil.test')).toEqual({ status: 403, body: { code: 'ORIGIN_REFUSED', message: STOMP_ERRORS.origin } });
    const own = stompClient(url, host.token, { origin: 'http://app.test' });
    open.push(own);
    await own.connected;
    const none = stompClient(url, host.token);
    open.push(none);
    await none.connected;
  });

  it('same origin by default (issue #16): a page opened at 127.0.0.1 connects though PUBLIC_URL names another host; https://evil.example does not', async () => {
    const sameHost = stompClient(url, host.token, { origin: `http://${new URL(url).host}` });
    open.push(sameHost);
    await sameHost.connected;
    expect(sameHost.errors).toHaveLength(0);
    expect((await handshakeStatus(url, 'https://evil.example')).status).toBe(403);
    // Same host name, another port: another origin.
    expect((await handshakeStatus(url, `http://127.0.0.1:${Number(new URL(url).port) + 1}`)).status).toBe(403);
  });

  it('the upgrade is a Fastify route: other paths are not upgraded to STOMP', async () => {
    const other = rawSocket(url.replace(/\/ws$/, '/api/health-nope'));
    await other.open.catch(() => {});
    await waitFor(() => other.isClosed());
    expect(other.received).toEqual([]);
  });
});

describe('chat', () => {
  it('a forged senderId/senderName is ignored; both sides receive the stored message', async () => {
    const h = await connected(host);
    const g = await connected(guest);
    const hMsgs = h.subscribe(chatTopic(matchId));
    const gMsgs = g.subscribe(chatTopic(matchId));
    await Promise.all([h.sync(), g.sync()]);
    await g.sendWithReceipt(chatSendDestination(matchId), { senderId: host.id, senderName: '가짜 이름', content: '  진짜 게스트  ' });
    await waitFor(() => hMsgs.length >= 1 && gMsgs.length >= 1);
    expect(gMsgs[0]!.body).toBe(hMsgs[0]!.body);
    const m = JSON.parse(hMsgs[0]!.body) as ChatMessage;
    expect(m).toMatchObject({ matchId, senderId: guest.id, senderName: '게스트', content: '진짜 게스트' });
    expect(typeof m.id).toBe('number');
    expect(new Date(m.createdAt).toString()).not.toBe('Invalid Date');
  });

  it('blank and over-long content: refused on /user/queue/errors without RECEIPT, not stored, and the session stays (issue #16)', async () => {
    const before = (await t.app.db.select().from(chatMessages)).length;
    const c = await connected(host);
    const errors = c.subscribe(USER_ERRORS_DESTINATION);
    const chat = c.subscribe(chatTopic(matchId));
    await c.sync();
    let receipted = false;
    c.client.watchForReceipt('blank-1', () => (receipted = true));
    c.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: '   ' }), headers: { receipt: 'blank-1' } });
    c.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: '가'.repeat(1001) }) });
    await waitFor(() => errors.length === 2);
    expect(errors.map((m) => JSON.parse(m.body) as StompUserError)).toEqual([
      { code: 'chat_content_length', message: errorText('CHAT_CONTENT_LENGTH'), destination: chatSendDestination(matchId), receiptId: 'blank-1' },
      { code: 'chat_content_length', message: errorText('CHAT_CONTENT_LENGTH'), destination: chatSendDestination(matchId) },
    ]);
    // The same connection still delivers the next message; the refused one got no RECEIPT.
    await c.sendWithReceipt(chatSendDestination(matchId), { content: '이번엔 제대로' });
    await waitFor(() => chat.length === 1);
    expect(receipted).toBe(false);
    expect(c.isClosed()).toBe(false);
    expect(c.errors).toHaveLength(0);
    expect((await t.app.db.select().from(chatMessages)).length).toBe(before + 1);
    // Another session's error queue hears nothing of it.
    const other = await connected(guest);
    const otherErrors = other.subscribe(USER_ERRORS_DESTINATION);
    await other.sync();
    c.client.publish({ destination: chatSendDestination(matchId), body: JSON.stringify({ content: '' }) });
    await waitFor(() => errors.length === 3);
    await other.sync();
    expect(otherErrors).toHaveLength(0);
  });

  it('the same client-id twice: both acknowledged, stored and delivered once; a malformed one is refused on the error queue (issue #16)', async () => {
    const id = await acceptedMatch();
    const h = await connected(host);
    const got = h.subscribe(chatTopic(id));
    await h.sync();
    const g = await connected(guest);
    const errors = g.subscribe(USER_ERRORS_DESTINATION);
    await g.sync();
    const clientId = '3f1c2a4e-9b7d-4c1e-8f2a-6d5b4c3a2e1f';
    const send = (receipt: string) =>
      new Promise<void>((resolve) => {
        g.client.watchForReceipt(receipt, () => resolve());
        g.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: '한 번만' }), headers: { receipt, 'client-id': clientId } });
      });
    await send('once-1');
    await send('once-2'); // a resend after a lost RECEIPT: acknowledged again
    await waitFor(() => got.length >= 1);
    await h.sync();
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ content: '한 번만', clientId });
    expect(await t.app.db.select().from(chatMessages).where(eq(chatMessages.matchId, id))).toHaveLength(1);
    // Over HTTP the same id answers the stored message.
    const again = await t.app.inject({ method: 'POST', url: `/api/chat/${id}/messages`, headers: guest.headers, payload: { content: '한 번만', clientId } });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: JSON.parse(got[0]!.body).id, clientId });
    expect(await t.app.db.select().from(chatMessages).where(eq(chatMessages.matchId, id))).toHaveLength(1);
    const history = (await t.app.inject({ url: `/api/chat/${id}/history`, headers: host.headers })).json() as ChatMessage[];
    expect(history.map((m) => m.clientId)).toEqual([clientId]);
    // Used in another chat: refused.
    const other = await acceptedMatch();
    const reused = await t.app.inject({ method: 'POST', url: `/api/chat/${other}/messages`, headers: guest.headers, payload: { content: '다른 방', clientId } });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('CLIENT_ID_REUSED');
    // Not a UUID.
    g.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: '이상한 번호' }), headers: { 'client-id': 'abc' } });
    await waitFor(() => errors.length === 1);
    expect(JSON.parse(errors[0]!.body)).toMatchObject({ code: 'validation' });
    expect(g.isClosed()).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/${id}/messages`, headers: guest.headers, payload: { content: 'x', clientId: 'abc' } })).statusCode).toBe(400);
  });

  it('1000 messages arrive in order and match the history', async () => {
    const id = await acceptedMatch();
    const h = await connected(host);
    const g = await connected(guest);
    const got = h.subscribe(chatTopic(id));
    await h.sync();
    await g.sendWithReceipt(chatSendDestination(id), { content: 'start' });
    await waitFor(() => got.length === 1);
    const receipts: Promise<void>[] = [];
    for (let i = 0; i < 1000; i += 1) {
      if (i === 999) receipts.push(g.sendWithReceipt(chatSendDestination(id), { content: `메시지 ${i}` }));
      else g.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: `메시지 ${i}` }) });
    }
    await Promise.all(receipts);
    await waitFor(() => got.length === 1001, 60_000);
    const live = got.slice(1).map((m) => JSON.parse(m.body) as ChatMessage);
    expect(live.map((m) => m.content)).toEqual(Array.from({ length: 1000 }, (_, i) => `메시지 ${i}`));
    // History, paged backwards 200 at a time (oldest first within a page).
    const pages: ChatMessage[][] = [];
    let before: number | undefined;
    for (;;) {
      const res = await t.app.inject({ url: `/api/chat/${id}/history?limit=200${before ? `&before=${before}` : ''}`, headers: host.headers });
      expect(res.statusCode).toBe(200);
      const page = res.json() as ChatMessage[];
      if (page.length === 0) break;
      pages.unshift(page);
      before = page[0]!.id;
    }
    const history = pages.flat();
    expect(history).toHaveLength(1001);
    expect(history.slice(1)).toEqual(live);
    // Default page: the newest 100; `after` catches up.
    const latest = (await t.app.inject({ url: `/api/chat/${id}/history`, headers: guest.headers })).json() as ChatMessage[];
    expect(latest).toEqual(live.slice(-100));
    const after = (await t.app.inject({ url: `/api/chat/${id}/history?after=${live[997]!.id}`, headers: guest.headers })).json() as ChatMessage[];
    expect(after.map((m) => m.content)).toEqual(['메시지 998', '메시지 999']);
    // An ordering test, not a timing one (the speed is bench:realtime's): generous on a loaded 2-core machine.
  }, 120_000);

  it('history: 401 anonymous, 403 not a participant, 404 unknown match, 400 limit over 200', async () => {
    expect((await t.app.inject({ url: `/api/chat/${matchId}/history` })).statusCode).toBe(401);
    const res = await t.app.inject({ url: `/api/chat/${matchId}/history`, headers: stranger.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
    expect((await t.app.inject({ url: '/api/chat/999999/history', headers: host.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/chat/${matchId}/history?limit=201`, headers: host.headers })).statusCode).toBe(400);
  });

  it('leaving (cancelling) the match ends its chat subscriptions; the history stays readable, nothing more is stored (issue #15)', async () => {
    const id = await acceptedMatch();
    const h = await connected(host);
    const got = h.subscribe(chatTopic(id));
    await h.sync();
    const g = await connected(guest);
    await g.sendWithReceipt(chatSendDestination(id), { content: '곧 삭제' });
    await waitFor(() => got.length === 1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/matches/${id}`, headers: guest.headers })).statusCode).toBe(200);
    expect(await t.app.db.select().from(chatMessages).where(eq(chatMessages.matchId, id))).toHaveLength(1);
    const history = await t.app.inject({ url: `/api/chat/${id}/history`, headers: host.headers });
    expect(history.json()).toEqual([expect.objectContaining({ content: '곧 삭제' })]);
    const posted = await t.app.inject({ method: 'POST', url: `/api/chat/${id}/messages`, headers: host.headers, payload: { content: '취소 후' } });
    expect(posted.statusCode).toBe(409);
    expect(posted.json()).toEqual({ code: 'CHAT_CLOSED', message: '취소된 약속이에요.' });
    // A SEND into the cancelled chat is told on the error queue (issue #16); the session stays.
    const errors = g.subscribe(USER_ERRORS_DESTINATION);
    await g.sync();
    g.client.publish({ destination: chatSendDestination(id), body: JSON.stringify({ content: '삭제 후' }) });
    await waitFor(() => errors.length === 1);
    expect(JSON.parse(errors[0]!.body)).toEqual({ code: 'chat_closed', message: '취소된 약속이에요.', destination: chatSendDestination(id) });
    expect(g.isClosed()).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toHaveLength(1);
    expect(h.isClosed()).toBe(false);
    expect(await t.app.db.select().from(chatMessages).where(eq(chatMessages.matchId, id))).toHaveLength(1);
  });
});

describe('notifications', () => {
  it('each transition reaches the right member with the UI-TEXT message', async () => {
    const h = await connected(host);
    const g = await connected(guest);
    const s = await connected(stranger);
    const hn = h.subscribe(userNotificationsTopic(host.id));
    const gn = g.subscribe(userNotificationsTopic(guest.id));
    const sn = s.subscribe(userNotificationsTopic(stranger.id));
    await Promise.all([h.sync(), g.sync(), s.sync()]);
    const scheduleId = await createSchedule(t, host.headers);
    const id = await requestMatch(t, guest.headers, scheduleId);
    await waitFor(() => hn.length >= 1);
    const parse = (list: typeof hn) => list.map((m) => JSON.parse(m.body) as LiveNotification);
    expect(parse(hn)[0]).toMatchObject({ type: 'new_match_request', matchId: id, scheduleId, fromUser: { id: guest.id, name: '게스트' }, message: expect.stringMatching(/^게스트님이 .+ 약속에 매칭을 신청했어요\.$/) });
    await act(t, host.headers, id, 'accept');
    await waitFor(() => gn.length >= 1);
    expect(parse(gn)[0]).toMatchObject({ type: 'match_accepted', matchId: id, fromUser: { id: host.id, name: '호스트' }, message: expect.stringMatching(/^호스트님이 .+ 약속 신청을 수락했어요\.$/) });
    await act(t, host.headers, id, 'confirm');
    await waitFor(() => gn.length >= 2);
    expect(parse(gn)[1]).toMatchObject({ type: 'match_confirmed', message: expect.stringMatching(/^.+님이 .+ 약속을 확정했어요\.$/) });
    const other = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    await waitFor(() => hn.length >= 2);
    await act(t, host.headers, other, 'reject');
    await waitFor(() => gn.length >= 3);
    expect(parse(gn)[2]).toMatchObject({ type: 'match_rejected', matchId: other, message: expect.stringMatching(/^.+님이 .+ 약속 신청을 거절했어요\.$/) });
    await h.sendWithReceipt(chatSendDestination(id), { content: '확정 후 채팅' });
    await waitFor(() => gn.length >= 4);
    expect(parse(gn)[3]).toMatchObject({ type: 'new_message', matchId: id, fromUser: { id: host.id, name: '호스트' }, message: '호스트님이 새 메시지를 보냈어요.' });
    expect(typeof parse(gn)[3]!.createdAt).toBe('string');
    expect(sn).toHaveLength(0);
  });
});

describe('protocol', () => {
  it('an idle connection with heart-beats survives three intervals', async () => {
    // Negotiated: max(server 100, client 300) = 300 ms both ways; idle for more than three intervals.
    const c = await connected(host, { heartbeatMs: 300 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(c.isClosed()).toBe(false);
    expect(c.client.connected).toBe(true);
  });

  it('a silent socket that promised heart-beats is closed', async () => {
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame(host.token, '100,0'));
    await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    await waitFor(() => raw.isClosed(), 2000);
  });

  it('DISCONNECT is answered with its receipt', async () => {
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame(host.token));
    await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    raw.ws.send('DISCONNECT\nreceipt:bye-1\n\n\0');
    await waitFor(() => raw.isClosed());
    expect(raw.received.some((f) => f.startsWith('RECEIPT') && f.includes('receipt-id:bye-1'))).toBe(true);
  });

  const malformed: Array<[string, (token: string) => string | Buffer]> = [
    ['no NUL terminator', (tk) => `${connectFrame(tk).slice(0, -1)}`],
    ['a SEND without NUL', () => `SEND\ndestination:${chatSendDestination(1)}\n\n{"content":"x"}`],
    ['a content-length shorter than the body', () => `SEND\ndestination:/app/chat/1\ncontent-length:3\n\n{"content":"x"}\0`],
    ['a content-length longer than the body', () => `SEND\ndestination:/app/chat/1\ncontent-length:500\n\n{"content":"x"}\0`],
    ['a bare CR inside a header', () => `SUBSCRIBE\nid:1\rdestination:/topic/x\ndestination:/topic/user/1/notifications\n\n\0`],
    ['a header line without a colon (LF injection)', () => `SUBSCRIBE\nid:1\nbogus\ndestination:/topic/user/1/notifications\n\n\0`],
    ['an unknown command', () => 'HELLO\n\n\0'],
    ['two frames in one message', () => 'ACK\nid:1\n\n\0ACK\nid:2\n\n\0'],
  ];

  it.each(malformed)('%s: ERROR and close; the server keeps serving others', async (_name, frame) => {
    const bystander = await connected(guest);
    const got = bystander.subscribe(chatTopic(matchId));
    await bystander.sync();
    const raw = rawSocket(url);
    await raw.open;
    if (!_name.startsWith('no NUL')) {
      raw.ws.send(connectFrame(host.token));
      await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    }
    raw.ws.send(frame(host.token));
    await waitFor(() => raw.isClosed());
    expect(raw.received.some((f) => f.startsWith('ERROR'))).toBe(true);
    expect(raw.received.some((f) => f.startsWith('MESSAGE'))).toBe(false);
    const h = await connected(host);
    await h.sendWithReceipt(chatSendDestination(matchId), { content: `after ${_name}` });
    await waitFor(() => got.some((m) => m.body.includes(`after ${_name}`)));
  });

  it('an over-size message closes the socket (maxPayload); others keep working', async () => {
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame(host.token));
    await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    raw.ws.send(`SEND\ndestination:/app/chat/${matchId}\n\n${JSON.stringify({ content: 'x'.repeat(70 * 1024) })}\0`);
    await waitFor(() => raw.isClosed());
    const h = await connected(host);
    await h.sendWithReceipt(chatSendDestination(matchId), { content: 'still here' });
  });

  it('a frame flood beyond the burst and the waiting queue is refused', async () => {
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame(host.token));
    await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    for (let i = 0; i < 4800; i += 1) raw.ws.send(`ACK\nid:${i}\n\n\0`);
    await waitFor(() => raw.isClosed());
    expect(raw.received.some((f) => f.startsWith('ERROR') && f.includes(STOMP_ERRORS.rate))).toBe(true);
  });
});

describe('bounds', () => {
  it('a member may hold a bounded number of sessions', async () => {
    const many = await t.quickMember({ name: '다중접속' });
    const first = await Promise.all(Array.from({ length: 40 }, () => connected(many)));
    expect(first.every((c) => c.client.connected)).toBe(true);
    const extra = stompClient(url, many.token);
    await expectRefused(extra);
    expect(extra.errors[0]!.headers.message).toBe(STOMP_ERRORS.tooManyConnections);
    const before = t.app.stomp.sessionCount();
    await first[0]!.stop();
    await waitFor(() => t.app.stomp.sessionCount() < before);
    const again = stompClient(url, many.token);
    open.push(again);
    await again.connected;
  });
});

describe('POST /api/fcm/token', () => {
  it('stores a token once per member; 400 blank; 401 anonymous', async () => {
    for (let i = 0; i < 2; i += 1) {
      expect((await t.app.inject({ method: 'POST', url: '/api/fcm/token', headers: host.headers, payload: { token: 'device-abc' } })).statusCode).toBe(204);
    }
    expect(await t.app.db.select().from(pushTokens).where(eq(pushTokens.userId, host.id))).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/fcm/token', headers: host.headers, payload: { token: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/fcm/token', payload: { token: 'x' } })).statusCode).toBe(401);
  });
});
