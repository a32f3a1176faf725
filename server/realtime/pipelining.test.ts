/**
 * Issue #33 item 3, pipelined SENDs, with real WebSocket clients: a session's SENDs are started
 * while the earlier ones are still being stored, yet they are stored and delivered in frame
 * order, their RECEIPTs come in frame order (each only once its message is stored), a refused
 * SEND in the middle gets its answer on /user/queue/errors and no RECEIPT while the others get
 * theirs, and DISCONNECT's RECEIPT comes after every earlier SEND's. Runs on PGlite and, with
 * DATABASE_URL, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { chatSendDestination, chatTopic, USER_ERRORS_DESTINATION, type ChatMessage, type StompUserError } from '../../common/realtime.ts';
import { chatMessages } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, requestMatch } from '../test/schedule-fixtures.ts';
import { createMemoryBroker } from './broker-memory.ts';
import { createDestinationRegistry } from './destinations.ts';
import { registerStompEndpoint } from './endpoint.ts';
import { createStompServer, DEFAULT_STOMP_OPTIONS, SEND_WINDOW } from './stomp-server.ts';
import { connectFrame, listen, rawSocket, stompClient, waitFor, type TestStomp } from './test-clients.ts';

/** These tests send many messages from one member: the chat budget (issue #32 item 3) is not what they measure. */
const CHAT_UNLIMITED = { chatSendPerUser: { max: 100_000, windowMs: 60_000 }, chatSendBurst: { max: 100_000, windowMs: 10_000 } };

/** A SEND frame for the raw socket. */
const sendFrame = (destination: string, content: string, receipt?: string) =>
  `SEND\ndestination:${destination}\ncontent-type:application/json\n${receipt ? `receipt:${receipt}\n` : ''}\n${JSON.stringify({ content })}\0`;

/** The `receipt-id`s of the RECEIPT frames among `frames`, in the order they arrived. */
const receiptIds = (frames: string[]) => frames.filter((f) => f.startsWith('RECEIPT')).map((f) => /receipt-id:([^\n]+)/.exec(f)![1]!);

