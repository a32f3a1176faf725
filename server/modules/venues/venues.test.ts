import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFoodCategory } from '../../../common/domain/categories.ts';
import { FOOD_CATEGORIES } from '../../../common/domain/vocabulary.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { createSchedule } from '../../test/schedule-fixtures.ts';
import { DEMO_VENUES } from './demo-venues.ts';

type V = { id: string; place_name: string; category_name: string; x: string; y: string; distance: number; address_name: string; road_address_name: string; phone: string; place_url: string };
const CENTRE = { lat: 37.5665, lng: 126.978 };
const url = (q: Record<string, string | number>) => `/api/venues?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;

describe('GET /api/venues — own catalogue (DEMO DATA + members\' venues)', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<TestApp['quickMember']>>;
  const get = async (q: Record<string, string | number>) => {
    const res = await t.app.inject({ url: url(q), headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as V[];
  };
  beforeAll(async () => {
    t = await createTestApp({ demoVenues: true });
    m = await t.quickMember();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo catalogue has at least 60 venues in all 7 categories, sorted by distance in rounded metres', async () => {
    expect(DEMO_VENUES.length).toBeGreaterThanOrEqual(60);
    expect(DEMO_VENUES.every((v) => v.id.startsWith('demo-'))).toBe(true);
    const all = await get({ ...CENTRE, radius: 20000 });
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((v) => toFoodCategory(v.category_name)))).toEqual(new Set(FOOD_CATEGORIES));
    expect(all.every((v) => Number.isInteger(v.distance) && v.distance >= 0)).toBe(true);
    expect(all.map((v) => v.distance)).toEqual([...all.map((v) => v.distance)].sort((a, b) => a - b));
    expect(all[0]).toEqual({
      id: expect.stringMatching(/^demo-/),
      place_name: expect.any(String),
      category_name: expect.stringContaining('음식점'),
      address_name: expect.stringContaining('서울'),
      road_address_name: expect.stringContaining('서울'),
      phone: '',
      place_url: '',
      x: expect.stringMatching(/^126\./),
      y: expect.stringMatching(/^37\./),
      distance: expect.any(Number),
    });
  });

  it('radius in metres; falls back to 2000', async () => {
    const near = await get({ ...CENTRE, radius: 300 });
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((v) => v.distance <= 300)).toBe(true);
    const fallback = await get(CENTRE);
    const explicit = await get({ ...CENTRE, radius: 2000 });
    expect(fallback).toEqual(explicit);
    expect(fallback.every((v) => v.distance <= 2000)).toBe(true);
    expect(fallback.length).toBeGreaterThan(near.length);
    const mid = await get({ ...CENTRE, radius: 1000 });
    expect(mid.length).toBeLessThan(fallback.length); // a few demo venues lie between 1 and 2 km
    expect(mid.length).toBeGreaterThan(near.length);
    expect(await get({ lat: 35.1796, lng: 129.0756 })).toEqual([]); // Busan
  });

  it('category filter uses the SPEC §3 mapping; empty category means all; unknown category 400', async () => {
    for (const category of FOOD_CATEGORIES) {
      const list = await get({ ...CENTRE, radius: 20000, category });
      expect(list.length, category).toBeGreaterThan(0);
      expect(list.every((v) => toFoodCategory(v.category_name) === category), category).toBe(true);
    }
    expect((await get({ ...CENTRE, radius: 20000, category: '양식' })).some((v) => v.category_name === '음식점 > 이탈리안')).toBe(true);
    expect((await get({ ...CENTRE, radius: 20000, category: '카페' })).some((v) => v.category_name === '음식점 > 커피전문점')).toBe(true);
    expect(await get({ ...CENTRE, category: '' })).toEqual(await get(CENTRE));
    const bad = await t.app.inject({ url: url({ ...CENTRE, category: '피자' }), headers: m.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: '음식 종류가 올바르지 않아요.', code: 'BAD_CATEGORY' });
  });

  it('a venue used in a schedule becomes searchable', async () => {
    await createSchedule(t, m.headers, { placeName: '새로 생긴 국숫집', placeCategory: '분식', venueId: 'kakao-123456', latitude: 37.5668, longitude: 126.9785 });
    const list = await get({ ...CENTRE, radius: 500, category: '분식' });
    const found = list.find((v) => v.id === 'kakao-123456');
    expect(found).toMatchObject({ place_name: '새로 생긴 국숫집', category_name: '음식점 > 분식', x: '126.9785', y: '37.5668' });
    expect(found!.distance).toBe(Math.round(found!.distance));
    expect(found!.distance).toBeGreaterThan(40);
    expect(found!.distance).toBeLessThan(60);
    // Without coordinates nothing is added.
    await createSchedule(t, m.headers, { placeName: '좌표 없음', venueId: 'kakao-999' });
    expect((await get({ ...CENTRE, radius: 20000 })).some((v) => v.id === 'kakao-999')).toBe(false);
  });

  it('members only; invalid queries 400', async () => {
    expect((await t.app.inject({ url: url(CENTRE) })).statusCode).toBe(401);
    for (const q of [{ lat: 37.5 }, { lat: 'abc', lng: 126.9 }, { ...CENTRE, radius: 0 }, { ...CENTRE, radius: 20001 }, { lat: 91, lng: 0 }]) {
      const res = await t.app.inject({ url: url(q as Record<string, string | number>), headers: m.headers });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
    }
  });
});

describe('GET /api/venues — Kakao Local (stand-in server)', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<TestApp['quickMember']>>;
  let server: Server;
  const calls: Array<{ url: URL; authorization: string | undefined }> = [];
  let failNext = false;
  const KEY = 'test-rest-key-0123456789';

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      calls.push({ url: u, authorization: req.headers.authorization });
      if (failNext) {
        failNext = false;
        res.writeHead(500).end('{}');
        return;
      }
      const x = Number(u.searchParams.get('x'));
      const y = Number(u.searchParams.get('y'));
      const doc = (id: string, name: string, category: string, dLat: number) => ({
        id, place_name: name, category_name: category, category_group_code: 'FD6', address_name: '서울 중구 어딘가 1', road_address_name: '서울 중구 어딘가로 1',
        phone: '02-000-0000', place_url: `http://place.map.kakao.com/${id}`, x: String(x), y: String(y + dLat), distance: '0',
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          meta: { total_count: 4, pageable_count: 4, is_end: true },
          documents: [
            doc('3', '먼 한식당', '음식점 > 한식 > 국밥', 0.009),
            doc('1', '가까운 한식당', '음식점 > 한식', 0.001),
            doc('2', '중간 카페', '음식점 > 카페 > 커피전문점', 0.004),
            doc('4', '반경 밖', '음식점 > 한식', 0.05),
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    t = await createTestApp({ env: { KAKAO_REST_API_KEY: KEY, KAKAO_LOCAL_BASE_URL: `http://127.0.0.1:${port}` } });
    m = await t.quickMember();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('calls Kakao with the key in the header, maps and sorts the answer, never leaks the key', async () => {
    const res = await t.app.inject({ url: url({ ...CENTRE, radius: 2000 }), headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(KEY);
    const list = res.json() as V[];
    expect(list.map((v) => v.place_name)).toEqual(['가까운 한식당', '중간 카페', '먼 한식당']);
    expect(list[0]).toEqual({
      id: '1', place_name: '가까운 한식당', category_name: '음식점 > 한식', address_name: '서울 중구 어딘가 1', road_address_name: '서울 중구 어딘가로 1',
      phone: '02-000-0000', place_url: 'http://place.map.kakao.com/1', x: '126.978', y: String(37.5665 + 0.001), distance: 111,
    });
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.authorization).toBe(`KakaoAK ${KEY}`);
    expect(call.url.pathname).toBe('/v2/local/search/keyword.json');
    expect(Object.fromEntries(call.url.searchParams)).toMatchObject({ query: '맛집', x: '126.9780', y: '37.5665', radius: '2000', sort: 'distance' });
    expect(call.url.searchParams.has('key')).toBe(false);
  });

  it('answers a repeated search from the cache for 60 s', async () => {
    const q = url({ ...CENTRE, radius: 1500 });
    const first = await t.app.inject({ url: q, headers: m.headers });
    const before = calls.length;
    const second = await t.app.inject({ url: q, headers: m.headers });
    expect(second.json()).toEqual(first.json());
    expect(calls.length).toBe(before);
    t.clock.advance(61_000);
    await t.app.inject({ url: q, headers: m.headers });
    expect(calls.length).toBe(before + 1);
  });

  it('the category is the keyword and filters the answer', async () => {
    const res = await t.app.inject({ url: url({ ...CENTRE, category: '카페', radius: 3000 }), headers: m.headers });
    expect(res.json().map((v: V) => v.place_name)).toEqual(['중간 카페']);
    expect(calls.at(-1)!.url.searchParams.get('query')).toBe('카페');
  });

  it('an upstream failure is a 502 in Korean', async () => {
    failNext = true;
    const res = await t.app.inject({ url: url({ ...CENTRE, radius: 999 }), headers: m.headers });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: '주변 식당 정보를 불러오지 못했어요. 잠시 후 다시 시도해주세요.', code: 'VENUES_UNAVAILABLE' });
    expect(res.body).not.toContain(KEY);
  });
});
