/**
 * `npm run bench:api` (issue #19 item 6): throughput of the app's list path against what the same
 * work costs without the app, on PostgreSQL (when `DATABASE_URL` is set) and on PGlite.
 *
 * Three HTTP servers on this process, each loaded by autocannon (in a worker thread, 10
 * connections, `--seconds` per run, default 5), alternated A B C A B C … for `--rounds` (default 3)
 * so the machine's noise falls on all three alike:
 * - **app**: `GET /api/schedules?date={tomorrow}&limit=20` as a signed-in member (20 rows with the
 *   author, their review figures and the seats taken), through every plugin of the real app;
 * - **bare**: a bare Fastify route on the same database doing the same reads with one hand-written
 *   SQL statement (postgres.js or the PGlite client) and `JSON.stringify`;
 * - **indexed** (issue #33 item 5): a bare Fastify route doing one indexed SELECT of the same 20
 *   schedule rows (`where date = $1 order by hour, id limit 20`, no joins) and `JSON.stringify`;
 * - **hello**: a bare Fastify route answering `{hello: 'world'}`.
 * Prints requests/s (median of the rounds) and the ratios app/hello, app/bare and app/indexed; the
 * goals are ≥ 35 % of hello on PostgreSQL, ≥ 80 % of bare (issue #19) and ≥ 40 % of indexed on
 * both databases (issue #33). Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql as dsql } from 'drizzle-orm';
import Fastify from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { DbTarget } from '../server/db/database.ts';
import { seedScale } from '../server/test/scale-seed.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const SECONDS = Number(arg('seconds', '5'));
const ROUNDS = Number(arg('rounds', '3'));
const ROWS = Number(arg('rows', '10000'));

/** The same reads as the app's day list, in one statement: `$1` the KST date. */
const BARE_SQL = `
  select s.id, s.date::text as date, s.hour as time, s.text, s.place_name as "placeName", s.place_category as "placeCategory",
    s.participants, 1 + coalesce(m.taken, 0) as "currentParticipants", s.latitude, s.longitude, s.venue_id as "venueId",
    json_build_object('id', u.id, 'name', u.name, 'profileImage', u.profile_image, 'preferences', u.preferences,
      'reviewCount', coalesce(r.n, 0), 'averageRating', coalesce(r.avg, 0)) as "user"
  from schedules s
  join users u on u.id = s.user_id
  left join lateral (select count(*)::int as taken from match_requests mr where mr.schedule_id = s.id and mr.status in ('ACCEPTED', 'CONFIRMED')) m on true
  left join lateral (select count(*)::int as n, round(avg(rating)::numeric, 1)::float8 as avg from reviews where reviewee_id = u.id) r on true
  where s.date = $1::date
  order by s.hour, s.id
  limit 20`;

/** Issue #33 item 5's peer: one indexed SELECT of the same 20 rows, `$1` the KST date. */
const INDEXED_SQL = `select * from schedules where date = $1::date order by hour, id limit 20`;

type Query = (date: string, statement?: string) => Promise<unknown[]>;

