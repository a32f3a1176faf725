/**
 * Idempotency-Key (issue #7: "a replay never creates a second row"): real write routes through
 * `app.inject` on PGlite (`node`) and PostgreSQL (`node-postgres`), plus a small app with routes
 * that fail, stream or rate-limit, for the answers that must not be stored.
 */
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { IDEMPOTENCY_TTL_MS } from '../../common/offline.ts';
import { chatMessages, idempotencyKeys, matchRequests, postComments, reviews, users } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { act, createSchedule, kstNoonToday, mealHappened, requestMatch } from '../test/schedule-fixtures.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { idempotencyPlugin, requestFingerprint } from './idempotency.ts';
import { errorBody } from '../lib/errors.ts';
import { AppError } from '../lib/errors.ts';
import { errorsPlugin } from './errors.ts';

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let host: Member;
let guest: Member;
let other: Member;
let keySeq = 0;
/** A fresh key per use (UUID-like, as the client's outbox makes them). */
const newKey = () => `key-${Date.now().toString(36)}-${++keySeq}`;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '호스트' });
  guest = await t.quickMember({ name: '게스트' });
  other = await t.quickMember({ name: '다른회원' });
});
afterAll(async () => {
  await t.close();
});

/** A POST with an Idempotency-Key. */
function post(url: string, who: Member, payload: object, key: string | undefined) {
  return t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload });
}

/** A board post by the host; answers its id. */
async function newPost(): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/board', headers: host.headers, payload: { title: '멱등 테스트', content: '<p>본문</p>', tags: [] } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** An ACCEPTED match: host's schedule, guest's request. */
async function acceptedMatch(): Promise<number> {
  const id = await requestMatch(t, guest.headers, await createSchedule(t, host.headers));
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  return id;
}

const commentsOf = async (postId: number) => (await t.app.db.select({ n: count() }).from(postComments).where(eq(postComments.postId, postId)))[0]!.n;
const keyRows = async (userId: number, key: string) => t.app.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

/** One write route: who sends what, and how many rows it made. */
interface WriteCase {
  url: string;
  who: Member;
  payload: object;
  status: number;
  rows: () => Promise<number>;
}

const writes: Array<[string, () => Promise<WriteCase>]> = [
  [
    'POST /api/board/{id}/comments',
    async () => {
      const postId = await newPost();
      return { url: `/api/board/${postId}/comments`, who: guest, payload: { text: '오프라인에서 쓴 댓글' }, status: 201, rows: () => commentsOf(postId) };
    },
  ],
  [
    'POST /api/reviews',
    async () => {
      const scheduleId = await createSchedule(t, host.headers);
      const matchId = await requestMatch(t, guest.headers, scheduleId);
      expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
      expect((await act(t, host.headers, matchId, 'confirm')).statusCode).toBe(200);
      await mealHappened(t, scheduleId); // reviews open after the meal (issue #15)
      return {
        url: '/api/reviews', who: host, payload: { matchId, revieweeId: guest.id, rating: 5, comment: '즐거운 식사였어요' }, status: 201,
        rows: async () => (await t.app.db.select({ n: count() }).from(reviews).where(eq(reviews.matchId, matchId)))[0]!.n,
      };
    },
  ],
  [
    'POST /api/matches',
    async () => {
      const scheduleId = await createSchedule(t, host.headers);
      return {
        url: '/api/matches', who: guest, payload: { scheduleId }, status: 201,
        rows: async () => (await t.app.db.select({ n: count() }).from(matchRequests).where(eq(matchRequests.scheduleId, scheduleId)))[0]!.n,
      };
    },
  ],
  [
    'POST /api/chat/{matchId}/messages',
    async () => {
      const matchId = await acceptedMatch();
      return {
        url: `/api/chat/${matchId}/messages`, who: guest, payload: { content: '곧 도착해요' }, status: 201,
        rows: async () => (await t.app.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.matchId, matchId)))[0]!.n,
      };
    },
  ],
];

describe('the same write twice with one key', () => {
  it.each(writes)('%s: one row, the same status and body, the second marked replayed', async (_name, setup) => {
    const w = await setup();
    const key = newKey();
    const first = await post(w.url, w.who, w.payload, key);
    const second = await post(w.url, w.who, w.payload, key);
    expect(first.statusCode, first.body).toBe(w.status);
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await w.rows()).toBe(1);
    const [row] = await keyRows(w.who.id, key);
    expect(row?.statusCode).toBe(w.status);
  });

  it.each(writes)('%s: another body with the same key → 422, no new row', async (_name, setup) => {
    const w = await setup();
    const key = newKey();
    expect((await post(w.url, w.who, w.payload, key)).statusCode).toBe(w.status);
    const changed = await post(w.url, w.who, { ...w.payload, ...changeOf(w.payload) }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual(errorBody('IDEMPOTENCY_MISMATCH'));
    expect(await w.rows()).toBe(1);
  });
});

/** A different body of the same shape. */
function changeOf(payload: object): object {
  const p = payload as Record<string, unknown>;
  if ('text' in p) return { text: '다른 댓글' };
  if ('content' in p) return { content: '다른 메시지' };
  if ('comment' in p) return { comment: '다른 리뷰', rating: 4 };
  return { scheduleId: (p.scheduleId as number) + 1_000_000 };
}

