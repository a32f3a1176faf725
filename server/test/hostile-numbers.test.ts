/**
 * issue #13 "Numbers that are numbers": the requests that used to answer 500 (and, for the board
 * and schedules, commit a row that broke the list for everyone) now answer 400 naming the field,
 * store nothing, and every list keeps answering 200. Runs on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helper.ts';
import { createSchedule, kstNoonToday, scheduleBody } from './schedule-fixtures.ts';
import { posts, schedules, users } from '../db/schema.ts';
import { decimalFromText } from '../lib/validation.ts';

let t: TestApp;
let member: Awaited<ReturnType<TestApp['quickMember']>>;
let scheduleId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  member = await t.quickMember({ name: '숫자검사' });
  scheduleId = await createSchedule(t, member.headers);
});
afterAll(async () => {
  await t.close();
});

/** Sends `body` as raw JSON text (so `1e309` reaches the server as written). */
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: string) =>
  t.app.inject({ method, url, headers: { ...member.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, payload: body });

const rows = async () => ({
  posts: (await t.app.db.select({ n: count() }).from(posts))[0]!.n,
  schedules: (await t.app.db.select({ n: count() }).from(schedules))[0]!.n,
});

const HOSTILE = ['"Infinity"', '"-Infinity"', '"NaN"', '"1e309"', '1e309', '-1e309', '"12"', '" 1"', '"0x10"'];

describe('hostile numbers in JSON bodies answer 400 naming the field and store nothing', () => {
  const valid = () => scheduleBody(t);
  const cases: { name: string; method: 'POST' | 'PUT'; url: () => string; body: (v: string) => string; field: string }[] = [
    { name: 'board latitude', method: 'POST', url: () => '/api/board', body: (v) => `{"title":"t","content":"<p>x</p>","latitude":${v},"longitude":${v}}`, field: 'latitude' },
    { name: 'schedule latitude', method: 'POST', url: () => '/api/schedules', body: (v) => JSON.stringify({ ...valid(), latitude: 0, longitude: 0 }).replace('"latitude":0', `"latitude":${v}`), field: 'latitude' },
    { name: 'schedule time', method: 'POST', url: () => '/api/schedules', body: (v) => JSON.stringify(valid()).replace(/"time":\d+/, `"time":${v}`), field: 'time' },
    { name: 'schedule participants', method: 'POST', url: () => '/api/schedules', body: (v) => JSON.stringify(valid()).replace(/"participants":\d+/, `"participants":${v}`), field: 'participants' },
    { name: 'match scheduleId', method: 'POST', url: () => '/api/matches', body: (v) => `{"scheduleId":${v}}`, field: 'scheduleId' },
    { name: 'review matchId', method: 'POST', url: () => '/api/reviews', body: (v) => `{"matchId":${v},"revieweeId":1,"rating":3,"comment":""}`, field: 'matchId' },
    { name: 'profile age', method: 'PUT', url: () => '/api/user/profile', body: (v) => `{"name":"숫자검사","age":${v},"preferences":{}}`, field: 'age' },
  ];

  for (const c of cases) {
    it(`${c.name}: ${HOSTILE.join(' ')}`, async () => {
      const before = await rows();
      for (const value of HOSTILE) {
        const res = await send(c.method, c.url(), c.body(value));
        expect(res.statusCode, `${c.name} = ${value}: ${res.body}`).toBe(400);
        expect(res.json(), `${c.name} = ${value}`).toMatchObject({ code: 'VALIDATION', field: c.field, message: expect.stringContaining(c.field) });
      }
      expect(await rows()).toEqual(before);
    });
  }

  it('the profile keeps its age after the refused updates', async () => {
    const me = await send('GET', '/api/user/me');
    expect(me.json()).toMatchObject({ age: null });
  });
});

describe('hostile ids in paths answer 400, never 500', () => {
  const paths: ['GET' | 'POST' | 'PUT' | 'DELETE', string, string?][] = [
    ['GET', '/api/chat/{}/history'],
    ['PUT', '/api/schedules/{}', '{"text":"수정","participants":2}'],
    ['DELETE', '/api/board/{}'],
    ['POST', '/api/matches/{}/accept'],
    ['GET', '/api/matches/{}'],
    ['DELETE', '/api/schedules/{}'],
    ['POST', '/api/board/{}/like'],
  ];
  for (const [method, template, body] of paths) {
    it(`${method} ${template}`, async () => {
      for (const id of ['Infinity', '-Infinity', 'NaN', '1e309', '1e3', '0x10', '2147483648', '0', '-1', '1.5', '%201', '9007199254740993']) {
        const res = await send(method, template.replace('{}', id), body);
        expect(res.statusCode, `${method} ${id}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION', field: expect.stringMatching(/^(id|matchId)$/) });
      }
      // A plain decimal id still reaches the route (here: unknown or not the caller's → 4xx, not 400).
      const res = await send(method, template.replace('{}', String(scheduleId + 100_000)), body);
      expect(res.statusCode).toBeGreaterThan(400);
      expect(res.statusCode).toBeLessThan(500);
    });
  }

  it('query numbers: only plain decimals within range', async () => {
    for (const q of ['lat=Infinity&lng=127', 'lat=37.5&lng=1e309', 'lat=NaN&lng=127', 'lat=37.5&lng=127&radius=Infinity', 'lat=0x10&lng=127']) {
      const res = await send('GET', `/api/venues?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await send('GET', '/api/venues?lat=37.5665&lng=126.978&radius=500')).statusCode).toBe(200);
    expect((await send('GET', `/api/chat/${scheduleId}/history?limit=Infinity`)).statusCode).toBe(400);
  });
});

describe('the lists keep answering', () => {
  it('GET /api/board, /api/schedules, /api/recommendations, /api/schedules/my answer 200 arrays', async () => {
    for (const url of ['/api/board', '/api/schedules', '/api/recommendations', '/api/schedules/my', '/api/matches', '/api/matches/sent', '/api/reviews/my']) {
      const res = await send('GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
  });
});

describe('the database refuses what the API would never store (last line of defence)', () => {
  it('non-finite or out-of-range coordinates, a lone coordinate and an age outside 14–120 violate a CHECK', async () => {
    const attempts: [string, () => Promise<unknown>][] = [
      ['post Infinity', () => t.app.db.insert(posts).values({ title: 't', content: 'c', latitude: Infinity, longitude: Infinity })],
      ['post NaN', () => t.app.db.insert(posts).values({ title: 't', content: 'c', latitude: NaN, longitude: 1 })],
      ['post lone latitude', () => t.app.db.insert(posts).values({ title: 't', content: 'c', latitude: 37.5, longitude: null })],
      ['post 91°', () => t.app.db.insert(posts).values({ title: 't', content: 'c', latitude: 91, longitude: 0 })],
      [
        'schedule -Infinity',
        () =>
          t.app.db
            .insert(schedules)
            .values({ userId: member.id, date: '2026-12-01', hour: 12, text: 't', placeName: 'p', placeCategory: '한식', participants: 2, latitude: -Infinity, longitude: 0 }),
      ],
      ['age 1000', () => t.app.db.update(users).set({ age: 1000 }).returning()],
    ];
    for (const [name, attempt] of attempts) {
      await expect(attempt(), name).rejects.toThrow();
    }
  });
});

describe('decimalFromText (path and query values)', () => {
  it('converts plain decimal text to finite numbers and leaves everything else as text', () => {
    expect(decimalFromText('42', 'integer')).toBe(42);
    expect(decimalFromText('-3', 'integer')).toBe(-3);
    expect(decimalFromText('37.5665', 'number')).toBe(37.5665);
    for (const text of ['Infinity', '1e309', '1e3', '0x10', ' 1', '1 ', '01', '1.', '.5', '+1', '', 'NaN', '9007199254740993']) {
      expect(decimalFromText(text, 'integer'), text).toBe(text);
    }
    expect(decimalFromText('1.5', 'integer')).toBe('1.5');
    expect(decimalFromText(7, 'integer')).toBe(7);
  });
});

describe('other hostile text found by the edge property tests', () => {
  it('a U+0000 in any request string answers 400 naming the field (PostgreSQL cannot store it)', async () => {
    const before = await rows();
    const board = await send('POST', '/api/board', JSON.stringify({ title: 'a\u0000b', content: '<p>x</p>' }));
    expect(board.statusCode).toBe(400);
    expect(board.json()).toMatchObject({ code: 'VALIDATION', field: 'title' });
    const schedule = await send('POST', '/api/schedules', JSON.stringify({ ...scheduleBody(t), text: '\u0000' }));
    expect(schedule.json()).toMatchObject({ code: 'VALIDATION', field: 'text' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@example.com', password: 'password-123' } });
    expect(login.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it('malformed percent-encoding and over-long path values answer JSON in Korean', async () => {
    const bad = await send('GET', '/api/chat/%zz/history');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'BAD_URL', message: '요청 주소를 읽을 수 없어요. 주소를 확인해주세요.' });
    const long = await send('DELETE', `/api/board/${'1'.repeat(150)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ code: 'URI_TOO_LONG' });
  });
});