async function load(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: SECONDS, headers, workers: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(label: string, target: DbTarget, bareQuery: (app: Awaited<ReturnType<typeof buildApp>>) => Query, cleanup: () => Promise<void>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-bench-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'none') });
  const app = await buildApp(config, { database: target, logger: false, demoVenues: false });
  const bare = Fastify({ logger: false });
  const indexed = Fastify({ logger: false });
  const hello = Fastify({ logger: false });
  try {
    const execute = async (statement: string) => {
      const result = (await app.db.execute(dsql.raw(statement))) as unknown as { rows?: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
      return Array.isArray(result) ? result : (result.rows ?? []);
    };
    const viewer = await seedScale(execute, ROWS, ['schedules', 'matches', 'reviews']);
    const [row] = await execute(`select token_version, (select min(date)::text from schedules) as day from users where id = ${viewer}`);
    const day = String(row!.day);
    const token = await app.tokens.sign({ id: viewer, tokenVersion: Number(row!.token_version) });
    const query = bareQuery(app);
    bare.get('/day', async (_request, reply) => reply.type('application/json').send(JSON.stringify(await query(day))));
    indexed.get('/day', async (_request, reply) => reply.type('application/json').send(JSON.stringify(await query(day, INDEXED_SQL))));
    hello.get('/hello', async () => ({ hello: 'world' }));
    const appUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/schedules?date=${day}&limit=20`;
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/day`;
    const indexedUrl = `${await indexed.listen({ port: 0, host: '127.0.0.1' })}/day`;
    const helloUrl = `${await hello.listen({ port: 0, host: '127.0.0.1' })}/hello`;
    const check = await fetch(appUrl, { headers: { authorization: `Bearer ${token}` } });
    const rows = (await check.json()) as unknown[];
    if (!check.ok || !Array.isArray(rows)) throw new Error(`app answered ${check.status}`);
    const bareRows = (await (await fetch(bareUrl)).json()) as unknown[];
    const indexedRows = (await (await fetch(indexedUrl)).json()) as unknown[];
    console.log(`\n${label}: ${ROWS.toLocaleString('en')} schedules; the day list answers ${rows.length} rows (bare: ${bareRows.length}, indexed: ${indexedRows.length})`);
    const figures = { app: [] as number[], bare: [] as number[], indexed: [] as number[], hello: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      figures.app.push(await load(appUrl, { authorization: `Bearer ${token}` }));
      figures.bare.push(await load(bareUrl));
      figures.indexed.push(await load(indexedUrl));
      figures.hello.push(await load(helloUrl));
      console.log(
        `  round ${round}: app ${figures.app.at(-1)!.toFixed(0)} · bare ${figures.bare.at(-1)!.toFixed(0)} · indexed ${figures.indexed.at(-1)!.toFixed(0)} · hello ${figures.hello.at(-1)!.toFixed(0)} req/s`,
      );
    }
    const [a, b, i, h] = [median(figures.app), median(figures.bare), median(figures.indexed), median(figures.hello)];
    const pct = (x: number, y: number) => `${((x / y) * 100).toFixed(1)} %`;
    console.log(`  median req/s: app ${a.toFixed(0)}, same-work bare ${b.toFixed(0)}, indexed SELECT ${i.toFixed(0)}, hello ${h.toFixed(0)}`);
    console.log(`  app / hello = ${pct(a, h)}   app / same-work bare = ${pct(a, b)}   app / indexed SELECT = ${pct(a, i)}`);
    return { label, a, b, i, h };
  } finally {
    await Promise.allSettled([app.close(), bare.close(), indexed.close(), hello.close()]);
    await cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const summaries: Array<{ label: string; a: number; b: number; i: number; h: number }> = [];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  const name = `bs_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 10, onnotice: () => {} });
  summaries.push(
    await run('PostgreSQL', { kind: 'postgres', url: url.toString() }, () => (date, statement = BARE_SQL) => client.unsafe(statement, [date]), async () => {
      await client.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    }),
  );
} else {
  console.log('DATABASE_URL is not set: PostgreSQL skipped (e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api)');
}
summaries.push(
  await run(
    'PGlite (embedded)',
    { kind: 'pglite-memory' },
    // PGlite is one in-process database: the bare route uses the app's own PGlite client.
    (app) => {
      const client = (app.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;
      return async (date, statement = BARE_SQL) => (await client.query(statement, [date])).rows;
    },
    async () => {},
  ),
);
console.log('\n| database | app req/s | same-work bare | indexed SELECT | hello | app / hello | app / bare | app / indexed |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const s of summaries) {
  const pct = (x: number, y: number) => `${((x / y) * 100).toFixed(1)} %`;
  console.log(`| ${s.label} | ${s.a.toFixed(0)} | ${s.b.toFixed(0)} | ${s.i.toFixed(0)} | ${s.h.toFixed(0)} | ${pct(s.a, s.h)} | ${pct(s.a, s.b)} | ${pct(s.a, s.i)} |`);
}
