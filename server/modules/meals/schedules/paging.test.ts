/**
 * Issue #19 items 1 and 3: schedules by what the screen shows — the day list (`?date=`, paged,
 * filtered by category and distance in SQL), the calendar's counts, and my schedules paged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { allPages, kstDate, kstNoonToday, requestMatch } from '../../../test/schedule-fixtures.ts';
import { schedules } from '../../../db/schema.ts';
import { EARTH_RADIUS_M } from '../../../../common/domain/geo.ts';
import { FOOD_CATEGORIES } from '../../../../common/domain/vocabulary.ts';
import { nextLinkTarget } from '../../../../common/paging.ts';

let t: TestApp;
let host: Awaited<ReturnType<TestApp['quickMember']>>;
let viewer: Awaited<ReturnType<TestApp['quickMember']>>;
let blocked: Awaited<ReturnType<TestApp['quickMember']>>;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(kstNoonToday());
  host = await t.quickMember({ name: '김호스트' });
  viewer = await t.quickMember({ name: '이보는이' });
  blocked = await t.quickMember({ name: '박차단' });
  const res = await t.app.inject({ method: 'POST', url: '/api/blocks', headers: viewer.headers, payload: { userId: blocked.id } });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await t.close();
});

type Row = { id: number; date: string; time: number; placeCategory: string; latitude: number | null; longitude: number | null; user: { id: number } };
type Values = { userId?: number; days: number; hour: number; category?: string; lat?: number | null; lng?: number | null };

/** Inserts schedules directly (fast; the API's own create is covered elsewhere); answers their ids. */
async function insert(list: Values[]): Promise<number[]> {
  const rows = await t.app.db
    .insert(schedules)
    .values(
      list.map((v) => ({
        userId: v.userId ?? host.id,
        date: kstDate(t.clock.now(), v.days),
        hour: v.hour,
        text: '페이지 시험',
        placeName: '시청 식당',
        placeCategory: v.category ?? '한식',
        participants: 4,
        latitude: v.lat ?? null,
        longitude: v.lng ?? null,
      })),
    )
    .returning({ id: schedules.id });
  return rows.map((r) => r.id);
}

const get = (url: string, headers = viewer.headers) => t.app.inject({ url, headers });
const byKey = (a: Row, b: Row) => a.date.localeCompare(b.date) || a.time - b.time || a.id - b.id;
const cursorOf = (link: unknown) => new URL(nextLinkTarget(link as string)!, 'http://x').searchParams.get('cursor')!;

