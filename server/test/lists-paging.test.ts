/**
 * Issue #19 item 1: every list endpoint of matches, reviews, blocks, notifications and the admin
 * queue/audit pages the same way (server/lib/paging.ts): a JSON array of `limit` items (default 20;
 * above 100 → 100; 0 → 400), the next page in `Link: <…cursor=…>; rel="next"`, a tampered cursor
 * → 400 INVALID_CURSOR, and walking every page returns each row exactly once, in order, even when
 * newer rows are inserted between page requests. 105 rows per list are written straight into the
 * database (several within one statement, so with the same created_at: the id breaks the tie).
 * Runs on PGlite and (node-postgres project) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextLinkTarget } from '../../common/paging.ts';
import { adminAudit, blocks, matchMembers, matchRequests, notifications, reviews, schedules, users } from '../db/schema.ts';
import { createTestApp, type TestApp } from './helper.ts';
import { kstDate, kstNoonToday } from './schedule-fixtures.ts';

const ROWS = 105;
const ADMIN_EMAIL = 'pager-admin@example.com';
let t: TestApp;
type Member = Awaited<ReturnType<TestApp['quickMember']>>;
let host: Member;
let guest: Member;
let admin: Awaited<ReturnType<TestApp['registerMember']>>;
let extra = 0;

/** A new schedule of the host and the guest's request on it (one newer row in both match lists). */
async function newRequest(count = 1): Promise<void> {
  const day = kstDate(t.clock.now(), 2);
  const made = await t.app.db
    .insert(schedules)
    .values(Array.from({ length: count }, (_, i) => ({ userId: host.id, date: day, hour: (i + extra) % 24, text: `페이지 ${i}`, placeName: '식당', placeCategory: '한식', participants: 4 })))
    .returning({ id: schedules.id });
  extra += count;
  const requests = await t.app.db.insert(matchRequests).values(made.map((s) => ({ scheduleId: s.id, requesterId: guest.id, hostId: host.id }))).returning({ id: matchRequests.id, scheduleId: matchRequests.scheduleId });
  // Issue #28 item 8: each request's two member rows.
  await t.app.db.insert(matchMembers).values(
    requests.flatMap((r) => [
      { matchId: r.id, scheduleId: r.scheduleId, userId: host.id, partnerId: guest.id, role: 'host' as const },
      { matchId: r.id, scheduleId: r.scheduleId, userId: guest.id, partnerId: host.id, role: 'guest' as const },
    ]),
  );
}

/** A review of the host by the guest, `createdAt` from the clock (several share one millisecond). */
async function newReview(matchId: number, at: Date): Promise<void> {
  await t.app.db.insert(reviews).values({ matchId, reviewerId: guest.id, revieweeId: host.id, rating: 4, comment: '좋았어요', createdAt: at });
}

let reviewMatch = 1_000_000;
let blockedSeq = 0;
async function newBlocked(count: number, at: Date): Promise<void> {
  const made = await t.app.db
    .insert(users)
    .values(Array.from({ length: count }, () => ({ email: `blocked${(blockedSeq += 1)}@example.com`, name: `차단${blockedSeq}` })))
    .returning({ id: users.id });
  await t.app.db.insert(blocks).values(made.map((u) => ({ blockerId: host.id, blockedId: u.id, createdAt: at })));
}
async function newNotifications(count: number): Promise<void> {
  await t.app.db
    .insert(notifications)
    .values(Array.from({ length: count }, () => ({ userId: host.id, type: 'new_match_request' as const, message: '새 매칭 요청', link: '/match-requests' })));
}
async function newAudit(count: number): Promise<void> {
  await t.app.db.insert(adminAudit).values(Array.from({ length: count }, (_, i) => ({ adminId: admin.id, action: 'user.unsuspend', targetType: 'member', targetId: i + 1 })));
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '호스트' });
  guest = await t.quickMember({ name: '게스트' });
  admin = await t.registerMember({ name: '관리자', email: ADMIN_EMAIL });
  // In batches: rows of one statement share created_at (matches) or a millisecond (the rest).
  for (let i = 0; i < ROWS; i += 15) {
    await newRequest(15);
    const at = new Date(t.clock.now().getTime() + i);
    for (let j = 0; j < 15; j += 1) await newReview((reviewMatch += 1), at);
    await newBlocked(15, at);
    await newNotifications(15);
    await newAudit(15);
  }
});
afterAll(async () => {
  await t.close();
});

interface List {
  name: string;
  path: string;
  who: () => { headers: Record<string, string> };
  /** A row's identity in the answer. */
  key: (item: Record<string, unknown>) => unknown;
  /** Adds one row that sorts first (newest). */
  insertNewer: () => Promise<void>;
}

const LISTS: List[] = [
  { name: 'matches received', path: '/api/matches', who: () => host, key: (m) => m.id, insertNewer: () => newRequest() },
  { name: 'matches sent', path: '/api/matches/sent', who: () => guest, key: (m) => m.id, insertNewer: () => newRequest() },
  { name: 'my reviews', path: '/api/reviews/my', who: () => host, key: (r) => r.id, insertNewer: () => newReview((reviewMatch += 1), new Date(t.clock.now().getTime() + 60_000)) },
  { name: 'blocks', path: '/api/blocks', who: () => host, key: (b) => (b.user as { id: number }).id, insertNewer: () => newBlocked(1, new Date(t.clock.now().getTime() + 60_000)) },
  { name: 'notifications', path: '/api/notifications', who: () => host, key: (n) => n.id, insertNewer: () => newNotifications(1) },
  { name: 'admin audit', path: '/api/admin/audit', who: () => admin, key: (a) => a.id, insertNewer: () => newAudit(1) },
];