describe('keys and members', () => {
  it('the same key on another URL is a mismatch too', async () => {
    const [a, b] = [await newPost(), await newPost()];
    const key = newKey();
    expect((await post(`/api/board/${a}/comments`, guest, { text: '댓글' }, key)).statusCode).toBe(201);
    expect((await post(`/api/board/${b}/comments`, guest, { text: '댓글' }, key)).statusCode).toBe(422);
    expect(await commentsOf(b)).toBe(0);
  });

  it('key order in the JSON body does not matter', () => {
    expect(requestFingerprint('POST', '/api/x', { a: 1, b: { c: 2, d: 3 } })).toBe(requestFingerprint('POST', '/api/x', { b: { d: 3, c: 2 }, a: 1 }));
    expect(requestFingerprint('POST', '/api/x', { a: 1 })).not.toBe(requestFingerprint('POST', '/api/x', { a: 2 }));
    expect(requestFingerprint('POST', '/api/x', undefined)).not.toBe(requestFingerprint('POST', '/api/y', undefined));
  });

  it('a body nested too deeply to fingerprint answers 400 BAD_JSON, not 500 (issue #13)', async () => {
    const id = await acceptedMatch();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await t.app.inject({ method: 'POST', url: `/api/matches/${id}/confirm`, headers: { ...host.headers, 'idempotency-key': newKey(), 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_JSON' });
    expect((await t.app.inject({ method: 'GET', url: '/api/matches', headers: host.headers })).json()).toEqual(expect.arrayContaining([expect.objectContaining({ id, status: 'ACCEPTED' })]));
  });

  it('a compressed answer is stored as the plain text and replayed (compressed again) unchanged', async () => {
    const postId = await newPost();
    const key = newKey();
    const headers = { ...guest.headers, 'idempotency-key': key, 'accept-encoding': 'gzip' };
    const payload = { text: '긴 댓글 '.repeat(100) };
    const first = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers, payload });
    const again = await t.app.inject({ method: 'POST', url: `/api/board/${postId}/comments`, headers, payload });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers['idempotent-replayed']).toBe('true');
    const plain = (r: typeof first) => JSON.parse(gunzipSync(r.rawPayload).toString('utf8')) as unknown;
    expect(plain(again)).toEqual(plain(first));
    const [row] = await keyRows(guest.id, key);
    expect(JSON.parse(row!.body!)).toEqual(plain(first));
    expect(await commentsOf(postId)).toBe(1);
  });

  it('the same key used by another member is independent', async () => {
    const postId = await newPost();
    const key = newKey();
    const mine = await post(`/api/board/${postId}/comments`, guest, { text: '같은 키' }, key);
    const theirs = await post(`/api/board/${postId}/comments`, other, { text: '같은 키' }, key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().author.id).toBe(other.id);
    expect(await commentsOf(postId)).toBe(2);
  });

  it('without the header every POST runs (no row is kept)', async () => {
    const postId = await newPost();
    await post(`/api/board/${postId}/comments`, guest, { text: '키 없음' }, undefined);
    await post(`/api/board/${postId}/comments`, guest, { text: '키 없음' }, undefined);
    expect(await commentsOf(postId)).toBe(2);
  });

  it('anonymous requests: the header is ignored', async () => {
    const key = newKey();
    const body = { email: 'nobody@example.com', password: 'password-123' };
    const a = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'idempotency-key': key }, payload: body });
    const b = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'idempotency-key': key }, payload: body });
    expect([a.statusCode, b.statusCode]).toEqual([401, 401]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it.each([['with a space', 'a b'], ['too long', 'k'.repeat(201)], ['non-ASCII', '키'], ['empty', '']])('an invalid key (%s) → 400, nothing written', async (_name, key) => {
    const postId = await newPost();
    const res = await post(`/api/board/${postId}/comments`, guest, { text: '잘못된 키' }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errorBody('IDEMPOTENCY_KEY_INVALID'));
    expect(await commentsOf(postId)).toBe(0);
  });

  it('a 4xx answer is stored and replayed as the same 4xx (duplicate match request → 409)', async () => {
    const scheduleId = await createSchedule(t, host.headers);
    expect((await post('/api/matches', guest, { scheduleId }, newKey())).statusCode).toBe(201);
    const key = newKey();
    const first = await post('/api/matches', guest, { scheduleId }, key);
    const again = await post('/api/matches', guest, { scheduleId }, key);
    expect(first.statusCode).toBe(409);
    expect(first.json().code).toBe('ALREADY_REQUESTED');
    expect(again.statusCode).toBe(409);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('concurrent requests with one key make exactly one row', async () => {
    const postId = await newPost();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(`/api/board/${postId}/comments`, guest, { text: '동시에' }, key)));
    expect(await commentsOf(postId)).toBe(1);
    const fresh = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(fresh).toHaveLength(1);
    for (const a of answers) {
      if (a.statusCode === 409) expect(a.json()).toEqual(errorBody('IDEMPOTENCY_IN_PROGRESS'));
      else expect([a.statusCode, a.body]).toEqual([201, fresh[0]!.body]);
    }
    expect(await keyRows(guest.id, key)).toHaveLength(1);
  });

  it('after 24 h the key is new again, and the sweep removes expired keys', async () => {
    const postId = await newPost();
    const key = newKey();
    expect((await post(`/api/board/${postId}/comments`, guest, { text: '하루 뒤' }, key)).statusCode).toBe(201);
    t.clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    try {
      expect((await post(`/api/board/${postId}/comments`, guest, { text: '하루 뒤' }, key)).headers['idempotent-replayed']).toBe('true');
      t.clock.advance(120_000);
      const later = await post(`/api/board/${postId}/comments`, guest, { text: '하루 뒤' }, key);
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(await commentsOf(postId)).toBe(2);
      expect(await keyRows(guest.id, key)).toHaveLength(1);
      t.clock.advance(IDEMPOTENCY_TTL_MS + 1000);
      expect(await t.app.sweepIdempotencyKeys()).toBeGreaterThan(0);
      expect(await keyRows(guest.id, key)).toHaveLength(0);
    } finally {
      t.clock.set(kstNoonToday());
    }
  });
});

