/**
 * `npm run bench:venues` (issue #19 item 4): `GET /api/venues`' catalogue search at 1k, 10k and
 * 100k venues around Seoul, the former way (the whole bounding box through the b-tree on
 * (latitude, longitude), distances, sort and cut in JavaScript) against the current one (KNN on the
 * GiST index, LIMIT in SQL). Median of 5 per case, radius 20 km and 2 km, no category.
 * On PostgreSQL when DATABASE_URL is set (a scratch database is created and dropped), else on an
 * in-memory PGlite.
 */
import postgres from 'postgres';
import { and, asc, between, sql } from 'drizzle-orm';
import { boundingBox, distanceMetres } from '../common/domain/geo.ts';
import { venues } from '../server/db/schema.ts';
import { openDatabase, type Database } from '../server/db/database.ts';
import { createVenuesService } from '../server/modules/venues/service.ts';

const CENTRE = { lat: 37.5665, lng: 126.978 };
const RUNS = 5;

/** The former search (before migration 0012): box, haversine, sort, first 200. */
async function former(db: Database, radius: number): Promise<number> {
  const box = boundingBox(CENTRE, radius);
  const rows = await db
    .select()
    .from(venues)
    .where(and(between(venues.latitude, box.minLat, box.maxLat), between(venues.longitude, box.minLng, box.maxLng)))
    .orderBy(asc(venues.id));
  return rows
    .map((r) => ({ name: r.placeName, distance: Math.round(distanceMetres(CENTRE, { lat: r.latitude, lng: r.longitude })) }))
    .filter((v) => v.distance <= radius)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name, 'ko'))
    .slice(0, 200).length;
}

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const adminUrl = process.env.DATABASE_URL;
const name = `bs_bench_venues_${process.pid}`;
let target: Parameters<typeof openDatabase>[0] = { kind: 'pglite-memory' };
if (adminUrl) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  target = { kind: 'postgres', url: url.toString() };
}
const { db, close } = await openDatabase(target);
try {
  const service = createVenuesService({ db, now: () => new Date(), kakao: undefined });
  console.log(`database: ${target.kind}; median of ${RUNS} ms`);
  console.log('| venues | radius | former (box + JS sort) | KNN in SQL |');
  console.log('|---:|---:|---:|---:|');
  let have = 0;
  for (const count of [1_000, 10_000, 100_000]) {
    // Spread over ±33 km × ±34 km, so 20 km holds a good part of them.
    await db.execute(sql`
      insert into venues (id, place_name, category_name, latitude, longitude, source)
      select 'b-' || lpad(i::text, 6, '0'), '식당 ' || i, '음식점 > 한식',
             ${CENTRE.lat} + ((i::bigint * 7919) % 30011 - 15005) / 15005.0 * 0.3,
             ${CENTRE.lng} + ((i::bigint * 104729) % 30011 - 15005) / 15005.0 * 0.38, 'demo'
      from generate_series(${have + 1}::int, ${count}::int) as i`);
    have = count;
    await db.execute(sql`analyze venues`);
    for (const radius of [20_000, 2_000]) {
      await db.execute(sql`create index if not exists venues_lat_lng_idx on venues (latitude, longitude)`);
      const before = await median(() => former(db, radius));
      await db.execute(sql`drop index venues_lat_lng_idx`);
      const after = await median(() => service.search({ ...CENTRE, radius }));
      console.log(`| ${count} | ${radius / 1000} km | ${before.toFixed(1)} | ${after.toFixed(1)} |`);
    }
  }
} finally {
  await close();
  if (adminUrl) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
