/**
 * Members' reliability figures (issue #15; ./public.ts `memberStats`) as lists show them:
 * - any length of list (ids travel as one array parameter; PostgreSQL allows 65,535 parameters);
 * - issue #33 item 5: each instance caches the figures and drops a member's as soon as any write
 *   naming them commits (migration 0024's triggers → `pg_notify`), whichever module or instance
 *   wrote, a read racing a write never keeps what it read, and a lost listening connection never
 *   lets an old figure through. Runs on PGlite (`node`) and PostgreSQL (`node-postgres`; the
 *   listener's connection and the two-instance case only there, PGlite being one process).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PglitePreparedQuery } from 'drizzle-orm/pglite/session';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js/session';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { act, createSchedule, kstDate, kstMidnight, kstNoonToday, requestMatch } from '../../test/schedule-fixtures.ts';
import { matchRequests, schedules } from '../../db/schema.ts';
import { memberStats } from './public.ts';
import { MEMBER_STATS_LISTENER, MEMBER_STATS_TTL_MS, MemberStatsCache, PingBarrier, memberStatsCacheOf } from './member-stats-cache.ts';

const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';
const HOUR = 60 * 60 * 1000;
const ADMIN_EMAIL = 'stats-admin@example.com';
const JWT_SECRET = randomBytes(32).toString('hex');
type Member = Awaited<ReturnType<TestApp['quickMember']>>;

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['registerMember']>>;
beforeAll(async () => {
  // A known secret: the second instance (same database) accepts the same tokens.
  t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, JWT_SECRET } });
  t.clock.set(kstNoonToday());
  admin = await t.registerMember({ name: '관리자', email: ADMIN_EMAIL });
});
afterEach(() => {
  vi.restoreAllMocks();
  t.clock.set(kstNoonToday());
});
afterAll(async () => {
  await t.close();
});

const post = (app: TestApp, m: { headers: Record<string, string> }, url: string, payload?: object) =>
  app.app.inject({ method: 'POST', url, headers: m.headers, ...(payload ? { payload } : {}) });
/** The instant `minutes` after KST `hour`:00 today. */
const todayAt = (hour: number, minutes = 0) => new Date(kstMidnight(t.clock.now()).getTime() + hour * HOUR + minutes * 60_000);

/** A host's meal today at `time` with `guest` seated and confirmed (created at noon); answers the match id. */
async function confirmedMeal(host: Member, guest: Member, time = 14): Promise<{ id: number; scheduleId: number }> {
  const scheduleId = await createSchedule(t, host.headers, { days: 0, time, participants: 4 });
  const id = await requestMatch(t, guest.headers, scheduleId);
  expect((await act(t, host.headers, id, 'accept')).statusCode).toBe(200);
  expect((await act(t, host.headers, id, 'confirm')).statusCode).toBe(200);
  return { id, scheduleId };
}

/** A member with a schedule two days ahead (so the day list of that date shows them), and how `viewer` sees their figures there. */
async function author(app: TestApp = t) {
  const member = await app.quickMember({ name: '작성자' });
  await createSchedule(app, member.headers, { days: 2, time: 19 });
  const date = kstDate(app.clock.now(), 2);
  const figuresSeenBy = async (viewer: { headers: Record<string, string> }, via: TestApp = app) => {
    const res = await via.app.inject({ url: `/api/schedules?date=${date}&limit=100`, headers: viewer.headers });
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json() as Array<{ user: { id: number; mealCount: number; noShowCount: number; lateCancelCount: number } }>).find((s) => s.user.id === member.id)!;
    return { mealCount: row.user.mealCount, noShowCount: row.user.noShowCount, lateCancelCount: row.user.lateCancelCount };
  };
  return { member, figuresSeenBy };
}

/** What the app's cache holds for `id` right now (undefined: not cached). */
const cached = (app: TestApp, id: number) => memberStatsCacheOf(app.app.db)?.get(id, app.clock.now().getTime());