describe('pipelined SENDs on the chat (real app)', () => {
  let t: TestApp;
  let url: string;
  let host: Awaited<ReturnType<TestApp['quickMember']>>;
  let guest: Awaited<ReturnType<TestApp['quickMember']>>;
  const open: TestStomp[] = [];

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: CHAT_UNLIMITED, realtime: { stomp: { heartbeatMs: 0 } }, env: { PUBLIC_URL: 'http://app.test' } });
    url = await listen(t);
    host = await t.quickMember({ name: '호스트' });
    guest = await t.quickMember({ name: '게스트' });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await t.close();
  });

  async function acceptedMatch(): Promise<number> {
    const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
    expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
    return id;
  }

  /** The host, subscribed to the chat of `matchId`: answers the messages it receives. */
  async function listener(matchId: number) {
    const h = stompClient(url, host.token);
    open.push(h);
    await h.connected;
    const got = h.subscribe(chatTopic(matchId));
    await h.sync();
    return got;
  }

  /** The guest's raw socket, CONNECTED and subscribed to its error queue. */
  async function guestSocket() {
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame(guest.token));
    raw.ws.send(`SUBSCRIBE\nid:errors\ndestination:${USER_ERRORS_DESTINATION}\nreceipt:subscribed\n\n\0`);
    await waitFor(() => receiptIds(raw.received).includes('subscribed'));
    return raw;
  }

  // An ordering test, not a timing one: generous limits for a loaded 2-core machine (the speed is bench:realtime's).
  it('100 SENDs written at once: stored, delivered and answered (RECEIPT) in frame order', { timeout: 90_000 }, async () => {
    const matchId = await acceptedMatch();
    const got = await listener(matchId);
    const raw = await guestSocket();
    const n = 100;
    for (let i = 0; i < n; i += 1) raw.ws.send(sendFrame(chatSendDestination(matchId), `p${i}`, `r${i}`));
    await waitFor(() => receiptIds(raw.received).length === n + 1, 60_000);
    expect(receiptIds(raw.received).slice(1)).toEqual(Array.from({ length: n }, (_, i) => `r${i}`));
    await waitFor(() => got.length === n, 60_000);
    expect(got.map((m) => (JSON.parse(m.body) as ChatMessage).content)).toEqual(Array.from({ length: n }, (_, i) => `p${i}`));
    // Stored in frame order: the ids rise with the frames.
    const rows = await t.app.db.select({ id: chatMessages.id, content: chatMessages.content }).from(chatMessages).where(eq(chatMessages.matchId, matchId)).orderBy(chatMessages.id);
    expect(rows.map((r) => r.content)).toEqual(Array.from({ length: n }, (_, i) => `p${i}`));
    expect(raw.received.some((f) => f.startsWith('ERROR'))).toBe(false);
    raw.ws.close();
  });

  it('a refused SEND in the middle (blank, and a refused word found at the commit) gets its error and no RECEIPT; the others get theirs, in order', { timeout: 60_000 }, async () => {
    const matchId = await acceptedMatch();
    const got = await listener(matchId);
    const raw = await guestSocket();
    const destination = chatSendDestination(matchId);
    raw.ws.send(sendFrame(destination, 'a', 'a'));
    raw.ws.send(sendFrame(destination, '   ', 'blank')); // 400 before it is queued
    raw.ws.send(sendFrame(destination, 'b', 'b'));
    raw.ws.send(sendFrame(destination, '시 발', 'word')); // 400 INAPPROPRIATE_TEXT, refused in the batch
    raw.ws.send(sendFrame(destination, 'c', 'c'));
    await waitFor(() => receiptIds(raw.received).includes('c'), 30_000);
    expect(receiptIds(raw.received)).toEqual(['subscribed', 'a', 'b', 'c']);
    // The answers in frame order: RECEIPT a, the blank's error, RECEIPT b, the word's error, RECEIPT c.
    const answers = raw.received.filter((f) => f.startsWith('RECEIPT') || f.startsWith('MESSAGE')).slice(1);
    const kinds = answers.map((f) => (f.startsWith('RECEIPT') ? /receipt-id:([^\n]+)/.exec(f)![1] : (JSON.parse(f.slice(f.indexOf('\n\n') + 2, f.lastIndexOf('\0'))) as StompUserError).receiptId));
    expect(kinds).toEqual(['a', 'blank', 'b', 'word', 'c']);
    const errors = answers.filter((f) => f.startsWith('MESSAGE')).map((f) => JSON.parse(f.slice(f.indexOf('\n\n') + 2, f.lastIndexOf('\0'))) as StompUserError);
    expect(errors.map((e) => e.code)).toEqual(['chat_content_length', 'inappropriate_text']);
    await waitFor(() => got.length === 3);
    expect(got.map((m) => (JSON.parse(m.body) as ChatMessage).content)).toEqual(['a', 'b', 'c']);
    expect(raw.isClosed()).toBe(false);
    raw.ws.close();
  });

  it("DISCONNECT's RECEIPT comes after the RECEIPTs of every SEND before it", { timeout: 90_000 }, async () => {
    const matchId = await acceptedMatch();
    const raw = await guestSocket();
    for (let i = 0; i < 50; i += 1) raw.ws.send(sendFrame(chatSendDestination(matchId), `d${i}`, `d${i}`));
    raw.ws.send('DISCONNECT\nreceipt:bye\n\n\0');
    await waitFor(() => raw.isClosed(), 60_000);
    expect(receiptIds(raw.received)).toEqual(['subscribed', ...Array.from({ length: 50 }, (_, i) => `d${i}`), 'bye']);
    expect(await t.app.db.select().from(chatMessages).where(eq(chatMessages.matchId, matchId))).toHaveLength(50);
  });
});