const get = (list: List, url: string) => t.app.inject({ url, headers: list.who().headers });
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

describe.each(LISTS)('$name', (list) => {
  it('answers `limit` items: default 20, above 100 → 100 (Link keeps 100), 0 → 400', async () => {
    const first = await get(list, list.path);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<unknown[]>()).toHaveLength(20);
    expect(nextLinkTarget(first.headers.link as string)).toMatch(/[?&]cursor=[A-Za-z0-9_-]+/);

    const big = await get(list, withQuery(list.path, 'limit=1000'));
    expect(big.statusCode).toBe(200);
    expect(big.json<unknown[]>()).toHaveLength(100);
    expect(nextLinkTarget(big.headers.link as string)).toContain('limit=100');

    for (const bad of ['limit=0', 'limit=-1', 'limit=abc']) {
      const res = await get(list, withQuery(list.path, bad));
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('a cursor the server did not issue → 400 INVALID_CURSOR with a Korean message', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const cursor of ['garbage!', 'bm90IGpzb24', b64(['x']), b64([1, 2, 3, 4]), b64({ id: 1 }), b64([-5]), 'A'.repeat(600)]) {
      const res = await get(list, withQuery(list.path, `cursor=${encodeURIComponent(cursor)}`));
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({ message: expect.stringMatching(/[가-힣]/) });
      // Long ones are refused by the schema (VALIDATION), the others by the cursor check.
      if (cursor.length <= 512) expect(res.json<{ code: string }>().code, cursor).toBe('INVALID_CURSOR');
    }
  });

  it('walking every page returns each row once, in order, while newer rows are inserted between pages', async () => {
    const before = (await get(list, withQuery(list.path, 'limit=100'))).json<Array<Record<string, unknown>>>().map(list.key);
    const rest = await get(list, `${nextLinkTarget((await get(list, withQuery(list.path, 'limit=100'))).headers.link as string)}`);
    const all = [...before, ...rest.json<Array<Record<string, unknown>>>().map(list.key)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThanOrEqual(ROWS);

    const walked: unknown[] = [];
    let url: string | null = withQuery(list.path, 'limit=7');
    let pages = 0;
    while (url) {
      const res = await get(list, url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Array<Record<string, unknown>>>();
      expect(page.length).toBeLessThanOrEqual(7);
      walked.push(...page.map(list.key));
      url = nextLinkTarget(res.headers.link as string | undefined);
      pages += 1;
      await list.insertNewer();
    }
    expect(pages).toBe(Math.ceil(all.length / 7));
    expect(walked).toEqual(all);
  });
});

describe('GET /api/notifications keeps `before`', () => {
  it('answers items with id < before; its Link carries `cursor` only; before with cursor → 400', async () => {
    const firstPage = (await t.app.inject({ url: '/api/notifications?limit=3', headers: host.headers }));
    const ids = firstPage.json<Array<{ id: number }>>().map((n) => n.id);
    const byBefore = await t.app.inject({ url: `/api/notifications?before=${ids[2]}&limit=3`, headers: host.headers });
    const byCursor = await t.app.inject({ url: nextLinkTarget(firstPage.headers.link as string)!, headers: host.headers });
    expect(byBefore.json()).toEqual(byCursor.json());
    const link = nextLinkTarget(byBefore.headers.link as string)!;
    expect(link).not.toContain('before=');
    expect(link).toContain('cursor=');
    const both = await t.app.inject({ url: `${link}&before=5`, headers: host.headers });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ message: string }>().message).toMatch(/[가-힣]/);
  });
});

describe('GET /api/admin/reports', () => {
  it('pages the groups with the common cursor (tampered → 400 INVALID_CURSOR)', async () => {
    const reporter = await t.quickMember();
    for (let i = 0; i < 5; i += 1) {
      const member = await t.quickMember({ name: `신고대상${i}` });
      const res = await t.app.inject({ method: 'POST', url: '/api/reports', headers: reporter.headers, payload: { targetType: 'member', targetId: member.id, reason: 'spam' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await t.app.inject({ url: '/api/admin/reports?limit=2', headers: admin.headers });
    expect(first.json<unknown[]>()).toHaveLength(2);
    const walked = first.json<Array<{ id: number }>>().map((g) => g.id);
    let next = nextLinkTarget(first.headers.link as string);
    while (next) {
      const res = await t.app.inject({ url: next, headers: admin.headers });
      walked.push(...res.json<Array<{ id: number }>>().map((g) => g.id));
      next = nextLinkTarget(res.headers.link as string | undefined);
    }
    expect(walked).toHaveLength(5);
    expect([...walked].sort((a, b) => b - a)).toEqual(walked);
    const bad = await t.app.inject({ url: '/api/admin/reports?cursor=8', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string }>().code).toBe('INVALID_CURSOR');
  });
});