it('answers every id of a 70,001-id list, with the real figures of a member placed last', async () => {
  const host = await t.quickMember();
  const guest = await t.quickMember();
  const matchId = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 1, time: 11 }));
  expect((await act(t, host.headers, matchId, 'accept')).statusCode).toBe(200);
  expect((await post(t, host, `/api/matches/${matchId}/cancel`)).statusCode).toBe(200); // 23 h ahead: late
  const ids = [...Array.from({ length: 70_000 }, (_, i) => 1_000_000 + i), host.id];
  const stats = await memberStats(t.app.db, ids, t.clock.now());
  expect(stats.size).toBe(70_001);
  expect(stats.get(host.id)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 1 });
  expect(stats.get(1_000_000)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 0 });
});

describe('cached figures (issue #33 item 5)', () => {
  it('the day list shows an author’s new figures right after each kind of write, whichever module or statement wrote', async () => {
    const { member: host, figuresSeenBy } = await author();
    const viewer = await t.quickMember();
    const guest = await t.quickMember({ name: '게스트' });
    const other = await t.quickMember({ name: '다른 게스트' });
    /** Reads the list (so the cache holds the host's figures), writes, and answers what the list shows next. */
    const after = async (write: () => Promise<unknown>) => {
      const before = await figuresSeenBy(viewer);
      expect(cached(t, host.id)).toEqual(before);
      await write();
      return figuresSeenBy(viewer);
    };
    expect(await figuresSeenBy(viewer)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 0 });

    // A late cancellation: the host cancels a seated guest's meal 23 h ahead.
    const early = await requestMatch(t, guest.headers, await createSchedule(t, host.headers, { days: 1, time: 11 }));
    expect((await act(t, host.headers, early, 'accept')).statusCode).toBe(200);
    expect(await after(() => post(t, host, `/api/matches/${early}/cancel`))).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 1 });

    const absent = await confirmedMeal(host, guest);
    const present = await confirmedMeal(host, other);
    t.clock.set(todayAt(15));
    // Attendance marks: absent (a no-show) and present (a meal).
    expect(await after(() => post(t, guest, `/api/matches/${absent.id}/attendance`, { partnerAttended: false }))).toEqual({ mealCount: 0, noShowCount: 1, lateCancelCount: 1 });
    expect(await after(() => post(t, other, `/api/matches/${present.id}/attendance`, { partnerAttended: true }))).toEqual({ mealCount: 1, noShowCount: 1, lateCancelCount: 1 });
    // The accused disputes (not counted while open); the admin upholds the mark (counted again).
    expect(await after(() => post(t, host, `/api/matches/${absent.id}/attendance/dispute`, { note: '갔어요' }))).toEqual({ mealCount: 1, noShowCount: 0, lateCancelCount: 1 });
    const queue = (await t.app.inject({ url: '/api/admin/reports?status=open', headers: admin.headers })).json() as Array<{ id: number; targetType: string; targetId: number }>;
    const group = queue.find((g) => g.targetType === 'attendance' && g.targetId === absent.id)!;
    expect(await after(() => post(t, admin, `/api/admin/reports/${group.id}/resolve`, { action: 'dismiss' }))).toEqual({ mealCount: 1, noShowCount: 1, lateCancelCount: 1 });
    // Writers outside the meals module's services (a repair, a tool): the confirmation undone and
    // redone, the meal moved in time (out of the 180-day window and back).
    const setStatus = (status: 'ACCEPTED' | 'CONFIRMED') => t.app.db.update(matchRequests).set({ status }).where(eq(matchRequests.id, present.id));
    expect(await after(() => setStatus('ACCEPTED'))).toEqual({ mealCount: 0, noShowCount: 1, lateCancelCount: 1 });
    expect(await after(() => setStatus('CONFIRMED'))).toEqual({ mealCount: 1, noShowCount: 1, lateCancelCount: 1 });
    const moveBy = (days: number) => t.app.db.update(schedules).set({ date: sql`${schedules.date} + ${days}::int` }).where(eq(schedules.id, absent.scheduleId));
    expect(await after(() => moveBy(-200))).toEqual({ mealCount: 1, noShowCount: 0, lateCancelCount: 1 });
    expect(await after(() => moveBy(200))).toEqual({ mealCount: 1, noShowCount: 1, lateCancelCount: 1 });
  });

  it('without any write, a mark leaving the 180-day window leaves the figures MEMBER_STATS_TTL_MS later at most', async () => {
    const host = await t.quickMember();
    const guest = await t.quickMember();
    const meal = await confirmedMeal(host, guest);
    t.clock.set(todayAt(15));
    expect((await post(t, guest, `/api/matches/${meal.id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
    // A second before the meal's start (14:00) leaves the window, then a cache lifetime later.
    const leaves = todayAt(14).getTime() + 180 * 24 * HOUR;
    const figures = async (at: number) => (await memberStats(t.app.db, [host.id], new Date(at))).get(host.id);
    expect(await figures(leaves - 1000)).toEqual({ mealCount: 0, noShowCount: 1, lateCancelCount: 0 });
    expect(memberStatsCacheOf(t.app.db)!.get(host.id, leaves - 1000)).toEqual({ mealCount: 0, noShowCount: 1, lateCancelCount: 0 });
    expect(await figures(leaves - 1000 + MEMBER_STATS_TTL_MS)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 0 });
  });

  it('a read racing a write answers what it read but does not keep it: the next list has the new figure', async () => {
    const { member: host, figuresSeenBy } = await author();
    const viewer = await t.quickMember();
    const guest = await t.quickMember();
    const meal = await confirmedMeal(host, guest);
    t.clock.set(todayAt(15));
    // An empty cache, so the next list reads the host's figures.
    memberStatsCacheOf(t.app.db)!.clear();
    // The figures statement has read (its snapshot is before the mark) when the guest's mark commits
    // and reaches this instance; only then does the read go on.
    let raced = false;
    for (const Query of [PglitePreparedQuery, PostgresJsPreparedQuery]) {
      const execute = Query.prototype.execute;
      vi.spyOn(Query.prototype, 'execute').mockImplementation(async function (this: InstanceType<typeof Query>, ...args: Parameters<typeof execute>) {
        const result = await execute.apply(this, args);
        if (!raced && (this as unknown as { queryString: string }).queryString.includes('reported absent')) {
          raced = true;
          vi.restoreAllMocks();
          expect((await post(t, guest, `/api/matches/${meal.id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
          await memberStatsCacheOf(t.app.db)!.sync();
        }
        return result;
      } as typeof execute);
    }
    expect(await figuresSeenBy(viewer)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 0 });
    expect(raced).toBe(true);
    expect(cached(t, host.id)).toBeUndefined();
    expect(await figuresSeenBy(viewer)).toEqual({ mealCount: 0, noShowCount: 1, lateCancelCount: 0 });
  });

  it('a transaction reads the figures as it sees them, never through the cache', async () => {
    const { member: host, figuresSeenBy } = await author();
    const viewer = await t.quickMember();
    const guest = await t.quickMember();
    const meal = await confirmedMeal(host, guest);
    await figuresSeenBy(viewer);
    await t.app.db
      .transaction(async (tx) => {
        await tx.update(matchRequests).set({ status: 'ACCEPTED' }).where(eq(matchRequests.id, meal.id));
        await tx.execute(sql`update match_members set partner_attended = true where match_id = ${meal.id} and role = 'guest'`);
        await tx.update(matchRequests).set({ status: 'CONFIRMED' }).where(eq(matchRequests.id, meal.id));
        expect((await memberStats(tx, [host.id], t.clock.now())).get(host.id)).toEqual({ mealCount: 1, noShowCount: 0, lateCancelCount: 0 });
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
    expect(await figuresSeenBy(viewer)).toEqual({ mealCount: 0, noShowCount: 0, lateCancelCount: 0 });
  });

  it.skipIf(!ON_POSTGRES)('a listening connection lost with a write’s notice in between: the next list has the new figure, and caching resumes', async () => {
    const { member: host, figuresSeenBy } = await author();
    const viewer = await t.quickMember();
    const guest = await t.quickMember();
    const meal = await confirmedMeal(host, guest);
    t.clock.set(todayAt(15));
    await figuresSeenBy(viewer);
    expect(cached(t, host.id)).toBeDefined();
    const killed = await t.app.db.execute(sql`select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = ${MEMBER_STATS_LISTENER} and datname = current_database()`);
    expect((Array.isArray(killed) ? killed : (killed as unknown as { rows: unknown[] }).rows).length).toBe(1);
    expect((await post(t, guest, `/api/matches/${meal.id}/attendance`, { partnerAttended: false })).statusCode).toBe(200);
    expect(await figuresSeenBy(viewer)).toEqual({ mealCount: 0, noShowCount: 1, lateCancelCount: 0 });
    await vi.waitFor(async () => {
      await figuresSeenBy(viewer);
      expect(cached(t, host.id)).toEqual({ mealCount: 0, noShowCount: 1, lateCancelCount: 0 });
    });
    expect((await post(t, guest, `/api/matches/${meal.id}/attendance`, { partnerAttended: true })).statusCode).toBe(200);
    expect(await figuresSeenBy(viewer)).toEqual({ mealCount: 1, noShowCount: 0, lateCancelCount: 0 });
  });

  it.skipIf(!ON_POSTGRES)('two instances on one PostgreSQL database: a write through one shows at once in the other’s list', async () => {
    const two = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, JWT_SECRET }, sharedDatabase: t.dbTarget });
    try {
      const { member: host, figuresSeenBy } = await author();
      const viewer = await t.quickMember();
      const guest = await t.quickMember();
      const meal = await confirmedMeal(host, guest);
      t.clock.set(todayAt(15));
      two.clock.set(todayAt(15));
      for (const [writer, reader, partnerAttended, expected] of [
        [two, t, false, { mealCount: 0, noShowCount: 1, lateCancelCount: 0 }],
        [t, two, true, { mealCount: 1, noShowCount: 0, lateCancelCount: 0 }],
        [two, t, false, { mealCount: 0, noShowCount: 1, lateCancelCount: 0 }],
      ] as const) {
        await figuresSeenBy(viewer, reader);
        expect(cached(reader, host.id)).toBeDefined();
        expect((await post(writer, guest, `/api/matches/${meal.id}/attendance`, { partnerAttended })).statusCode).toBe(200);
        // Straight after, before any other statement of the reader could let the notification in.
        expect((await memberStats(reader.app.db, [host.id], reader.clock.now())).get(host.id)).toEqual(expected);
        expect(await figuresSeenBy(viewer, reader)).toEqual(expected);
      }
    } finally {
      await two.close();
    }
  });
});

