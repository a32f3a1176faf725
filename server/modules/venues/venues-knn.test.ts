/**
 * issue #19 item 4: `GET /api/venues` orders and cuts in SQL (GiST on ll_to_earth, KNN `<->`),
 * with the same answers as the former "whole bounding box, sort in JavaScript" search. 5 000
 * venues written straight into the database, spread over ±17 km around the centre.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFoodCategory } from '../../../common/domain/categories.ts';
import { distanceMetres } from '../../../common/domain/geo.ts';
import { venues } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';

type V = { id: string; place_name: string; category_name: string; x: string; y: string; distance: number; address_name: string; road_address_name: string; phone: string; place_url: string };
const CENTRE = { lat: 37.5665, lng: 126.978 };
const COUNT = 5000;
const url = (q: Record<string, string | number>) => `/api/venues?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;

describe('GET /api/venues — nearest first in SQL over many venues', () => {
  let t: TestApp;
  let m: Awaited<ReturnType<TestApp['quickMember']>>;
  let all: Array<{ id: string; place_name: string; category_name: string; lat: number; lng: number }>;

  /** The former algorithm: every row of the catalogue (id order), haversine, filter, stable sort, first 200. */
  const reference = (radius: number, category?: string) =>
    all
      .filter((v) => !category || toFoodCategory(v.category_name) === category)
      .map((v) => ({ id: v.id, place_name: v.place_name, distance: Math.round(distanceMetres(CENTRE, { lat: v.lat, lng: v.lng })) }))
      .filter((v) => v.distance <= radius)
      .sort((a, b) => a.distance - b.distance || a.place_name.localeCompare(b.place_name, 'ko'))
      .slice(0, 200);

  const get = async (q: Record<string, string | number>) => {
    const res = await t.app.inject({ url: url(q), headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as V[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    m = await t.quickMember();
    // Pseudo-random but fixed positions; names repeat (ties on rounded distance fall back to the
    // name, then the id); one venue in 50 is 분식 (a category filter that needs larger batches).
    await t.app.db.execute(sql`
      insert into venues (id, place_name, category_name, latitude, longitude, source)
      select 'knn-' || lpad(i::text, 5, '0'),
             '식당 ' || (i % 997),
             case when i % 50 = 0 then '음식점 > 분식' when i % 3 = 0 then '음식점 > 한식' else '음식점 > 양식 > 이탈리안' end,
             ${CENTRE.lat} + ((i * 7919) % 3001 - 1500) / 1500.0 * 0.15,
             ${CENTRE.lng} + ((i * 104729) % 3001 - 1500) / 1500.0 * 0.19,
             'demo'
      from generate_series(1, ${COUNT}) as i`);
    await t.app.db.execute(sql`analyze venues`);
    all = (await t.app.db.select().from(venues))
      .map((r) => ({ id: r.id, place_name: r.placeName, category_name: r.categoryName, lat: r.latitude, lng: r.longitude }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(all).toHaveLength(COUNT);
  });
  afterAll(async () => {
    await t.close();
  });

  it('a 20 km radius answers the nearest 200, in order, as the full scan did', async () => {
    const expected = reference(20000);
    expect(expected).toHaveLength(200);
    const answer = await get({ ...CENTRE, radius: 20000 });
    expect(answer.map((v) => ({ id: v.id, place_name: v.place_name, distance: v.distance }))).toEqual(expected);
    expect(answer.map((v) => v.distance)).toEqual([...answer.map((v) => v.distance)].sort((a, b) => a - b));
  });

  it('small radii and a rare category give the same answers as the full scan', async () => {
    for (const radius of [300, 1000, 2000, 5000]) {
      const answer = await get({ ...CENTRE, radius });
      expect(answer.map((v) => ({ id: v.id, place_name: v.place_name, distance: v.distance })), String(radius)).toEqual(reference(radius));
    }
    const rare = reference(20000, '분식');
    expect(rare.length).toBeGreaterThan(20);
    const answer = await get({ ...CENTRE, radius: 20000, category: '분식' });
    expect(answer.map((v) => ({ id: v.id, place_name: v.place_name, distance: v.distance }))).toEqual(rare);
    const korean = await get({ ...CENTRE, radius: 20000, category: '한식' });
    expect(korean.map((v) => ({ id: v.id, place_name: v.place_name, distance: v.distance }))).toEqual(reference(20000, '한식'));
  });

  it('the plan reads the GiST index nearest-first (no sort of the box)', async () => {
    const centre = sql`ll_to_earth(${CENTRE.lat}, ${CENTRE.lng})`;
    const result = await t.app.db.execute(sql`
      explain (format json)
      select * from venues
      where latitude between -90 and 90 and longitude between -180 and 180
      order by ll_to_earth(latitude, longitude) <-> ${centre}
      limit 400`);
    // postgres-js answers the rows, PGlite `{ rows }`.
    const plan = JSON.stringify((result as { rows?: unknown }).rows ?? result);
    expect(plan).toContain('"Node Type":"Index Scan"');
    expect(plan).toContain('"Index Name":"venues_earth_idx"');
    expect(plan).toContain('"Order By"');
    expect(plan).not.toContain('"Node Type":"Sort"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });
});