describe('the pipeline itself (a destination the test holds, no app)', () => {
  let server: FastifyInstance;
  let url: string;
  /** Each SEND the destination queued: its content and the hand that stores it (resolve) or refuses it (reject). */
  const queued: Array<{ content: string; store: () => void; refuse: (err: unknown) => void }> = [];

  beforeAll(async () => {
    server = Fastify();
    const log = { debug() {}, info() {}, warn() {}, error() {}, child() { return log; } } as unknown as FastifyBaseLogger;
    const destinations = createDestinationRegistry();
    destinations.send({
      pattern: '/app/held',
      match: (d) => (d === '/app/held' ? {} : null),
      handle: async (_userId, _params, frame) => {
        let store!: () => void;
        let refuse!: (err: unknown) => void;
        const stored = new Promise<void>((resolve, reject) => {
          store = resolve;
          refuse = reject;
        });
        queued.push({ content: frame.body, store, refuse });
        return { stored };
      },
    });
    const stomp = createStompServer(
      {
        broker: createMemoryBroker(),
        log,
        now: () => new Date(),
        verifyToken: async () => ({ id: 1, ver: 0, exp: Math.floor(Date.now() / 1000) + 3600 }),
        revocations: { isRevoked: () => false, onRevoked: () => () => {} },
        destinations,
      },
      { ...DEFAULT_STOMP_OPTIONS, heartbeatMs: 0, allowedOrigins: [] },
    );
    await registerStompEndpoint(server, stomp, { allowedOrigins: [], maxPayload: DEFAULT_STOMP_OPTIONS.maxPayload });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/ws`;
  });
  afterAll(async () => {
    await server.close();
  });

  async function connectedSocket() {
    queued.length = 0;
    const raw = rawSocket(url);
    await raw.open;
    raw.ws.send(connectFrame('any'));
    await waitFor(() => raw.received.some((f) => f.startsWith('CONNECTED')));
    return raw;
  }
  const held = (content: string, receipt: string) => `SEND\ndestination:/app/held\nreceipt:${receipt}\n\n${content}\0`;

  it(`starts up to ${SEND_WINDOW} SENDs of a session before the first is stored; answers them in frame order, each once stored`, async () => {
    const raw = await connectedSocket();
    for (let i = 0; i < SEND_WINDOW + 8; i += 1) raw.ws.send(held(`h${i}`, `h${i}`));
    // The window fills while nothing is stored, and stops there.
    await waitFor(() => queued.length === SEND_WINDOW);
    raw.ws.send('UNSUBSCRIBE\nid:none\nreceipt:sync\n\n\0');
    // Stored out of order: the second first. Nothing is answered before the first is stored.
    queued[1]!.store();
    queued[2]!.store();
    await new Promise((r) => setImmediate(r));
    expect(receiptIds(raw.received)).toEqual([]);
    queued[0]!.store();
    await waitFor(() => receiptIds(raw.received).length === 3);
    expect(receiptIds(raw.received)).toEqual(['h0', 'h1', 'h2']);
    // Answers free the window: the waiting SENDs are started, in order.
    await waitFor(() => queued.length === SEND_WINDOW + 3);
    for (const q of queued.slice(3)) q.store();
    await waitFor(() => queued.length === SEND_WINDOW + 8);
    for (const q of queued.slice(SEND_WINDOW + 3)) q.store();
    // The UNSUBSCRIBE after them is answered after every one of them.
    await waitFor(() => receiptIds(raw.received).includes('sync'));
    expect(queued.map((q) => q.content)).toEqual(Array.from({ length: SEND_WINDOW + 8 }, (_, i) => `h${i}`));
    expect(receiptIds(raw.received)).toEqual([...Array.from({ length: SEND_WINDOW + 8 }, (_, i) => `h${i}`), 'sync']);
    raw.ws.close();
  });

  it('a SEND refused at its commit (not a participant) ends the session once the SENDs before it are answered', async () => {
    const raw = await connectedSocket();
    for (let i = 0; i < 3; i += 1) raw.ws.send(held(`x${i}`, `x${i}`));
    await waitFor(() => queued.length === 3);
    queued[1]!.refuse(new AppError(403, 'CHAT_FORBIDDEN', '권한이 없어요.'));
    queued[2]!.store();
    await new Promise((r) => setImmediate(r));
    expect(raw.received.some((f) => f.startsWith('ERROR'))).toBe(false);
    queued[0]!.store();
    await waitFor(() => raw.isClosed());
    // x0's RECEIPT, then the ERROR; nothing for x1 nor for x2 behind it.
    expect(raw.received.filter((f) => !f.startsWith('CONNECTED')).map((f) => f.split('\n')[0])).toEqual(['RECEIPT', 'ERROR']);
    expect(receiptIds(raw.received)).toEqual(['x0']);
  });
});