describe('MemberStatsCache and PingBarrier', () => {
  const figures = (n: number) => ({ mealCount: n, noShowCount: 0, lateCancelCount: 0 });
  it('serves nothing while not listening; "*" and a payload that is not a list of ids drop everyone; named members only', () => {
    const cache = new MemberStatsCache();
    cache.store(cache.begin([1]), new Map([[1, figures(1)]]), 0);
    expect(cache.get(1, 0)).toBeUndefined();
    cache.listening = true;
    const fill = () => cache.store(cache.begin([1, 2, 3]), new Map([1, 2, 3].map((id) => [id, figures(id)])), 0);
    fill();
    cache.apply('1,3');
    expect([cache.get(1, 0), cache.get(2, 0), cache.get(3, 0)]).toEqual([undefined, figures(2), undefined]);
    fill();
    cache.apply('*');
    expect(cache.size).toBe(0);
    fill();
    cache.apply('2,x');
    expect(cache.size).toBe(0);
  });

  it('a ping answered before a call does not settle it: each call waits for a ping sent after it', async () => {
    const sent: Array<() => void> = [];
    const barrier = new PingBarrier(() => new Promise<void>((resolve) => sent.push(resolve)));
    const settled: string[] = [];
    void barrier.sync().then(() => settled.push('a'));
    void barrier.sync().then(() => settled.push('b')); // after ping 1 was sent: needs ping 2
    void barrier.sync().then(() => settled.push('c')); // shares ping 2
    expect(sent).toHaveLength(1);
    sent[0]!();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(settled).toEqual(['a']);
    sent[1]!();
    await vi.waitFor(() => expect(settled).toEqual(['a', 'b', 'c']));
  });
});
