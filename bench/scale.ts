/**
 * `npm run bench:scale` (issue #19 item 8): how every list endpoint grows with the tables.
 *
 * For each size (default 1k, 10k, 100k rows per table; `--sizes 1000,10000`) a new PostgreSQL
 * database (from `DATABASE_URL`, dropped afterwards) is migrated and seeded straight with SQL:
 * members (a tenth of the size), schedules over the 22-day window, one match request per schedule,
 * posts with a comment and a like each, reviews, notifications and venues around central Seoul. A
 * "viewer" member owns a tenth of the per-member rows (hosts 10 % of the schedules, sent 10 % of the
 * requests, received 10 % of the reviews and notifications), so per-member lists grow with the
 * table too. Each endpoint is called through the app (`app.inject`, full serialisation) once to
 * warm up and then `--runs` times (default 5) as the viewer; the table prints the median in ms,
 * the answer's size and status. Then the heaviest lists are requested together while `/healthz`
 * is timed (item 5: nothing proportional to a table may hold the event loop).
 *
 * Needs DATABASE_URL (PostgreSQL; the issue's figures are PostgreSQL's). Prints figures; asserts
 * nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { addDaysIso, todayKst } from '../common/domain/schedule.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:scale needs DATABASE_URL (PostgreSQL), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale');
  process.exit(2);
}
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const SIZES = arg('sizes', '1000,10000,100000').split(',').map(Number);
const RUNS = Number(arg('runs', '5'));

/** Seeds `n` rows per table; answers the viewer's id. */
async function seed(sql: postgres.Sql, n: number): Promise<number> {
  const members = Math.max(100, Math.floor(n / 10));
  const today = todayKst();
  await sql`insert into users (email, name, password_hash, is_new_user, preferences, terms_version, privacy_version, consented_at, safety_guide_seen_at)
    select 'bench' || g || '@example.com', '회원' || g, 'x', false, '{"한식": true}'::jsonb, '2026-11-26', '2026-11-26', now(), now()
    from generate_series(1, ${members}) g`;
  const [viewer] = await sql<{ id: number }[]>`select id from users order by id limit 1`;
  const v = viewer!.id;
  // Schedules: dates over the window (tomorrow on, so none has started), the viewer hosts every 10th.
  await sql`insert into schedules (user_id, date, hour, text, place_name, place_category, participants, latitude, longitude)
    select case when g % 10 = 0 then ${v} else ${v} + 1 + (g % (${members} - 1)) end,
      (${today}::date + 1 + (g % 20))::date, 8 + (g % 14), '같이 식사해요 ' || g, '식당' || (g % 500), '한식', 4,
      37.55 + (g % 1000) / 10000.0, 126.97 + (g % 997) / 10000.0
    from generate_series(1, ${n}) g`;
  // One request per schedule; the viewer sends every 10th (never on their own schedule).
  await sql`insert into match_requests (schedule_id, requester_id, status)
    select s.id, case when s.id % 10 = 5 and s.user_id <> ${v} then ${v} else case when s.user_id = ${v} + 1 then ${v} + 2 else ${v} + 1 end end,
      (array['PENDING','ACCEPTED','CONFIRMED'])[1 + s.id % 3]
    from schedules s`;
  await sql`insert into posts (author_id, title, content, tags, likes)
    select ${v} + (g % ${members}), '맛집 소개 ' || g, '<p>정말 맛있어요 ' || g || '</p>', '["한식"]'::jsonb, 1
    from generate_series(1, ${n}) g`;
  await sql`insert into post_comments (post_id, author_id, text) select id, author_id, '좋아요' from posts`;
  await sql`insert into post_likes (post_id, user_id) select id, author_id from posts`;
  await sql`insert into reviews (match_id, reviewer_id, reviewee_id, rating, comment)
    select g, ${v} + 1 + (g % (${members} - 1)), case when g % 10 = 0 then ${v} else ${v} + 1 + ((g + 1) % (${members} - 1)) end, 1 + g % 5, '즐거웠어요'
    from generate_series(1, ${n}) g`;
  await sql`insert into notifications (user_id, type, message, link)
    select case when g % 10 = 0 then ${v} else ${v} + (g % ${members}) end, 'new_match_request', '매칭 요청이 왔어요.', '/match-requests'
    from generate_series(1, ${n}) g`;
  await sql`insert into venues (id, place_name, category_name, latitude, longitude, source)
    select 'bench-' || g, '식당' || g, '음식점 > 한식', 37.40 + (g % 3001) / 10000.0, 126.80 + (g % 2999) / 10000.0, 'member'
    from generate_series(1, ${n}) g`;
  await sql`analyze`;
  return v;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The list endpoints, as the viewer calls them. */
const ENDPOINTS = [
  '/api/board',
  '/api/recommendations',
  // Issue #19 item 3: what the matching page asks for — one day's first page and the calendar's dots.
  `/api/schedules?date=${addDaysIso(todayKst(), 1)}&lat=37.5665&lng=126.978&radius=5000`,
  `/api/schedules/calendar?from=${todayKst()}&to=${addDaysIso(todayKst(), 21)}&lat=37.5665&lng=126.978&radius=5000`,
  '/api/schedules',
  '/api/schedules/my',
  '/api/matches',
  '/api/matches/sent',
  '/api/reviews/my',
  '/api/notifications',
  '/api/venues?lat=37.5665&lng=126.978&radius=20000',
];

const results = new Map<string, Map<number, string>>();
const healthz = new Map<number, string>();

for (const n of SIZES) {
  const name = `bs_bench_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bs-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'none') });
  const app = await buildApp(config, { database: { kind: 'postgres', url: url.toString() }, logger: false, demoVenues: false });
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const started = performance.now();
    const viewer = await seed(sql, n);
    const [row] = await sql<{ token_version: number }[]>`select token_version from users where id = ${viewer}`;
    const token = await app.tokens.sign({ id: viewer, tokenVersion: row!.token_version, email: 'bench1@example.com' });
    const headers = { authorization: `Bearer ${token}` };
    console.log(`\n${n.toLocaleString('en')} rows per table: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (const endpoint of ENDPOINTS) {
      await app.inject({ url: endpoint, headers });
      const times: number[] = [];
      let last = { statusCode: 0, body: '' };
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        last = await app.inject({ url: endpoint, headers });
        times.push(performance.now() - t0);
      }
      const cell = `${median(times).toFixed(0)} ms · ${(last.body.length / 1024).toFixed(0)} KiB${last.statusCode === 200 ? '' : ` · ${last.statusCode}`}`;
      console.log(`  ${endpoint.padEnd(52)} ${cell}`);
      if (!results.has(endpoint)) results.set(endpoint, new Map());
      results.get(endpoint)!.set(n, cell);
    }
    // Item 5: /healthz while the heaviest lists run together.
    const heavy = Promise.all(['/api/board', '/api/recommendations', '/api/schedules', '/api/venues?lat=37.5665&lng=126.978&radius=20000'].map((u) => app.inject({ url: u, headers })));
    const probes: number[] = [];
    let done = false;
    void heavy.then(() => (done = true));
    while (!done) {
      const t0 = performance.now();
      await app.inject({ url: '/healthz' });
      probes.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
    const worst = Math.max(...probes);
    healthz.set(n, `${worst.toFixed(0)} ms worst of ${probes.length}`);
    console.log(`  /healthz during the heaviest lists: ${healthz.get(n)}`);
  } finally {
    await sql.end();
    await app.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`\n| endpoint (median of ${RUNS}, as the viewer) | ${SIZES.map((n) => n.toLocaleString('en')).join(' | ')} |`);
console.log(`| --- | ${SIZES.map(() => '---').join(' | ')} |`);
for (const [endpoint, cells] of results) console.log(`| \`${endpoint}\` | ${SIZES.map((n) => cells.get(n) ?? '—').join(' | ')} |`);
console.log(`| /healthz meanwhile | ${SIZES.map((n) => healthz.get(n) ?? '—').join(' | ')} |`);