/**
 * Answers that must not be stored: a small app with the idempotency plugin on a real (PGlite)
 * database, a stand-in `auth` that signs in member `x-user`, and routes that fail on purpose.
 */
describe('answers that are not stored', () => {
  let app: FastifyInstance;
  let db: Database;
  let close: () => Promise<void>;
  let userId: number;
  let calls = 0;
  /** Resolves the pending `/api/slow` handler. */
  let finishSlow: (() => void) | undefined;

  beforeAll(async () => {
    ({ db, close } = await openDatabase({ kind: 'pglite-memory' }));
    const [u] = await db.insert(users).values({ email: 'idem@example.com', name: '멱등', passwordHash: 'x', preferences: {} }).returning();
    userId = u!.id;
    app = Fastify();
    await app.register(errorsPlugin);
    await app.register(fp(async (a) => void a.decorate('db', db), { name: 'db' }));
    await app.register(
      fp(
        async (a) => {
          a.decorateRequest('user', null);
          a.decorate('requireAuth', async (request) => {
            request.user = { id: Number(request.headers['x-user']), role: 'member' };
          });
        },
        { name: 'auth' },
      ),
    );
    await app.register(idempotencyPlugin, { now: () => new Date() });
    const auth = { preHandler: [app.requireAuth] };
    app.post('/api/fail', auth, async () => {
      calls += 1;
      throw new Error('boom');
    });
    app.post('/api/unavailable', auth, async () => {
      calls += 1;
      throw new AppError(503, 'UNAVAILABLE', '잠시 후');
    });
    app.post('/api/busy', auth, async () => {
      calls += 1;
      throw new AppError(429, 'RATE_LIMITED', '요청이 너무 많아요. 잠시 후 다시 시도해주세요.');
    });
    app.post('/api/stream', auth, async (_request, reply) => {
      calls += 1;
      return reply.type('text/plain').send(Readable.from(['흐르는 ', '답']));
    });
    app.post('/api/slow', auth, async (_request, reply) => {
      calls += 1;
      await new Promise<void>((resolve) => (finishSlow = resolve));
      return reply.code(201).send({ done: true });
    });
    app.post('/api/bytes', auth, async (_request, reply) => {
      calls += 1;
      return reply.code(201).type('application/octet-stream').send(Buffer.from([0, 1, 2, 255]));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await close();
  });

  const send = (url: string, key: string) => app.inject({ method: 'POST', url, headers: { 'x-user': String(userId), 'idempotency-key': key }, payload: { a: 1 } });

  it.each([['/api/fail', 500], ['/api/unavailable', 503], ['/api/busy', 429], ['/api/stream', 200]])('%s (%i): the key is released and a retry runs again', async (url, status) => {
    const key = newKey();
    const before = calls;
    expect((await send(url, key)).statusCode).toBe(status);
    const retry = await send(url, key);
    expect(retry.statusCode).toBe(status);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(calls - before).toBe(2);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
  });

  it('while the first request runs, a repeat gets 409 IDEMPOTENCY_IN_PROGRESS; afterwards the replay', async () => {
    const key = newKey();
    const before = calls;
    const first = send('/api/slow', key);
    await expect.poll(() => finishSlow !== undefined).toBe(true);
    const during = await send('/api/slow', key);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual(errorBody('IDEMPOTENCY_IN_PROGRESS'));
    finishSlow!();
    expect((await first).statusCode).toBe(201);
    const after = await send('/api/slow', key);
    expect([after.statusCode, after.json(), after.headers['idempotent-replayed']]).toEqual([201, { done: true }, 'true']);
    expect(calls - before).toBe(1);
  });

  it('a binary answer is stored and replayed byte for byte', async () => {
    const key = newKey();
    const before = calls;
    const first = await send('/api/bytes', key);
    const again = await send('/api/bytes', key);
    expect(calls - before).toBe(1);
    expect(again.statusCode).toBe(201);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['content-type']).toBe('application/octet-stream');
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