describe('GET /api/schedules?date= (the day list)', () => {
  it("answers one KST day only, ordered by hour then id, without started, deleted, hidden or blocked members' meals", async () => {
    const [a, b, c, , hidden, deleted] = await insert([
      { days: 3, hour: 18 },
      { days: 3, hour: 9 },
      { days: 3, hour: 9, userId: viewer.id },
      { days: 3, hour: 10, userId: blocked.id },
      { days: 3, hour: 11 },
      { days: 3, hour: 12 },
      { days: 4, hour: 9 },
    ]);
    await t.app.db.update(schedules).set({ hiddenAt: t.clock.now() }).where(eq(schedules.id, hidden!));
    await t.app.db.update(schedules).set({ cancelledAt: t.clock.now() }).where(eq(schedules.id, deleted!));
    const res = await get(`/api/schedules?date=${kstDate(t.clock.now(), 3)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Row[]).map((s) => s.id)).toEqual([b, c, a]);
    expect(res.headers.link).toBeUndefined();
    // The blocked member does not see the viewer's meal either (both ways).
    const theirs = (await get(`/api/schedules?date=${kstDate(t.clock.now(), 3)}`, blocked.headers)).json() as Row[];
    expect(theirs.map((s) => s.id)).not.toContain(c);
    // Today's meals whose hour has started are left out (the clock stands at 12:00 KST).
    const [past, ahead] = await insert([{ days: 0, hour: 11 }, { days: 0, hour: 15 }]);
    const today = (await get(`/api/schedules?date=${kstDate(t.clock.now())}`)).json() as Row[];
    expect(today.map((s) => s.id)).toContain(ahead);
    expect(today.map((s) => s.id)).not.toContain(past);
  });

  it('the unfiltered day list (prepared statements, issue #19 item 6) answers what the general query answers, page by page, at the current clock', async () => {
    const [requested, , , , soon] = await insert([
      { days: 0, hour: 16 },
      { days: 0, hour: 17, category: '중식' },
      { days: 0, hour: 17, userId: viewer.id },
      { days: 0, hour: 18, userId: blocked.id },
      { days: 0, hour: 13 },
      { days: 0, hour: 19 },
    ]);
    await requestMatch(t, viewer.headers, requested!);
    const date = kstDate(t.clock.now());
    const everyCategory = `&category=${encodeURIComponent(FOOD_CATEGORIES.join(','))}`;
    const plain = await allPages<Row & { myRequestStatus: string | null }>(t, viewer.headers, `/api/schedules?date=${date}&limit=2`);
    expect(plain.map((s) => s.id)).toContain(soon);
    expect(plain.find((s) => s.id === requested)?.myRequestStatus).toBe('PENDING');
    expect(plain.every((s) => s.user.id !== blocked.id)).toBe(true);
    expect(plain).toEqual(await allPages(t, viewer.headers, `/api/schedules?date=${date}&limit=2${everyCategory}`));
    // The statement is prepared once; the clock is read on every request: at 13:30 KST the 13:00 meal has started.
    t.clock.set(new Date(kstNoonToday().getTime() + 90 * 60 * 1000));
    try {
      const later = await allPages<Row>(t, viewer.headers, `/api/schedules?date=${date}&limit=2`);
      expect(later.map((s) => s.id)).not.toContain(soon);
      expect(later).toEqual(await allPages(t, viewer.headers, `/api/schedules?date=${date}&limit=2${everyCategory}`));
    } finally {
      t.clock.set(kstNoonToday());
    }
  });

  it('a date outside today … +21 (KST) or not a date → 400 in Korean, never 500', async () => {
    for (const days of [-1, 22]) {
      const res = await get(`/api/schedules?date=${kstDate(t.clock.now(), days)}`);
      expect(res.statusCode, `day ${days}`).toBe(400);
      expect(res.json()).toEqual({ message: '오늘부터 21일 후까지의 날짜만 볼 수 있어요.', code: 'LIST_DATE_OUT_OF_WINDOW', field: 'date' });
    }
    for (const date of ['2026-02-30', 'tomorrow', '']) expect((await get(`/api/schedules?date=${date}`)).statusCode, date).toBe(400);
    expect((await get(`/api/schedules?date=${kstDate(t.clock.now(), 21)}`)).statusCode).toBe(200);
  });
});

describe('paging (issue #19 item 1)', () => {
  it('limit: default 20 with Link rel="next", above 100 → 100 items, 0 or negative → 400; the last page has no Link', async () => {
    const date = kstDate(t.clock.now(), 5);
    await insert(Array.from({ length: 105 }, (_, i) => ({ days: 5, hour: 13 + (i % 11) })));
    const first = await get(`/api/schedules?date=${date}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(20);
    const next = nextLinkTarget(first.headers.link as string);
    expect(next).toMatch(/^\/api\/schedules\?/);
    expect(new URL(next!, 'http://x').searchParams.get('date')).toBe(date);
    expect(new URL(next!, 'http://x').searchParams.get('limit')).toBe('20');
    const big = await get(`/api/schedules?date=${date}&limit=1000`);
    expect(big.json()).toHaveLength(100);
    expect(big.headers.link).toBeDefined();
    const rest = await get(nextLinkTarget(big.headers.link as string)!);
    expect(rest.json()).toHaveLength(5);
    expect(rest.headers.link).toBeUndefined();
    for (const limit of ['0', '-1', 'abc']) expect((await get(`/api/schedules?date=${date}&limit=${limit}`)).statusCode, limit).toBe(400);
    // All pages of the day equal the day's rows in (hour, id) order.
    const walked = await allPages<Row>(t, viewer.headers, `/api/schedules?date=${date}&limit=7`);
    expect(walked).toHaveLength(105);
    expect(walked).toEqual([...walked].sort(byKey));
  });

  it('a tampered or foreign cursor → 400 INVALID_CURSOR (never 500, never another list)', async () => {
    const date = kstDate(t.clock.now(), 5);
    const good = cursorOf((await get(`/api/schedules?date=${date}&limit=2`)).headers.link);
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      'not a cursor!',
      good.slice(0, -3),
      enc(['2026-02-30', 12, 1]),
      enc([date, 24, 1]),
      enc([date, 12, 0]),
      enc([date, 12]),
      enc([12, date, 1]),
      enc({ id: 1 }),
      enc(['2026-01-01T00:00:00.000Z', 1]),
      'x'.repeat(600),
    ];
    for (const cursor of bad) {
      for (const path of [`/api/schedules?date=${date}&`, '/api/schedules?', '/api/schedules/my?']) {
        const res = await get(`${path}cursor=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, `${path} ${cursor}`).toBe(400);
        if (cursor.length <= 512) expect(res.json(), `${path} ${cursor}`).toMatchObject({ code: 'INVALID_CURSOR' });
      }
    }
  });

  it('walking every page while rows are inserted between requests: no overlap, no gap, strictly ordered', async () => {
    const date = kstDate(t.clock.now(), 6);
    const initial = await insert(Array.from({ length: 30 }, (_, i) => ({ days: 6, hour: 13 + (i % 10) })));
    const seen: Row[] = [];
    let url: string | null = `/api/schedules?date=${date}&limit=4`;
    let pages = 0;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...(res.json() as Row[]));
      url = nextLinkTarget(res.headers.link as string | undefined);
      // Between requests others create meals before and after the current position.
      await insert([{ days: 6, hour: 13 }, { days: 6, hour: 23 }]);
      pages++;
    }
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size, 'no row twice').toBe(ids.length);
    for (const id of initial) expect(ids, `row ${id} present`).toContain(id);
    expect(seen, 'strictly ascending (date, hour, id)').toEqual([...seen].sort(byKey));
    // Every 23:00 meal inserted before the walk passed 23:00 is listed too (they lie ahead of the cursor).
    expect(seen.filter((s) => s.time === 23).length).toBeGreaterThan(3);
    expect(pages).toBeGreaterThan(7);
  });

  it('without ?date= the whole window is paged in (date, hour, id) order', async () => {
    const all = await allPages<Row>(t, viewer.headers, '/api/schedules?limit=50');
    expect(all.length).toBeGreaterThan(100);
    expect(all).toEqual([...all].sort(byKey));
    expect(new Set(all.map((s) => s.date)).size).toBeGreaterThan(2);
    const first = await get('/api/schedules');
    expect(first.json()).toHaveLength(20);
    expect(first.headers.link).toBeDefined();
  });

  it('GET /api/schedules/my: paged from today on in (date, hour, id) order; walking equals the whole list', async () => {
    const me = await t.quickMember({ name: '최많음' });
    const ids = await insert(Array.from({ length: 25 }, (_, i) => ({ userId: me.id, days: 1 + (i % 5), hour: 13 + (i % 7) })));
    await insert([{ userId: me.id, days: -1, hour: 13 }]);
    const first = await get('/api/schedules/my', me.headers);
    expect(first.json()).toHaveLength(20);
    expect(nextLinkTarget(first.headers.link as string)).toMatch(/^\/api\/schedules\/my\?/);
    const all = await allPages<Row>(t, me.headers, '/api/schedules/my?limit=6');
    expect(all.map((s) => s.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(all).toEqual([...all].sort(byKey));
    expect((await get('/api/schedules/my?limit=0', me.headers)).statusCode).toBe(400);
    expect((await get('/api/schedules/my?limit=500', me.headers)).json()).toHaveLength(25);
  });
});

describe('filters in SQL: category and distance', () => {
  const centre = { lat: 37.5665, lng: 126.978 };
  const north = (m: number) => centre.lat + (m / EARTH_RADIUS_M) * (180 / Math.PI);

  it('?lat&lng&radius keeps meals within the radius (haversine) and those without coordinates; ?category narrows', async () => {
    const date = kstDate(t.clock.now(), 8);
    const [here, m800, m1200, km3, unknown, cafe] = await insert([
      { days: 8, hour: 13, lat: centre.lat, lng: centre.lng },
      { days: 8, hour: 14, lat: north(800), lng: centre.lng },
      { days: 8, hour: 15, lat: north(1200), lng: centre.lng },
      { days: 8, hour: 16, lat: north(3000), lng: centre.lng },
      { days: 8, hour: 17 },
      { days: 8, hour: 18, lat: north(400), lng: centre.lng, category: '카페' },
    ]);
    const ids = async (q: string) => ((await get(`/api/schedules?date=${date}&${q}`)).json() as Row[]).map((s) => s.id);
    const at = `lat=${centre.lat}&lng=${centre.lng}`;
    expect(await ids(`${at}&radius=1000`)).toEqual([here, m800, unknown, cafe]);
    expect(await ids(`${at}&radius=500`)).toEqual([here, unknown, cafe]);
    expect(await ids(`${at}&radius=2000`)).toEqual([here, m800, m1200, unknown, cafe]);
    expect(await ids(`${at}`)).toEqual([here, m800, m1200, km3, unknown, cafe]); // default 5000 m
    expect(await ids(`${at}&radius=1000&category=카페`)).toEqual([cafe]);
    expect(await ids('category=한식,카페')).toEqual([here, m800, m1200, km3, unknown, cafe]);
    expect(await ids('category=중식')).toEqual([]);
    for (const q of [`lat=${centre.lat}`, `lng=${centre.lng}`, 'radius=500', 'category=피자', `${at}&radius=0`, `${at}&radius=20001`, 'lat=91&lng=0']) {
      const res = await get(`/api/schedules?date=${date}&${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toMatch(/[가-힣]/);
    }
  });
});

describe('GET /api/schedules/calendar', () => {
  it('counts per day what the day list shows (same visibility and filters), with the sorted categories', async () => {
    const from = kstDate(t.clock.now(), 10);
    const to = kstDate(t.clock.now(), 12);
    const [, , , , gone] = await insert([
      { days: 10, hour: 13, category: '중식' },
      { days: 10, hour: 14, category: '한식' },
      { days: 10, hour: 15, category: '중식' },
      { days: 10, hour: 16, userId: blocked.id, category: '양식' },
      { days: 12, hour: 13, category: '카페', lat: 37.5665, lng: 126.978 },
      { days: 12, hour: 14, category: '카페', lat: 35.1796, lng: 129.0756 }, // Busan
      { days: 13, hour: 14 },
    ]);
    const res = await get(`/api/schedules/calendar?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { date: from, count: 3, categories: ['중식', '한식'] },
      { date: to, count: 2, categories: ['카페'] },
    ]);
    // The same numbers as walking each day's list with the same filters.
    for (const q of ['', '&category=중식', '&lat=37.5665&lng=126.978&radius=1000']) {
      const cal = (await get(`/api/schedules/calendar?from=${from}&to=${to}${q}`)).json() as Array<{ date: string; count: number }>;
      for (const day of [from, kstDate(t.clock.now(), 11), to]) {
        const list = await allPages<Row>(t, viewer.headers, `/api/schedules?date=${day}&limit=100${q}`);
        expect(cal.find((d) => d.date === day)?.count ?? 0, `${day} ${q}`).toBe(list.length);
      }
    }
    // A deleted schedule leaves the count.
    await t.app.db.update(schedules).set({ cancelledAt: t.clock.now() }).where(eq(schedules.id, gone!));
    expect((await get(`/api/schedules/calendar?from=${to}&to=${to}`)).json()).toEqual([{ date: to, count: 1, categories: ['카페'] }]);
  });

  it('without a position follows every write from the kept counts: started hours, hiding, restoring, moving, deleting, a new block either way (issue #33 item 4)', async () => {
    const from = kstDate(t.clock.now(), 0);
    const to = kstDate(t.clock.now(), 21);
    /** The calendar equals walking each day's list, with and without a category. */
    const matchesLists = async (who = viewer) => {
      for (const q of ['', '&category=중식']) {
        const cal = (await get(`/api/schedules/calendar?from=${from}&to=${to}${q}`, who.headers)).json() as Array<{ date: string; count: number; categories: string[] }>;
        for (let n = 0; n <= 21; n++) {
          const day = kstDate(t.clock.now(), n);
          const list = await allPages<Row>(t, who.headers, `/api/schedules?date=${day}&limit=100${q}`);
          const entry = cal.find((d) => d.date === day);
          expect(entry?.count ?? 0, `${day} ${q}`).toBe(list.length);
          expect(entry?.categories ?? [], `${day} ${q}`).toEqual([...new Set(list.map((s) => s.placeCategory))].sort());
        }
      }
    };
    const other = await t.quickMember({ name: '최다른이' });
    // At noon KST: the 11 o'clock meal of today has started, the 13 o'clock one has not.
    const [, , moved, hidden, theirs] = await insert([
      { days: 0, hour: 11, category: '중식' },
      { days: 0, hour: 13, category: '중식' },
      { days: 15, hour: 12, category: '중식' },
      { days: 15, hour: 12, category: '일식' },
      { days: 16, hour: 18, userId: other.id, category: '양식' },
      { days: 16, hour: 19, userId: blocked.id, category: '중식' },
    ]);
    await matchesLists();
    await t.app.db.update(schedules).set({ hiddenAt: t.clock.now() }).where(eq(schedules.id, hidden!));
    await matchesLists();
    await t.app.db.update(schedules).set({ hiddenAt: null }).where(eq(schedules.id, hidden!));
    await t.app.db.update(schedules).set({ date: kstDate(t.clock.now(), 17), hour: 9, placeCategory: '카페' }).where(eq(schedules.id, moved!));
    await matchesLists();
    await t.app.db.delete(schedules).where(eq(schedules.id, hidden!));
    await matchesLists();
    // other blocks the viewer: other's meal leaves the viewer's calendar, and the viewer's the other's.
    expect((await t.app.inject({ method: 'POST', url: '/api/blocks', headers: other.headers, payload: { userId: viewer.id } })).statusCode).toBe(201);
    await matchesLists();
    await matchesLists(other);
    const cal = (await get(`/api/schedules/calendar?from=${from}&to=${to}`)).json() as Array<{ date: string; categories: string[] }>;
    expect(cal.find((d) => d.date === kstDate(t.clock.now(), 16))?.categories ?? []).not.toContain('양식');
    expect(theirs).toBeGreaterThan(0);
    // An hour later the 13 o'clock meal of today has started too.
    t.clock.advance(60 * 60 * 1000 + 1);
    await matchesLists();
  });

  it('from/to outside the window, reversed or not dates → 400 in Korean; the whole window is fine', async () => {
    const d = (n: number) => kstDate(t.clock.now(), n);
    expect((await get(`/api/schedules/calendar?from=${d(0)}&to=${d(21)}`)).statusCode).toBe(200);
    for (const [from, to] of [[d(-1), d(3)], [d(0), d(22)], [d(5), d(4)], ['2026-02-30', d(3)]]) {
      const res = await get(`/api/schedules/calendar?from=${from}&to=${to}`);
      expect(res.statusCode, `${from} ${to}`).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
    }
    expect((await get(`/api/schedules/calendar?from=${d(0)}`)).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/schedules/calendar?from=${d(0)}&to=${d(1)}` })).statusCode).toBe(401);
  });
});
